import Foundation
import Testing
@testable import RecordSchema

/// The writers against the shipped schemas: `.records.xml` text reads back to the same schema, and a .ckdb export
/// keeps every field, retired and version fields included.
@Suite("Export round trips")
struct ExportRoundTripTests {
    static var shippedSchemas: [String] {
        SchemaFiles.expand([InteropConformance.repositoryRoot.appendingPathComponent("Schemas").path]).files
    }

    @Test("a shipped schema written as .records.xml reads back the same, and validates", arguments: shippedSchemas)
    func xmlRoundTrip(_ path: String) throws {
        let loaded = SchemaLoader.load(paths: [path])
        let schema = try #require(loaded.schemas.first)
        let text = RecordsXMLWriter.write(schema)
        let read = SchemaReader.read(data: Data(text.utf8), path: "written.records.xml")
        let (reread, readDiagnostics) = (read.schema, read.diagnostics)
        #expect(readDiagnostics.filter { $0.severity == .error }.isEmpty, "\(readDiagnostics.map { $0.description })")
        let again = try #require(reread)
        #expect(SchemaShape(again) == SchemaShape(schema))
        let before = loaded.diagnostics.map { "\($0.severity) \($0.code)" }
        let after = SchemaValidator.validate(again).map { "\($0.severity) \($0.code)" }
        #expect(before == after)
    }

    @Test("a shipped schema exported to .ckdb keeps every field, retired and version fields included", arguments: shippedSchemas)
    func ckdbKeepsEveryField(_ path: String) throws {
        let schema = try #require(SchemaLoader.load(paths: [path]).schemas.first)
        let document = try CKDBParser.parse(CKDBWriter.write(schema), file: "export.ckdb")
        // CloudKit's Users type is written when the schema declares none, as cktool exports it.
        let names = Set(schema.records.map(\.name)).union(["Users"])
        #expect(document.recordTypes.map(\.name) == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for record in schema.records {
            let exported = try #require(document.recordTypes.first { $0.name == record.name })
            var expected = record.fields.map(\.name) + record.retired.map(\.name)
            if let versionField = record.versionField { expected.append(versionField) }
            let names = exported.fields.map(\.name).filter { !$0.hasPrefix("___") }
            #expect(names.sorted() == expected.sorted())
            for field in record.fields {
                let written = try #require(exported.fields.first { $0.name == field.name })
                #expect(written.type.isList == (field.type.kind == .list))
                #expect(written.type.isEncrypted == field.isEncrypted)
                #expect(written.isQueryable == field.isQueryable && written.isSortable == field.isSortable && written.isSearchable == field.isSearchable)
            }
            // A type that may be public and declares no grant gets CloudKit's three default grants.
            let expectedRoles = record.grants.isEmpty && CKDBDefaults.mayBePublic(record, in: schema)
                ? ["_creator", "_icloud", "_world"] : Set(record.grants.map(\.role)).sorted()
            #expect(exported.grants.map(\.role) == expectedRoles)
        }
    }
}
