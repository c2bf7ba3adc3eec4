/// Core Data model import: read the model, then map it as NSPersistentCloudKitContainer does.
public enum CoreDataImporter {
    /// The schema, when the model could be read, and every diagnostic.
    public static func importModel(contentsOf path: String) -> SchemaResult {
        let read = CoreDataModelReader.read(contentsOf: path)
        guard let model = read.model else { return SchemaResult(schema: nil, diagnostics: read.diagnostics) }
        let mapped = CoreDataCloudKitMapper.makeSchema(from: model)
        return SchemaResult(schema: mapped.schema, diagnostics: (read.diagnostics + mapped.diagnostics).sorted())
    }
}
