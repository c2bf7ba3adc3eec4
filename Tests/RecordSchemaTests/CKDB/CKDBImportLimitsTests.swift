import Foundation
import Testing
@testable import RecordSchema

/// `import` says, at the .ckdb's line and column, what a .ckdb cannot carry and was not restored (RK212), and
/// offers a field named like a version field as `versionField` (RK213).
@Suite("CKDB import limits")
struct CKDBImportLimitsTests {
    static let ckdb = """
        DEFINE SCHEMA
            RECORD TYPE Note (
                schemaVersion INT64 QUERYABLE SORTABLE,
                title         STRING,
                version       STRING,
                secretVersion ENCRYPTED INT64
            );
            RECORD TYPE Users (
                roles LIST<INT64>
            );
        """

    private func imported() throws -> (schema: Schema, warnings: [Diagnostic]) {
        let document = try CKDBParser.parse(Self.ckdb, file: "prod.ckdb")
        let result = CKDBImporter.makeSchema(from: document, name: "S", location: SourceLocation(file: "prod.ckdb", line: 1, column: 1))
        return (result.schema, CKDBImportLimits.warnings(for: result.schema, from: document))
    }

    @Test func whatACKDBCannotSayIsAWarningAtEachRecordTypeButUsers() throws {
        let warnings = try imported().warnings.filter { $0.code == "RK212" }
        #expect(warnings.map(\.location) == [SourceLocation(file: "prod.ckdb", line: 2, column: 5)])
        let message = try #require(warnings.first?.message)
        #expect(message.hasPrefix("record type 'Note' is imported with what a .ckdb cannot say left neutral: its 4 fields optional"))
        for word in ["enum=", "as=\"uuid\"|\"url\"", "<merge>", "version 1", "versionField"] {
            #expect(message.contains(word), "\(message)")
        }
        #expect(warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func anInt64FieldNamedLikeAVersionFieldIsOfferedWithTheExactEdit() throws {
        let offers = try imported().warnings.filter { $0.code == "RK213" }
        // Not `version STRING` (an app's version), not an encrypted integer.
        #expect(offers.map(\.location) == [SourceLocation(file: "prod.ckdb", line: 3, column: 9)])
        let message = try #require(offers.first?.message)
        #expect(message.contains("versionField=\"schemaVersion\" on <record type=\"Note\">"), "\(message)")
        #expect(message.contains("QUERYABLE SORTABLE index cannot be kept"), "\(message)")
    }

    @Test func followingTheOfferValidatesAndKeepingBothCollides() throws {
        var schema = try imported().schema
        let index = try #require(schema.records.firstIndex { $0.name == "Note" })
        schema.records[index].versionField = "schemaVersion"
        let collision = SchemaValidator.validate(schema).filter { $0.code == "RK119" }
        #expect(collision.count == 1)
        #expect(collision.first?.message.contains("remove that <field>") == true)
        schema.records[index].fields.removeAll { $0.name == "schemaVersion" }
        #expect(SchemaValidator.validate(schema).isEmpty, "\(SchemaValidator.validate(schema))")
    }

    @Test func versionFieldNamesFollowTheCommonConventions() {
        let at = SourceLocation(file: "f", line: 1)
        for name in ["version", "schemaVersion", "record_version", "modelVersion", "dataFormatVersion"] {
            #expect(CKDBImportLimits.isVersionFieldCandidate(Field(name: name, type: .scalar(.int64), location: at)), "\(name)")
        }
        for name in ["appVersion", "versions", "osVersion"] {
            #expect(!CKDBImportLimits.isVersionFieldCandidate(Field(name: name, type: .scalar(.int64), location: at)), "\(name)")
        }
        #expect(!CKDBImportLimits.isVersionFieldCandidate(Field(name: "version", type: .list(of: .int64), location: at)))
    }

    @Test func importingAMissingCKDBIsALocatedReadError() {
        let outcome = SchemaImport.run(path: "Nowhere/prod.ckdb", format: .ckdb, outputPath: "out.records.xml")
        #expect(outcome.xml == nil)
        #expect(outcome.diagnostics.map(\.code) == ["RK001"])
        #expect(outcome.diagnostics.first?.location == SourceLocation(file: "Nowhere/prod.ckdb", line: 1, column: 1))
    }
}

@Suite("CKDB import limits, real exports", .enabled(if: InteropConformance.hasCKDB, "../shared/conformance/ckdb is absent"))
struct CKDBImportLimitsConformanceTests {
    @Test("RK212 once per imported type but Users, at its RECORD TYPE; RK213 only on INT64 fields", arguments: InteropConformance.ckdbFiles)
    func limitsAreLocatedInTheFile(_ url: URL) throws {
        let outcome = SchemaImport.run(path: url.path, format: .ckdb, outputPath: "out.records.xml")
        let schema = try #require(outcome.schema)
        let lines = try InteropConformance.text(url).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let notCarried = outcome.diagnostics.filter { $0.code == "RK212" }
        #expect(notCarried.count == schema.records.filter { $0.name != "Users" }.count)
        for warning in notCarried {
            let location = try #require(warning.location)
            #expect(location.file == url.path)
            let line = lines[location.line - 1]
            #expect(line.dropFirst(location.column - 1).uppercased().hasPrefix("RECORD TYPE"), "\(line)")
        }
        for offer in outcome.diagnostics.filter({ $0.code == "RK213" }) {
            let location = try #require(offer.location)
            #expect(lines[location.line - 1].contains("INT64"), "\(offer)")
        }
    }

    @Test("moolah's dataFormatVersion is offered as its version field")
    func moolahOffersItsVersionField() throws {
        let url = try #require(InteropConformance.ckdbFiles.first { $0.lastPathComponent == "ajsutton__moolah-native__schema-prod-baseline.ckdb" })
        let outcome = SchemaImport.run(path: url.path, format: .ckdb, outputPath: "out.records.xml")
        let offers = outcome.diagnostics.filter { $0.code == "RK213" }
        #expect(offers.count == 1)
        #expect(offers.first?.message.contains("versionField=\"dataFormatVersion\"") == true)
    }
}
