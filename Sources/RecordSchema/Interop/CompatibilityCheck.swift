import Foundation

/// `recordgen check-compat`: loads the deployed schema (a `.records.xml` or a `.ckdb`) and the schema about to
/// ship, and compares them.
public enum CompatibilityCheck {
    /// Every finding: problems loading either file, then the comparison's. A baseline that is missing or cannot
    /// be read is RK208 at its path; one that reads but does not parse keeps the located findings of its format
    /// (RK201 for a .ckdb, RK0xx for a .records.xml). The schema about to ship is checked either way.
    public static func run(baselinePath: String, candidatePath: String) -> [Diagnostic] {
        let baseline = readBaseline(baselinePath)
        let loaded = SchemaLoader.load(paths: [candidatePath])
        var diagnostics = baseline.diagnostics + loaded.diagnostics
        if let deployed = baseline.baseline, let candidate = loaded.schemas.first {
            diagnostics += CompatibilityChecker.check(candidate, against: deployed)
        }
        return diagnostics.sorted()
    }

    /// The deployed schema, or why it cannot be compared against.
    static func readBaseline(_ path: String) -> (baseline: SchemaBaseline?, diagnostics: [Diagnostic]) {
        let isCKDB = path.hasSuffix(".ckdb")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return (nil, [unreadable(path, "no such file")])
        }
        if isDirectory.boolValue {
            return (nil, [unreadable(path, "it is a folder")])
        }
        let limit = isCKDB ? CKDBParser.maximumBytes : SchemaReader.Limits().maximumBytes
        let bytes: [UInt8]
        switch SchemaFileAccess.contents(of: path, maximumBytes: limit) {
        case let .success(read):
            bytes = read
        case let .failure(problem):
            return (nil, [unreadable(path, problem.message)])
        }
        if isCKDB {
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                return (nil, [unreadable(path, "it is not UTF-8 text")])
            }
            do {
                // Mapping warnings are about the deployed file, which is not ours to fix: leave them out.
                let result = try CKDBImporter.importSchema(text, file: path)
                return (SchemaBaseline(schema: result.schema, format: .ckdb), [])
            } catch {
                return (nil, [error.diagnostic])
            }
        }
        // The deployed schema was valid when it shipped; only reading errors matter here.
        let read = SchemaReader().read(data: Data(bytes), path: path)
        guard let schema = read.schema else {
            let errors = read.diagnostics.filter { $0.severity == .error }
            return (nil, errors.isEmpty ? [unreadable(path, "it holds no schema")] : errors)
        }
        return (SchemaBaseline(schema: schema, format: .recordsXML), [])
    }

    /// RK208 at the baseline's path.
    private static func unreadable(_ path: String, _ reason: String) -> Diagnostic {
        Diagnostic(
            .error,
            "cannot read the deployed schema \(path): \(reason); --baseline names the schema as deployed, a *.records.xml (from the last release tag, say) or a .ckdb written by cktool export-schema",
            at: SourceLocation(file: path, line: 1, column: 1),
            code: .baselineUnreadable
        )
    }
}
