import Testing
@testable import RecordSchema

@Suite("CKDB importer")
struct CKDBImporterTests {
    private func importText(_ body: String) throws -> CKDBImporter.Result {
        try CKDBImporter.importSchema("DEFINE SCHEMA\n" + body, file: "in.ckdb")
    }

    @Test("types become version-1 record types with optional fields, roles and grants kept")
    func mapsTypes() throws {
        let result = try importText("""
            CREATE ROLE dev;
            RECORD TYPE Note (
                "___recordID" REFERENCE QUERYABLE,
                "___etag" STRING,
                title STRING QUERYABLE SEARCHABLE,
                tags LIST<STRING>,
                secret ENCRYPTED STRING,
                GRANT READ, WRITE TO dev
            );
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.schema.name == "in")
        #expect(result.schema.roles.map(\.name) == ["dev"])
        let note = try #require(result.schema.record(named: "Note"))
        #expect(note.version == 1 && note.versionField == nil && note.zone == nil)
        #expect(note.fields.map(\.name) == ["title", "tags", "secret"])
        #expect(note.fields.allSatisfy { $0.isOptional })
        #expect(note.field(named: "tags")?.type == .list(of: .string))
        #expect(note.field(named: "secret")?.isEncrypted == true)
        #expect(note.systemIndexes == [SystemFieldIndex(field: "___recordID", isQueryable: true, location: SourceLocation(file: "in.ckdb", line: 4, column: 5))])
        #expect(note.grants.map(\.role) == ["dev"])
    }

    @Test("NUMBER maps to the preferred or closest kind, with a warning at the field")
    func numbers() throws {
        let result = try importText("RECORD TYPE A (a NUMBER PREFERRED AS INT64, b NUMBER PREFERRED AS DOUBLE, c NUMBER);")
        let fields = try #require(result.schema.record(named: "A")).fields
        #expect(fields.map(\.type) == [.scalar(.int64), .scalar(.double), .scalar(.double)])
        #expect(result.diagnostics.map(\.code) == [DiagnosticCode.numberType.rawValue, DiagnosticCode.numberType.rawValue, DiagnosticCode.numberType.rawValue])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.diagnostics[2].location == SourceLocation(file: "in.ckdb", line: 2, column: 75))
    }

    @Test("what the schema language cannot express is a located warning, never dropped silently")
    func warnings() throws {
        let result = try importText("""
            RECORD TYPE A (
                "bad name" STRING,
                recordName STRING,
                x STRING,
                x INT64,
                pic ASSET QUERYABLE,
                code ENCRYPTED STRING QUERYABLE,
                n INT64 SEARCHABLE,
                "___mystery" STRING,
                GRANT READ TO ghost
            );
            RECORD TYPE "9lives" (y STRING);
            """)
        let a = try #require(result.schema.record(named: "A"))
        #expect(a.fields.map(\.name) == ["x", "pic", "code", "n"])
        #expect(a.field(named: "pic")?.hasIndex == false)
        #expect(a.field(named: "code")?.hasIndex == false)
        #expect(a.field(named: "n")?.isSearchable == false)
        #expect(a.grants.map(\.role) == ["ghost"])
        #expect(result.schema.roles.map(\.name) == ["ghost"])
        #expect(result.schema.record(named: "9lives") == nil)
        let lines = result.diagnostics.compactMap(\.location?.line)
        #expect(lines == [3, 4, 6, 7, 8, 9, 10, 11, 13])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        // What was kept validates.
        #expect(SchemaValidator.validate(result.schema).filter { $0.severity == .error }.isEmpty)
    }

    @Test("roles that are not identifiers are dropped with their grants, with a warning")
    func badRoles() throws {
        let result = try importText("""
            CREATE ROLE "bad role";
            CREATE ROLE "_world";
            RECORD TYPE A (x STRING, GRANT READ TO "bad role", GRANT READ TO "also bad");
            """)
        #expect(result.schema.roles.isEmpty)
        #expect(result.schema.records.first?.grants.isEmpty == true)
        #expect(result.diagnostics.compactMap(\.location?.line) == [2, 3, 4])
    }

    @Test("the export writes retired fields and the version field, so no deployed field is dropped")
    func exportKeepsDeployedFields() throws {
        let at = SourceLocation(file: "s.records.xml", line: 1)
        let record = RecordType(
            name: "Note", version: 2, versionField: "version",
            fields: [Field(name: "title", type: .scalar(.string), isQueryable: true, location: at)],
            retired: [RetiredField(name: "color", type: .scalar(.string), retiredIn: 2, encrypted: true, location: at)],
            grants: [Grant(role: "_world", permissions: [.read], location: at), Grant(role: "_creator", permissions: [.write, .read], location: at)],
            location: at)
        let text = CKDBWriter.write(Schema(name: "S", roles: [Role(name: "grant", location: at)], records: [record], location: at))
        #expect(text == """
            DEFINE SCHEMA

                CREATE ROLE "grant";

                RECORD TYPE Note (
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE,
                    color           ENCRYPTED STRING,
                    title           STRING QUERYABLE,
                    version         INT64,
                    GRANT READ, WRITE TO "_creator",
                    GRANT READ TO "_world"
                );

                RECORD TYPE Users (
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE,
                    roles           LIST<INT64>,
                    GRANT WRITE TO "_creator",
                    GRANT READ TO "_world"
                );

            """)
    }
}
