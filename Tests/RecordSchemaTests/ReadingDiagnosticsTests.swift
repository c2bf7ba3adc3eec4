import Foundation
import Testing
@testable import RecordSchema

/// The reading codes (RK0xx): each triggered, with its location.
@Suite struct ReadingDiagnosticsTests {
    @Test func missingPathIsRK001() {
        let result = SchemaLoader.load(paths: ["Nowhere/Missing.records.xml"])
        #expect(result.diagnostics.map(\.code) == ["RK001"])
        #expect(result.diagnostics.first?.message.contains("Nowhere/Missing.records.xml") == true)
        #expect(result.files.isEmpty)
    }

    @Test func aFolderPassedAsAFileIsRK001() {
        let read = SchemaReader.read(contentsOf: TestPaths.schemas)
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(schema == nil)
        #expect(diagnostics.map(\.code) == ["RK001"])
    }

    @Test func tooLargeIsRK002AtTheFileStart() {
        let reader = SchemaReader(limits: .init(maximumBytes: 10))
        let read = reader.read(data: Data(String(repeating: " ", count: 11).utf8), path: "Big.records.xml")
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(schema == nil)
        #expect(diagnostics.map(\.code) == ["RK002"])
        #expect(diagnostics.first?.location == SourceLocation(file: "Big.records.xml", line: 1, column: 1))
    }

    @Test func emptyAndMalformedFilesAreRK003() {
        #expect(SchemaReader.read(data: Data(), path: "E.records.xml").diagnostics.map(\.code) == ["RK003"])
        let diagnostics = SchemaReader.read(data: Data("<schema>\n  <a>\n</schema>".utf8), path: "M.records.xml").diagnostics
        #expect(diagnostics.first?.code == "RK003")
        #expect(diagnostics.first?.location?.line == 3)
        #expect(diagnostics.first?.message.hasPrefix("not well-formed XML:") == true)
    }

    @Test func doctypeIsRK004AndDepthIsRK005() {
        let doctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE schema>\n<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"/>"
        #expect(SchemaReader.read(data: Data(doctype.utf8), path: "D.records.xml").diagnostics.map(\.code) == ["RK004"])
        let reader = SchemaReader(limits: .init(maximumDepth: 3))
        let deep = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\">\n<record type=\"A\">\n<field name=\"a\" kind=\"string\">\n<doc>x</doc></field></record></schema>"
        let diagnostics = reader.read(data: Data(deep.utf8), path: "Deep.records.xml").diagnostics
        #expect(diagnostics.map(\.code) == ["RK005"])
        #expect(diagnostics.first?.location?.line == 4)
    }

    @Test func wrongRootOrNamespaceIsRK006() {
        let field = "<field xmlns=\"urn:recordkit:schema:1\" name=\"x\" kind=\"string\"/>"
        #expect(SchemaReader.read(data: Data(field.utf8), path: "F.records.xml").diagnostics.map(\.code) == ["RK006"])
        let other = "<schema xmlns=\"urn:other\" name=\"S\"/>"
        #expect(SchemaReader.read(data: Data(other.utf8), path: "O.records.xml").diagnostics.map(\.code) == ["RK006"])
    }

    @Test func missingRequiredAttributeIsRK006AtTheElement() {
        let xml = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\">\n  <record type=\"A\">\n    <field name=\"x\"/>\n  </record>\n</schema>"
        let diagnostics = SchemaReader.read(data: Data(xml.utf8), path: "A.records.xml").diagnostics
        #expect(diagnostics.map(\.code) == ["RK006"])
        #expect(diagnostics.first?.location == SourceLocation(file: "A.records.xml", line: 3, column: 5))
        #expect(diagnostics.first?.message.contains("kind") == true)
        #expect(diagnostics.first?.message.contains("{urn:") == false)
    }

    @Test func allXSDViolationsOfAFileAreReported() {
        let xml = """
        <schema xmlns="urn:recordkit:schema:1" name="S">
          <record type="A" version="0">
            <field name="x" kind="text"/>
            <color name="red"/>
          </record>
        </schema>
        """
        let diagnostics = SchemaReader.read(data: Data(xml.utf8), path: "A.records.xml").diagnostics
        #expect(diagnostics.map { $0.location?.line ?? 0 } == [2, 3, 4], "\(diagnostics)")
        #expect(Set(diagnostics.map(\.code)) == ["RK006"])
    }

    @Test func aBrokenXSDIsReportedNotTrapped() {
        let broken = SchemaXSD(text: "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element/></xs:schema>")
        #expect(!broken.isUsable)
        #expect(!broken.compileErrors.isEmpty)
        #expect(DiagnosticCode.embeddedXSDBroken.rawValue == "RK007")
    }

    @Test func folderWithoutSchemasIsRK008() throws {
        let folder = NSTemporaryDirectory() + "recordkit-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = SchemaLoader.load(paths: [folder])
        #expect(result.diagnostics.map(\.code) == ["RK008"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(!result.hasErrors)
    }

    @Test func foldersExpandSortedRelativeAndSkipHiddenFolders() throws {
        let root = NSTemporaryDirectory() + "recordkit-expand-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for file in ["b/Two.records.xml", "a/One.records.xml", ".build/Hidden.records.xml", "a/readme.txt"] {
            let url = URL(fileURLWithPath: root + "/" + file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"/>".utf8).write(to: url)
        }
        let (files, diagnostics) = SchemaFiles.expand([root + "/", root + "/a/One.records.xml"])
        #expect(diagnostics.isEmpty)
        #expect(files == [root + "/a/One.records.xml", root + "/b/Two.records.xml"])
    }
}
