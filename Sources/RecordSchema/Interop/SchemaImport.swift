import Foundation

/// `recordgen import`: a `.ckdb` or a Core Data model becomes `.records.xml` text, and that text is read back
/// and validated like any schema file, so an import that would not validate is caught here, not by the user.
public enum SchemaImport {
    /// What an import produced.
    public struct Outcome: Sendable {
        /// The `.records.xml` text; nil when the input could not be read.
        public var xml: String?
        /// The imported schema, with the import's warnings and errors (input locations) and any finding of
        /// validating the output.
        public var result: SchemaResult

        /// The imported schema.
        public var schema: Schema? { result.schema }
        /// The import's diagnostics, then any finding of validating the output.
        public var diagnostics: [Diagnostic] { result.diagnostics }
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
        let imported: SchemaResult
        let source: String
        switch format {
        case .ckdb:
            imported = importCKDB(path)
            source = "the CloudKit schema \(path)"
        case .coreData:
            imported = CoreDataImporter.importModel(contentsOf: path)
            source = "the Core Data model \(path), as NSPersistentCloudKitContainer mirrors it"
        }
        guard let schema = imported.schema else {
            return Outcome(xml: nil, result: imported)
        }
        let xml = RecordsXMLWriter.write(schema, comments: ["Imported by recordgen from \(source)."])
        let check = validate(xml, path: outputPath)
        return Outcome(xml: xml, result: SchemaResult(schema: schema, diagnostics: (imported.diagnostics + check).sorted()))
    }

    /// A .ckdb's schema, with what RecordKit cannot express (`CKDBImporter`) and what the .ckdb cannot say
    /// (`CKDBImportLimits`); a file that cannot be read is RK001 (RK002 when too large) at its path.
    static func importCKDB(_ path: String) -> SchemaResult {
        let text: String
        switch SchemaFileAccess.contents(of: path, maximumBytes: CKDBParser.maximumBytes) {
        case let .success(bytes):
            guard let decoded = String(bytes: bytes, encoding: .utf8) else {
                return unreadable(path, "cannot read \(path): it is not UTF-8 text")
            }
            text = decoded
        case let .failure(problem):
            var located = problem
            located.location = problem.location ?? SourceLocation(file: path, line: 1, column: 1)
            return SchemaResult(schema: nil, diagnostics: [located])
        }
        do {
            let document = try CKDBParser.parse(text, file: path)
            let result = CKDBImporter.makeSchema(
                from: document, name: CKDBImporter.schemaName(forFile: path), location: SourceLocation(file: path, line: 1, column: 1))
            let limits = CKDBImportLimits.warnings(for: result.schema, from: document)
            return SchemaResult(schema: result.schema, diagnostics: (result.diagnostics + limits).sorted())
        } catch {
            return SchemaResult(schema: nil, diagnostics: [error.diagnostic])
        }
    }

    private static func unreadable(_ path: String, _ message: String) -> SchemaResult {
        let located = Diagnostic(.error, message, at: SourceLocation(file: path, line: 1, column: 1), code: .fileUnreadable)
        return SchemaResult(schema: nil, diagnostics: [located])
    }

    /// Reads the written text back and runs the semantic rules, as every schema file is loaded: any finding is
    /// a bug of the import.
    public static func validate(_ xml: String, path: String) -> [Diagnostic] {
        SchemaLoader.load(data: Data(xml.utf8), path: path).diagnostics
    }
}
