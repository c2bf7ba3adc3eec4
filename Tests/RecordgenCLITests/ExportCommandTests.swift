import Foundation
import Testing

/// `recordgen import` then `recordgen export`: a .ckdb comes back with its types, fields, kinds and indexes.
@Suite struct ExportCommandTests {
    static let ckdb = """
    // a hand-written schema
    DEFINE SCHEMA
        CREATE ROLE editor;
        RECORD TYPE Post (
            "___recordID" REFERENCE QUERYABLE,
            title STRING QUERYABLE SEARCHABLE SORTABLE,
            views NUMBER PREFERRED AS INT64,
            photos LIST<ASSET>,
            secret ENCRYPTED STRING,
            GRANT READ TO "_world",
            GRANT READ, WRITE TO editor
        );
    """

    static let expected = """
    DEFINE SCHEMA

        CREATE ROLE editor;

        RECORD TYPE Post (
            "___createTime" TIMESTAMP,
            "___createdBy"  REFERENCE,
            "___etag"       STRING,
            "___modTime"    TIMESTAMP,
            "___modifiedBy" REFERENCE,
            "___recordID"   REFERENCE QUERYABLE,
            photos          LIST<ASSET>,
            secret          ENCRYPTED STRING,
            title           STRING QUERYABLE SEARCHABLE SORTABLE,
            views           INT64,
            GRANT READ TO "_world",
            GRANT READ, WRITE TO editor
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

    """

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func importThenExportRoundTrips() throws {
        let folder = try TemporaryFolder()
        try folder.write("blog.ckdb", Self.ckdb)
        let imported = try RecordGenBinary.run(["import", "blog.ckdb", "-o", "Blog.records.xml"], in: folder.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        // NUMBER PREFERRED AS INT64 is imported as int64, with a warning at the field.
        #expect(imported.stderr.contains("blog.ckdb:7:9: warning: 'views' is NUMBER PREFERRED AS INT64"), "\(imported.stderr)")
        let validated = try RecordGenBinary.run(["validate", "Blog.records.xml"], in: folder.path)
        #expect(validated.status == 0, "\(validated.stderr)")
        let exported = try RecordGenBinary.run(["export", "Blog.records.xml", "--format", "ckdb"], in: folder.path)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == Self.expected)
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func exportWritesRetiredAndVersionFieldsToAFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("Notes.records.xml", """
        <schema xmlns="urn:recordkit:schema:1" name="Notes">
          <record type="Note" version="2" versionField="schemaVersion">
            <field name="title" kind="string" optional="true"/>
            <retired name="color" kind="string" in="2" encrypted="true"/>
            <retired name="tags" kind="list" of="string" in="2"/>
          </record>
        </schema>
        """)
        let run = try RecordGenBinary.run(["export", "Notes.records.xml", "--format", "ckdb", "-o", "notes.ckdb"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let text = try String(contentsOfFile: folder.path + "/notes.ckdb", encoding: .utf8)
        #expect(text.contains("        color           ENCRYPTED STRING,\n"), "\(text)")
        #expect(text.contains("        schemaVersion   INT64,\n"))
        #expect(text.contains("        tags            LIST<STRING>,\n"))
        // A type in the default zone may be public: it gets CloudKit's default grants, so someone can write it.
        #expect(text.contains("        title           STRING,\n        GRANT WRITE TO \"_creator\",\n        GRANT CREATE TO \"_icloud\",\n        GRANT READ TO \"_world\"\n    );"), "\(text)")
        #expect(text.contains("    RECORD TYPE Users (\n"))
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func invalidSchemaIsNotExported() throws {
        let folder = try TemporaryFolder()
        try folder.write("Bad.records.xml", "<schema xmlns=\"urn:recordkit:schema:1\" name=\"Bad\"><record type=\"A\" zone=\"nowhere\"/></schema>")
        let run = try RecordGenBinary.run(["export", "Bad.records.xml", "--format", "ckdb"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Bad.records.xml:1:"))
    }

    @Test(.enabled(if: RecordGenBinary.path != nil))
    func importReportsSyntaxErrorsWithLineAndColumn() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.ckdb", "DEFINE SCHEMA\nRECORD TYPE A (\n  x STRING\n  y STRING\n);\n")
        let run = try RecordGenBinary.run(["import", "bad.ckdb"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("bad.ckdb:4:3: error: expected ',' or ')'"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
