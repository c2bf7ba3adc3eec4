import Foundation
import Testing

/// Runs the built `recordgen check-compat`, `import` and `export` on the interop fixtures.
@Suite struct CompatCommandTests {
    static let fixtures = "Tests/RecordSchemaTests/Fixtures/Interop"

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func breakingChangesExitOneAtNewLocations() throws {
        let run = try RecordGenBinary.run(
            ["check-compat", "--baseline", "\(Self.fixtures)/Deployed.records.xml", "\(Self.fixtures)/Breaking.records.xml"],
            in: RecordGenBinary.repositoryRoot)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 5, "\(run.stderr)")
        #expect(errors.allSatisfy { $0.hasPrefix("\(Self.fixtures)/Breaking.records.xml:") })
        #expect(Set(errors.compactMap { $0.split(separator: "[").last?.dropLast() }.map(String.init)) == ["RK302", "RK303", "RK307", "RK309"])
        #expect(lines.last == "2 files checked: 5 errors, 0 warnings", "the baseline and the new schema")
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func compatibleChangesPass() throws {
        let run = try RecordGenBinary.run(
            ["check-compat", "--baseline", "\(Self.fixtures)/Deployed.records.xml", "\(Self.fixtures)/Compatible.records.xml"],
            in: RecordGenBinary.repositoryRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("2 files checked: 0 errors, 0 warnings"), "\(run.stderr)")
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func shippedEvolutionExamplePassesForwardAndFailsBackward() throws {
        let v1 = "Schemas/Examples/Evolution/Tasks.v1.records.xml", v2 = "Schemas/Examples/Evolution/Tasks.v2.records.xml"
        let forward = try RecordGenBinary.run(["check-compat", "--baseline", v1, v2], in: RecordGenBinary.repositoryRoot)
        #expect(forward.status == 0, "\(forward.stderr)")
        let backward = try RecordGenBinary.run(["check-compat", "--baseline", v2, v1], in: RecordGenBinary.repositoryRoot)
        #expect(backward.status == 1)
        #expect(backward.stderr.contains("[RK301]") && backward.stderr.contains("[RK302]") && backward.stderr.contains("[RK306]"))
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func jsonFormatAndCkdbBaseline() throws {
        let folder = try TemporaryFolder()
        try folder.write("prod.ckdb", """
        DEFINE SCHEMA
            RECORD TYPE Note (
                "___recordID" REFERENCE QUERYABLE,
                body STRING,
                title STRING QUERYABLE
            );
        """)
        try folder.write("New.records.xml", """
        <schema xmlns="urn:recordkit:schema:1" name="Notes">
          <record type="Note" version="2">
            <field name="title" kind="string" optional="true"/>
            <retired name="body" kind="string" in="2"/>
            <systemIndex field="___recordID" queryable="true"/>
          </record>
        </schema>
        """)
        let run = try RecordGenBinary.run(["check-compat", "--format", "json", "--baseline", "prod.ckdb", "New.records.xml"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["errorCount"] as? Int == 0)
        #expect(object["warningCount"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["code"] as? String == "RK320")
        #expect(diagnostics.first?["line"] as? Int == 3)
        let strict = try RecordGenBinary.run(["check-compat", "--warnings-as-errors", "--baseline", "prod.ckdb", "New.records.xml"], in: folder.path)
        #expect(strict.status == 1)
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func ckdbBaselineSyntaxErrorIsLocated() throws {
        let folder = try TemporaryFolder()
        try folder.write("prod.ckdb", "DEFINE SCHEMA\nRECORD TYPE Note (\n  body TEXT\n);\n")
        try folder.write("New.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"N\"/>")
        let run = try RecordGenBinary.run(["check-compat", "--baseline", "prod.ckdb", "New.records.xml"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("prod.ckdb:3:8: error: expected a field type"), "\(run.stderr)")
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func usageErrors() throws {
        #expect(try RecordGenBinary.run(["check-compat", "Schemas/Notes.records.xml"], in: RecordGenBinary.repositoryRoot).status == 64)
        #expect(try RecordGenBinary.run(["check-compat", "--baseline", "Schemas/Notes.records.xml", "Schemas"], in: RecordGenBinary.repositoryRoot).status == 64)
        #expect(try RecordGenBinary.run(["import", "Package.swift"], in: RecordGenBinary.repositoryRoot).status == 64)
        #expect(try RecordGenBinary.run(["export", "Schemas/Notes.records.xml", "--format", "json"], in: RecordGenBinary.repositoryRoot).status == 64)
    }
}
