import Testing
@testable import RecordSchema

/// Against a .ckdb export only types, fields, kinds, encryption and indexes are compared.
@Suite("Compatibility against a .ckdb baseline")
struct CompatCKDBBaselineTests {
    static let deployed = """
        DEFINE SCHEMA
            RECORD TYPE Note (
                "___modTime" TIMESTAMP QUERYABLE SORTABLE,
                "___recordID" REFERENCE QUERYABLE,
                color STRING,
                secret ENCRYPTED STRING,
                title STRING QUERYABLE SEARCHABLE,
                version INT64,
                GRANT READ TO "_world"
            );
            RECORD TYPE Users (
                roles LIST<INT64>
            );
        """

    static func baseline() throws -> SchemaBaseline {
        SchemaBaseline(schema: try CKDBImporter.importSchema(deployed, file: "prod.ckdb").schema, format: .ckdb)
    }

    static let at = RecordSchema.SourceLocation(file: "new.records.xml", line: 5, column: 3)

    /// The .records.xml the app ships: versioned, with a retired field, no Users type.
    static func shipped() -> Schema {
        Schema(name: "Notes", records: [RecordType(
            name: "Note", version: 2, versionField: "version",
            fields: [
                Field(name: "title", type: .scalar(.string), isQueryable: true, isSearchable: true, location: at),
                Field(name: "secret", type: .scalar(.string), isOptional: true, isEncrypted: true, location: at),
                Field(name: "pinned", type: .scalar(.int64), since: 1, location: at),
            ],
            retired: [RetiredField(name: "color", type: .scalar(.string), retiredIn: 2, location: at)],
            systemIndexes: [SystemFieldIndex(field: "___modTime", isQueryable: true, isSortable: true, location: at),
                            SystemFieldIndex(field: "___recordID", isQueryable: true, location: at)],
            location: at)], location: at)
    }

    @Test func matchingSchemaPassesAndVersionRulesAreNotApplied() throws {
        // `pinned` is new with since=1 and no default: a .ckdb baseline cannot say that is wrong.
        let diagnostics = CompatibilityChecker.check(Self.shipped(), against: try Self.baseline())
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.description })")
    }

    @Test func removedFieldKindAndEncryptionAreCaught() throws {
        var new = Self.shipped()
        new.records[0].retired.removeAll()
        new.records[0].fields[0].type = .scalar(.bytes)
        new.records[0].fields[0].isSearchable = false
        new.records[0].fields[1].isEncrypted = false
        new.records[0].versionField = nil
        let codes = CompatibilityChecker.check(new, against: try Self.baseline()).map(\.code)
        #expect(codes.sorted() == [
            DiagnosticCode.fieldRemoved.rawValue, DiagnosticCode.fieldRemoved.rawValue,
            DiagnosticCode.kindChanged.rawValue, DiagnosticCode.encryptionChanged.rawValue,
        ].sorted())
    }

    @Test func lostSystemIndexWarns() throws {
        var new = Self.shipped()
        new.records[0].systemIndexes.removeFirst()
        let diagnostics = CompatibilityChecker.check(new, against: try Self.baseline())
        #expect(diagnostics.map(\.code) == [DiagnosticCode.indexRemoved.rawValue])
        #expect(diagnostics.first?.message.contains("___modTime") == true)
    }
}
