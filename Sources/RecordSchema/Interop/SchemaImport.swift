import Foundation

/// `recordgen import`: a `.ckdb` or a Core Data model becomes `.records.xml` text, and that text is read back
/// and validated like any schema file, so an import that would not validate is caught here, not by the user.
public enum SchemaImport {
    /// What an import produced.
    public struct Outcome: Sendable {
        /// The `.records.xml` text; nil when the input could not be read.
        public var xml: String?
        /// The imported schema.
        public var schema: Schema?
        /// The import's warnings and errors (input locations), then any finding of validating the output.
        public var diagnostics: [Diagnostic]
    }

    /// The formats `import` reads, told apart by the path.
    public enum Format: Sendable, Hashable {
        case ckdb, coreData

        /// `.ckdb` files; Core Data bundles, version folders and `contents` files. Nil for anything else.
        public init?(path: String) {
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            let last = (trimmed as NSString).lastPathComponent
            if last.hasSuffix(".ckdb") {
                self = .ckdb
            } else if last.hasSuffix(".xcdatamodeld") || last.hasSuffix(".xcdatamodel") || last == "contents"
                        || last.hasSuffix(".contents.xml") {
                self = .coreData
            } else {
                return nil
            }
        }
    }

    /// Imports the file at `path`; `outputPath` names the written file in findings about the output.
    public static func run(path: String, format: Format, outputPath: String) -> Outcome {
        let imported: (schema: Schema?, diagnostics: [Diagnostic], source: String)
        switch format {
        case .ckdb:
            do {
                let result = try CKDBImporter.importSchema(contentsOf: path)
                imported = (result.schema, result.diagnostics, "the CloudKit schema \(path)")
            } catch {
                return Outcome(xml: nil, schema: nil, diagnostics: [error.diagnostic])
            }
        case .coreData:
            let result = CoreDataImporter.importModel(contentsOf: path)
            imported = (result.schema, result.diagnostics, "the Core Data model \(path), as NSPersistentCloudKitContainer mirrors it")
        }
        guard let schema = imported.schema else {
            return Outcome(xml: nil, schema: nil, diagnostics: imported.diagnostics)
        }
        let xml = RecordsXMLWriter.write(schema, comments: ["Imported by recordgen from \(imported.source)."])
        let check = validate(xml, path: outputPath)
        return Outcome(xml: xml, schema: schema, diagnostics: (imported.diagnostics + check).sorted())
    }

    /// Reads the written text back and runs the semantic rules: any finding is a bug of the import.
    public static func validate(_ xml: String, path: String) -> [Diagnostic] {
        let (schema, readDiagnostics) = SchemaReader.read(data: Data(xml.utf8), path: path)
        guard let schema else { return readDiagnostics }
        return readDiagnostics + SchemaValidator.validate(schema)
    }
}
