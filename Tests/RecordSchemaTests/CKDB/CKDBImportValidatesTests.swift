import Foundation
import Testing
@testable import RecordSchema

@Suite("CKDB import validates", .enabled(if: InteropConformance.hasCKDB, "../shared/conformance/ckdb is absent"))
struct CKDBImportValidatesTests {
    @Test("every conformance .ckdb imports to a .records.xml that reads back and validates", arguments: InteropConformance.ckdbFiles)
    func importValidates(_ url: URL) throws {
        let outcome = SchemaImport.run(path: url.path, format: .ckdb, outputPath: "out.records.xml")
        let xml = try #require(outcome.xml)
        let problems = outcome.diagnostics.filter { $0.location?.file == "out.records.xml" || $0.severity == .error }
        #expect(problems.isEmpty, "\(problems.map { $0.description })")
        // Reading the XML back gives the schema the import built.
        let schema = try #require(SchemaReader.read(data: Data(xml.utf8), path: "out.records.xml").schema)
        let imported = try #require(outcome.schema)
        #expect(SchemaShape(schema) == SchemaShape(imported))
        // And exporting what was read gives the .ckdb's types, fields, kinds and indexes.
        let original = try CKDBParser.parse(contentsOf: url.path)
        let exported = try CKDBParser.parse(CKDBWriter.write(schema), file: "export.ckdb")
        #expect(CKDBShape(original).completedByCloudKit() == CKDBShape(exported))
    }
}

/// A schema without locations, for comparing what two routes produced.
struct SchemaShape: Equatable {
    var text: String

    init(_ schema: Schema) {
        // The XML writer prints every semantic property and no location: a fair fingerprint.
        text = RecordsXMLWriter.write(schema)
    }
}
