import Foundation
import Testing

/// Runs the built `recordgen validate` and checks what it prints and how it exits.
@Suite struct ValidateCommandTests {
    @Test(.enabled(if: RecordGenBinary.path != nil))
    func shippedSchemasValidateClean() throws {
        let run = try RecordGenBinary.run(["validate", "Schemas/"], in: RecordGenBinary.repositoryRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("error:"))
        #expect(run.stderr.contains("0 errors"))
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func errorsExitOneAndReadLikeACompiler() throws {
        let folder = try TemporaryFolder()
        try folder.write("Bad.records.xml", """
        <schema xmlns="urn:recordkit:schema:1" name="Bad">
          <record type="A">
            <field name="x" kind="string"/>
            <field name="x" kind="int64"/>
          </record>
        </schema>
        """)
        let run = try RecordGenBinary.run(["validate", "Bad.records.xml"], in: folder.path)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Bad.records.xml:4:12: error: record type 'A' declares field 'x' twice") == true, "\(run.stderr)")
        #expect(lines.first?.hasSuffix("[RK103]") == true)
        #expect(lines.last == "1 file checked: 1 error, 0 warnings")
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func foldersAreSearchedAndPathsKeptAsGiven() throws {
        let folder = try TemporaryFolder()
        try folder.write("sub/One.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"One\"><record type=\"A\" zone=\"z\"/></schema>")
        try folder.write("sub/deeper/Two.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"Two\"/>")
        try folder.write("sub/notes.txt", "not a schema")
        let run = try RecordGenBinary.run(["validate", "sub"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("sub/One.records.xml:1:68: error: record type 'A' is in zone 'z'"), "\(run.stderr)")
        #expect(run.stderr.contains("2 files checked: 1 error, 0 warnings"))
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func jsonFormatPrintsTheSameDiagnostics() throws {
        let folder = try TemporaryFolder()
        try folder.write("Bad.records.xml", """
        <schema xmlns="urn:recordkit:schema:1" name="Bad">
          <record type="A" onNewerVersion="reject"/>
        </schema>
        """)
        let run = try RecordGenBinary.run(["validate", "--format", "json", "Bad.records.xml"], in: folder.path)
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["errorCount"] as? Int == 1)
        #expect(object["files"] as? [String] == ["Bad.records.xml"])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] as? String == "RK130")
        #expect(diagnostics.first?["file"] as? String == "Bad.records.xml")
        #expect(diagnostics.first?["line"] as? Int == 2)
        #expect(diagnostics.first?["column"] as? Int == 20)
        #expect(diagnostics.first?["severity"] as? String == "error")
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func usageErrorsExitSixtyFour() throws {
        #expect(try RecordGenBinary.run(["validate"], in: RecordGenBinary.repositoryRoot).status == 64)
        #expect(try RecordGenBinary.run(["validate", "--format", "yaml", "Schemas/"], in: RecordGenBinary.repositoryRoot).status == 64)
        #expect(try RecordGenBinary.run(["validate", "--no-such-flag", "Schemas/"], in: RecordGenBinary.repositoryRoot).status == 64)
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func missingFileIsAnErrorNotAUsageError() throws {
        let run = try RecordGenBinary.run(["validate", "Nowhere.records.xml"], in: RecordGenBinary.repositoryRoot)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: no such file or folder: Nowhere.records.xml [RK001]"))
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func warningsAsErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("Warn.records.xml", """
        <schema xmlns="urn:recordkit:schema:1" name="Warn">
          <record type="A">
            <field name="t" kind="timestamp"/>
            <merge strategy="serverWins" clock="t"/>
          </record>
        </schema>
        """)
        let plain = try RecordGenBinary.run(["validate", "Warn.records.xml"], in: folder.path)
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("Warn.records.xml:4:34: warning:"), "\(plain.stderr)")
        let strict = try RecordGenBinary.run(["validate", "--warnings-as-errors", "Warn.records.xml"], in: folder.path)
        #expect(strict.status == 1)
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func worksWhenInstalledAloneWithItsEmbeddedXSD() throws {
        let folder = try TemporaryFolder()
        let binary = folder.path + "/recordgen"
        try FileManager.default.copyItem(atPath: try #require(RecordGenBinary.path), toPath: binary)
        try folder.write("Bad.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"><record type=\"A\" version=\"0\"/></schema>")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["validate", "Bad.records.xml"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("Bad.records.xml:1:66: error: attribute 'version' of <record>: '0' is not a version"), "\(text)")
    }
}
