/// Core Data model import: read the model, then map it as NSPersistentCloudKitContainer does.
public enum CoreDataImporter {
    /// The schema, when the model could be read, and every diagnostic.
    public static func importModel(contentsOf path: String) -> (schema: Schema?, diagnostics: [Diagnostic]) {
        let read = CoreDataModelReader.read(contentsOf: path)
        guard let model = read.model else { return (nil, read.diagnostics) }
        let mapped = CoreDataCloudKitMapper.makeSchema(from: model)
        return (mapped.schema, (read.diagnostics + mapped.diagnostics).sorted())
    }
}
