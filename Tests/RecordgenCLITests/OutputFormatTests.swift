import Foundation
import Testing

/// `--format json` on every command that prints findings or values, `--format github` on `validate` and
/// `check-compat`, and `export`'s default format.
@Suite struct OutputFormatTests {
    static let binaryBuilt = RecordGenBinary.path != nil
    static let fixtures = RecordGenBinary.repositoryRoot + "/Tests/RecordSchemaTests/Fixtures/Interop"

    private func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], sourceLocation: sourceLocation)
    }

    // MARK: GitHub annotations

    @Test(.enabled(if: binaryBuilt))
    func validatePrintsOneAnnotationPerDiagnosticAndTheSummaryOnStderr() throws {
        let folder = try TemporaryFolder()
        try folder.write("Bad.records.xml", """
        <schema xmlns="urn:recordkit:schema:1" name="Bad">
          <record type="A">
            <field name="x" kind="string"/>
            <field name="x" kind="int64"/>
          </record>
        </schema>
        """)
        let run = try RecordGenBinary.run(["validate", "--format", "github", "Bad.records.xml"], in: folder.path)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(run.stdout)")
        #expect(lines.first?.hasPrefix("::error file=Bad.records.xml,line=4,col=12::record type 'A' declares field 'x' twice") == true)
        #expect(lines.first?.hasSuffix(" [RK103]") == true)
        #expect(run.stderr == "1 file checked: 1 error, 0 warnings\n")
    }

    @Test(.enabled(if: binaryBuilt))
    func propertiesAndMessagesAreEscapedAsTheActionsToolkitDoes() throws {
        let folder = try TemporaryFolder()
        // A path with ',' and ':' (which end a property) and '%'; a name holding '%' and a line feed, which the
        // message quotes.
        try folder.write("odd,name:100%.records.xml", """
        <schema xmlns="urn:recordkit:schema:1" name="Odd">
          <record type="A">
            <field name="a%&#10;b" kind="string"/>
          </record>
        </schema>
        """)
        let run = try RecordGenBinary.run(["validate", "--format", "github", "odd,name:100%.records.xml"], in: folder.path)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 2 && lines.last == "", "one command per line: \(run.stdout)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("::error file=odd%2Cname%3A100%25.records.xml,line=3,col="), "\(line)")
        #expect(line.contains("a%25%0Ab"), "\(line)")
        let message = line.components(separatedBy: "::").dropFirst(2).joined(separator: "::")
        #expect(!message.contains("\r") && !message.isEmpty)
    }

    @Test(.enabled(if: binaryBuilt))
    func checkCompatAnnotatesErrorsAndWarnings() throws {
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
          <record type="Note" version="1">
            <field name="title" kind="string" optional="true"/>
            <systemIndex field="___recordID" queryable="true"/>
          </record>
        </schema>
        """)
        let run = try RecordGenBinary.run(
            ["check-compat", "--format", "github", "--baseline", "prod.ckdb", "New.records.xml"], in: folder.path)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("::error file=New.records.xml,line=") && $0.hasSuffix("[RK302]") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("::warning file=New.records.xml,line=3,col=") && $0.hasSuffix("[RK320]") }, "\(run.stdout)")
        #expect(lines.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") })
        #expect(run.stderr.hasSuffix("2 files checked: 1 error, 1 warning\n"), "\(run.stderr)")
    }

    @Test(.enabled(if: binaryBuilt))
    func aDiagnosticWithoutALocationIsAnAnnotationWithoutProperties() throws {
        let run = try RecordGenBinary.run(["validate", "--format", "github", "Nowhere.records.xml"], in: RecordGenBinary.repositoryRoot)
        #expect(run.status == 1)
        #expect(run.stdout == "::error::no such file or folder: Nowhere.records.xml [RK001]\n", "\(run.stdout)")
    }

    @Test(.enabled(if: binaryBuilt))
    func githubIsRefusedWhereItWasNotAsked() throws {
        let root = RecordGenBinary.repositoryRoot
        #expect(try RecordGenBinary.run(["generate", "Schemas/", "-o", "/tmp/x", "--format", "github"], in: root).status == 64)
        #expect(try RecordGenBinary.run(["inspect", "Package.swift", "--format", "github"], in: root).status == 64)
    }

    // MARK: JSON

    @Test(.enabled(if: binaryBuilt))
    func generatePrintsDiagnosticsAndFilesAsJSON() throws {
        let folder = try TemporaryFolder()
        let run = try RecordGenBinary.run(
            ["generate", RecordGenBinary.repositoryRoot + "/Schemas/Notes.records.xml", "-o", "out", "--format", "json"],
            in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let object = try jsonObject(run.stdout)
        #expect(object["written"] as? [String] == ["Note.swift"])
        #expect(object["unchanged"] as? [String] == [])
        #expect(object["removed"] as? [String] == [])
        #expect(object["errorCount"] as? Int == 0)
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true)

        try folder.write("Bad.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"Bad\"><record type=\"A\" zone=\"z\"/></schema>")
        let bad = try RecordGenBinary.run(["generate", "Bad.records.xml", "-o", "out", "--format", "json"], in: folder.path)
        #expect(bad.status == 1)
        let failed = try jsonObject(bad.stdout)
        #expect(failed["errorCount"] as? Int == 1)
        #expect((failed["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "RK123")
        #expect(failed["written"] as? [String] == [])
    }

    @Test(.enabled(if: binaryBuilt))
    func importPrintsItsWarningsAsJSONAndNeedsAnOutputFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("blog.ckdb", "DEFINE SCHEMA\nRECORD TYPE Post (\n  views NUMBER PREFERRED AS INT64\n);\n")
        let run = try RecordGenBinary.run(["import", "blog.ckdb", "-o", "Blog.records.xml", "--format", "json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try jsonObject(run.stdout)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["code"] as? String == "RK203" && $0["line"] as? Int == 3 && $0["severity"] as? String == "warning" })
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Blog.records.xml"))
        #expect(try RecordGenBinary.run(["import", "blog.ckdb", "--format", "json"], in: folder.path).status == 64)
    }

    @Test(.enabled(if: binaryBuilt))
    func exportDefaultsToCkdbAndPrintsDiagnosticsAsJSON() throws {
        let folder = try TemporaryFolder()
        try folder.write("Notes.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"N\"><record type=\"Note\"><field name=\"title\" kind=\"string\"/></record></schema>")
        let plain = try RecordGenBinary.run(["export", "Notes.records.xml"], in: folder.path)
        let explicit = try RecordGenBinary.run(["export", "Notes.records.xml", "--format", "ckdb"], in: folder.path)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.hasPrefix("DEFINE SCHEMA"))
        #expect(plain.stdout == explicit.stdout)

        let json = try RecordGenBinary.run(
            ["export", "Notes.records.xml", "-o", "notes.ckdb", "--diagnostics-format", "json"], in: folder.path)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try jsonObject(json.stdout)["errorCount"] as? Int == 0)
        #expect(try String(contentsOfFile: folder.path + "/notes.ckdb", encoding: .utf8) == plain.stdout)

        try folder.write("Bad.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"Bad\"><record type=\"A\" zone=\"z\"/></schema>")
        let bad = try RecordGenBinary.run(["export", "Bad.records.xml", "-o", "bad.ckdb", "--diagnostics-format", "json"], in: folder.path)
        #expect(bad.status == 1)
        #expect(try jsonObject(bad.stdout)["errorCount"] as? Int == 1)
        #expect(try RecordGenBinary.run(["export", "Notes.records.xml", "--diagnostics-format", "json"], in: folder.path).status == 64)
    }

    @Test(.enabled(if: binaryBuilt))
    func inspectTakesFormatJSONAndKeepsTheJSONFlag() throws {
        let folder = try TemporaryFolder()
        try folder.write("body.json", "{\"records\": [{\"recordName\": \"n1\", \"recordType\": \"Note\", \"fields\": {\"title\": {\"value\": \"Hi\", \"type\": \"STRING\"}}}]}")
        let format = try RecordGenBinary.run(["inspect", "body.json", "--format", "json"], in: folder.path)
        let flag = try RecordGenBinary.run(["inspect", "body.json", "--json"], in: folder.path)
        let text = try RecordGenBinary.run(["inspect", "body.json", "--format", "text"], in: folder.path)
        #expect(format.status == 0, "\(format.stderr)")
        #expect(format.stdout == flag.stdout)
        _ = try jsonObject(format.stdout)
        #expect(text.stdout != format.stdout && text.stdout.contains("Note"))
        #expect(try RecordGenBinary.run(["inspect", "body.json", "--json", "--format", "text"], in: folder.path).status == 64)
        let help = try RecordGenBinary.run(["inspect", "--help"], in: folder.path)
        #expect(help.stdout.contains("--format") && !help.stdout.contains("  --json"), "--json is a hidden alias")
    }
}
