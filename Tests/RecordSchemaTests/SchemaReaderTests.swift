import Foundation
import Testing
@testable import RecordSchema

@Suite struct SchemaReaderTests {
    @Test func readsTheNotesSchema() throws {
        let read = SchemaReader.read(contentsOf: TestPaths.schemas + "/Notes.records.xml")
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let notes = try #require(schema)
        #expect(notes.name == "Notes")
        #expect(notes.zones.map(\.name) == ["note-zone"])
        let note = try #require(notes.record(named: "Note"))
        #expect(note.version == 1)
        #expect(note.zone == "note-zone")
        #expect(note.versionField == "version")
        #expect(note.onNewerVersion == .reject)
        #expect(note.fields.map(\.name) == ["text", "modified"])
        #expect(note.fields.map(\.type) == [.scalar(.asset), .scalar(.timestamp)])
        #expect(note.merge?.strategy == .lastWriterWins)
        #expect(note.merge?.clock == "modified")
        #expect(note.merge?.stamp == nil && note.merge?.effectiveStamp == .store, "the store stamps the clock by default")
        #expect(note.deleteConflict == .editWins)
        #expect(note.location.line == 5)
        #expect(note.location.column == 3)
        #expect(note.fields.first?.location == SourceLocation(file: TestPaths.schemas + "/Notes.records.xml", line: 7, column: 5))
        #expect(note.doc?.hasPrefix("A note, synced") == true)
    }

    @Test func keepsLineAndColumnOfEveryElement() throws {
        let xml = """
        <?xml version="1.0"?>
        <!-- a comment with <record type="X"> in it -->
        <schema xmlns="urn:recordkit:schema:1" name="S"><enum name="E" kind="int64"><case name="a" value="0"/><case name="b" value="1"/></enum>
          <record
              type="R">
            <field name="x"
                   kind="string"/>
          </record>
        </schema>
        """
        let read = SchemaReader.read(data: Data(xml.utf8), path: "S.records.xml")
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let s = try #require(schema)
        #expect(s.location == SourceLocation(file: "S.records.xml", line: 3, column: 1))
        #expect(s.enums.first?.location == SourceLocation(file: "S.records.xml", line: 3, column: 49))
        #expect(s.enums.first?.cases.map(\.location.column) == [77, 103])
        #expect(s.records.first?.location == SourceLocation(file: "S.records.xml", line: 4, column: 3))
        #expect(s.records.first?.fields.first?.location == SourceLocation(file: "S.records.xml", line: 6, column: 5))
    }

    @Test func reportsXSDViolationsAtTheAttribute() {
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" name="S">
          <record type="R">
            <field name="x" kind="strin"/>
          </record>
        </schema>
        """
        let read = SchemaReader.read(data: Data(xml.utf8), path: "S.records.xml")
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(schema == nil)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.code == "RK006")
        #expect(diagnostics.first?.location == SourceLocation(file: "S.records.xml", line: 3, column: 21))
        #expect(diagnostics.first?.message.contains("strin") == true)
    }

    @Test func decodesPredefinedEntitiesCharacterReferencesAndCDATA() throws {
        let xml = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\">\n<doc>a &amp; b &#65; &lt;c&gt; <![CDATA[<d>]]></doc>"
            + "<enum name=\"E\" kind=\"string\"><case name=\"a\" value=\"x&amp;y&#66;\"/></enum></schema>"
        let read = SchemaReader.read(data: Data(xml.utf8), path: "S.records.xml")
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let s = try #require(schema)
        #expect(s.doc == "a & b A <c> <d>")
        #expect(s.enums.first?.cases.first?.value == "x&yB")
    }

    @Test func readsCollapsedWhiteSpaceAndCRLFLines() throws {
        let xml = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\">\r\n  <record type=\"A\" version=\" 2 \">\r\n"
            + "    <field name=\"x\" kind=\"string\" optional=\" true \" since=\"2\"/>\r\n  </record>\r\n</schema>\r\n"
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "S.records.xml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let record = try #require(result.schemas.first?.records.first)
        #expect(record.version == 2)
        #expect(record.fields.first?.isOptional == true)
        #expect(record.fields.first?.location == SourceLocation(file: "S.records.xml", line: 3, column: 5))
    }

    @Test func reportsMalformedXMLWithItsLine() {
        let xml = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\">\n  <record type=\"R\">\n</schema>\n"
        let read = SchemaReader.read(data: Data(xml.utf8), path: "S.records.xml")
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(schema == nil)
        #expect(diagnostics.first?.code == "RK003")
        #expect(diagnostics.first?.location?.line == 3)
    }
}

/// Paths of the repository, found from this file.
enum TestPaths {
    /// The folder holding Package.swift.
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    /// The repository's Schemas folder.
    static var schemas: String { repositoryRoot + "/Schemas" }
}

extension SchemaReaderTests {
    /// `deleteConflict` and `stamp` are read, written back, and left out of the .ckdb export.
    @Test func readsAndWritesTheMergeRulesTheAppChooses() throws {
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" name="Rules">
          <record type="A" deleteConflict="deleteWins">
            <field name="t" kind="timestamp"/>
            <merge strategy="lastWriterWins" clock="t" stamp="app"/>
          </record>
        </schema>
        """
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "Rules.records.xml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let record = try #require(result.schemas.first?.record(named: "A"))
        #expect(record.deleteConflict == .deleteWins)
        #expect(record.merge?.stamp == .app)
        let written = RecordsXMLWriter.write(try #require(result.schemas.first))
        #expect(written.contains(#"deleteConflict="deleteWins""#))
        #expect(written.contains(#"stamp="app""#))
        // .ckdb knows neither: the export is the one it was.
        let plain = SchemaLoader.load(data: Data(xml.replacingOccurrences(of: #" deleteConflict="deleteWins""#, with: "")
            .replacingOccurrences(of: #" stamp="app""#, with: "").utf8), path: "Rules.records.xml")
        #expect(CKDBWriter.write(try #require(result.schemas.first)) == CKDBWriter.write(try #require(plain.schemas.first)))
    }
}
