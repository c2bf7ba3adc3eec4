import Foundation
import Testing

/// Diagnostics as the README promises them: every problem of a file in one run, every finding located, an
/// unreadable baseline as RK208, and import's report of what a .ckdb cannot carry.
@Suite struct SchemaDiagnosticsCommandTests {
    static let misspelled = """
    <schema xmlns="urn:recordkit:schema:1" name="Notes">
      <record type="Note" zone="nowhere">
        <field name="title" kind="strng"/>
        <field name="body" kind="string" since="2"/>
      </record>
    </schema>
    """

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func validateReportsTheSemanticProblemsBesideAnXSDError() throws {
        let folder = try TemporaryFolder()
        try folder.write("Notes.records.xml", Self.misspelled)
        let run = try RecordGenBinary.run(["validate", "Notes.records.xml"], in: folder.path)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("Notes.records.xml:2:23: error: record type 'Note' is in zone 'nowhere'") == true, "\(run.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("Notes.records.xml:3:25: error: attribute 'kind' of <field>: 'strng'") == true, "\(run.stderr)")
        #expect(lines.dropFirst(2).first?.hasSuffix("[RK107]") == true)
        #expect(lines.last == "1 file checked: 3 errors, 0 warnings")
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func generateWritesNothingAndLocatesEveryFinding() throws {
        let folder = try TemporaryFolder()
        try folder.write("Notes.records.xml", Self.misspelled)
        let run = try RecordGenBinary.run(["generate", "Notes.records.xml", "-o", "out"], in: folder.path)
        #expect(run.status == 1)
        let findings = run.stderr.split(separator: "\n").dropLast()
        #expect(findings.count == 3, "\(run.stderr)")
        // Every finding is `path:line:col: error: … [RKnnn]`; no code outside the documented table (RK900 is gone).
        #expect(findings.allSatisfy { $0.hasPrefix("Notes.records.xml:") && $0.contains(": error: ") })
        #expect(!run.stderr.contains("RK9"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }

    @Test(.enabled(if: RecordGenBinary.path != nil), arguments: ["missing.ckdb", "Missing.records.xml"])
    func checkCompatWithAMissingBaselineIsRK208AtItsPath(_ baseline: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("New.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"N\"/>")
        let run = try RecordGenBinary.run(["check-compat", "--baseline", baseline, "New.records.xml"], in: folder.path)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(baseline):1:1: error: cannot read the deployed schema \(baseline): no such file") == true, "\(run.stderr)")
        #expect(lines.first?.hasSuffix("[RK208]") == true)
        #expect(lines.count == 2)
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func importReportsWhatTheCKDBCannotCarryAtItsLines() throws {
        let folder = try TemporaryFolder()
        try folder.write("prod.ckdb", """
        DEFINE SCHEMA
            RECORD TYPE Note (
                schemaVersion INT64,
                title         STRING
            );
        """)
        let run = try RecordGenBinary.run(["import", "prod.ckdb", "-o", "Notes.records.xml"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("prod.ckdb:2:5: warning: record type 'Note' is imported with what a .ckdb cannot say") && $0.hasSuffix("[RK212]") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("prod.ckdb:3:9: warning: 'schemaVersion' looks like a version field") && $0.hasSuffix("[RK213]") })
        // The offered edit, made by hand, validates: no RK119.
        var xml = try String(contentsOfFile: folder.path + "/Notes.records.xml", encoding: .utf8)
        let field = try #require(xml.split(separator: "\n").first { $0.contains("name=\"schemaVersion\"") })
        xml = xml.replacingOccurrences(of: String(field) + "\n", with: "")
            .replacingOccurrences(of: "<record type=\"Note\"", with: "<record type=\"Note\" versionField=\"schemaVersion\"")
        try folder.write("Notes.records.xml", xml)
        let validated = try RecordGenBinary.run(["validate", "Notes.records.xml"], in: folder.path)
        #expect(validated.status == 0, "\(validated.stderr)\n\(xml)")
    }
}
