import Foundation

/// `recordgen check-compat`: loads the deployed schema (a `.records.xml` or a `.ckdb`) and the schema about to
/// ship, and compares them.
public enum CompatibilityCheck {
    /// Every finding: problems loading either file, then the comparison's.
    public static func run(baselinePath: String, candidatePath: String) -> [Diagnostic] {
        let baseline: SchemaBaseline
        var diagnostics: [Diagnostic] = []
        if baselinePath.hasSuffix(".ckdb") {
            do {
                // Mapping warnings are about the deployed file, which is not ours to fix: leave them out.
                let result = try CKDBImporter.importSchema(contentsOf: baselinePath)
                baseline = SchemaBaseline(schema: result.schema, format: .ckdb)
            } catch {
                return [error.diagnostic]
            }
        } else {
            // The deployed schema was valid when it shipped; only reading errors matter here.
            let read = SchemaReader.read(contentsOf: baselinePath)
            guard let schema = read.schema else {
                let errors = read.diagnostics.filter { $0.severity == .error }
                let fallback = Diagnostic(.error, "cannot read the deployed schema \(baselinePath)", at: nil, code: DiagnosticCode.baselineUnreadable)
                return errors.isEmpty ? [fallback] : errors
            }
            baseline = SchemaBaseline(schema: schema, format: .recordsXML)
        }
        let loaded = SchemaLoader.load(paths: [candidatePath])
        diagnostics += loaded.diagnostics
        guard let candidate = loaded.schemas.first else { return diagnostics.sorted() }
        diagnostics += CompatibilityChecker.check(candidate, against: baseline)
        return diagnostics.sorted()
    }
}
