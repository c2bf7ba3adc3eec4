import Testing
@testable import RecordSchema

@Suite("CKDB parser")
struct CKDBParserTests {
    @Test("comments anywhere, lower-case keywords, quoted names, every type form")
    func parsesEveryConstruct() throws {
        let text = """
        -- a comment before the schema
        /* and a block
           comment */
        define schema // trailing
            create role "editors";
            create role dev;
            record type "Item" (
                "___createTime" timestamp sortable,
                "type"    string queryable searchable sortable, -- a quoted keyword-ish name
                secret    encrypted string,
                numbers   list<int64> queryable,
                blobs     encrypted list<bytes>,
                count     number preferred as int64,
                ratio     NUMBER PREFERRED AS DOUBLE,
                raw       NUMBER,
                place     LOCATION /* inline */ QUERYABLE,
                grant read, write to "editors",
                GRANT CREATE TO dev,
            );
        """
        let document = try CKDBParser.parse(text, file: "x.ckdb")
        #expect(document.roles.map(\.name) == ["editors", "dev"])
        let item = try #require(document.recordTypes.first)
        #expect(item.name == "Item")
        #expect(item.location == SourceLocation(file: "x.ckdb", line: 7, column: 5))
        #expect(item.fields.map(\.name) == ["___createTime", "type", "secret", "numbers", "blobs", "count", "ratio", "raw", "place"])
        #expect(item.fields.map(\.type.description) == [
            "TIMESTAMP", "STRING", "ENCRYPTED STRING", "LIST<INT64>", "LIST<ENCRYPTED BYTES>",
            "NUMBER PREFERRED AS INT64", "NUMBER PREFERRED AS DOUBLE", "NUMBER", "LOCATION",
        ])
        #expect(item.fields[1].isQueryable && item.fields[1].isSearchable && item.fields[1].isSortable)
        #expect(item.fields[1].location == SourceLocation(file: "x.ckdb", line: 9, column: 9))
        #expect(item.grants.map(\.role) == ["editors", "dev"])
        #expect(item.grants[0].permissions == [.read, .write])
        #expect(item.grants[1].permissions == [.create])
    }

    @Test("a field named grant is a field, not a grant")
    func fieldNamedGrant() throws {
        let document = try CKDBParser.parse("DEFINE SCHEMA RECORD TYPE A (grant STRING, GRANT READ TO \"_world\");", file: "g.ckdb")
        let type = try #require(document.recordTypes.first)
        #expect(type.fields.map(\.name) == ["grant"])
        #expect(type.grants.count == 1)
    }

    @Test("a byte order mark is skipped; columns count after it")
    func byteOrderMark() throws {
        #expect(throws: Never.self) { try CKDBParser.parse("\u{FEFF}DEFINE SCHEMA RECORD TYPE A (x STRING);", file: "bom.ckdb") }
        #expect { try CKDBParser.parse("\u{FEFF}DEFINE SCHEMA RECORD TYPE A (x TEXT);", file: "bom.ckdb") } throws: { error in
            (error as? CKDBSyntaxError)?.location.column == 32
        }
    }

    @Test("the last semicolon may be missing")
    func lastSemicolonOptional() throws {
        let document = try CKDBParser.parse("DEFINE SCHEMA RECORD TYPE A (x STRING)", file: "s.ckdb")
        #expect(document.recordTypes.count == 1)
    }

    struct BadInput: Sendable, CustomStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var expected: String
        var description: String { expected }
    }

    @Test("parse errors carry line, column and what was expected", arguments: [
        BadInput(text: "RECORD TYPE A (x STRING);", line: 1, column: 1, expected: "expected 'DEFINE'"),
        BadInput(text: "DEFINE SCHEMA\n  RECORD TYPE A (\n    x FLOAT\n  );", line: 3, column: 7, expected: "expected a field type"),
        BadInput(text: "DEFINE SCHEMA\nRECORD TYPE A (x STRING QUERYABLE y STRING);", line: 2, column: 35, expected: "expected ',' or ')'"),
        BadInput(text: "DEFINE SCHEMA\nRECORD TYPE A (x LIST<STRING STRING>);", line: 2, column: 30, expected: "expected '>'"),
        BadInput(text: "DEFINE SCHEMA\nRECORD TYPE A (GRANT READ \"_world\");", line: 2, column: 27, expected: "expected 'TO'"),
        BadInput(text: "DEFINE SCHEMA\nRECORD TYPE A (x NUMBER PREFERRED AS STRING);", line: 2, column: 38, expected: "expected INT64 or DOUBLE"),
        BadInput(text: "DEFINE SCHEMA\nRECORD TYPE A (\"x STRING);", line: 2, column: 16, expected: "unterminated quoted name"),
        BadInput(text: "DEFINE SCHEMA\n/* open", line: 2, column: 1, expected: "unterminated comment"),
        BadInput(text: "DEFINE SCHEMA\nRECORD TYPE A (x STRING) RECORD TYPE B (y STRING);", line: 2, column: 26, expected: "expected ';'"),
        BadInput(text: "DEFINE SCHEMA\nDROP TYPE A;", line: 2, column: 1, expected: "expected 'RECORD TYPE' or 'CREATE ROLE'"),
        BadInput(text: "DEFINE SCHEMA\nRECORD TYPE A (x STRING = 1);", line: 2, column: 25, expected: "unexpected character '='"),
        BadInput(text: "DEFINE SCHEMA\nRECORD TYPE A (x STRING", line: 2, column: 24, expected: "found the end of the file"),
    ])
    func syntaxErrors(_ input: BadInput) {
        #expect {
            _ = try CKDBParser.parse(input.text, file: "bad.ckdb")
        } throws: { error in
            guard let error = error as? CKDBSyntaxError else { return false }
            return error.location == SourceLocation(file: "bad.ckdb", line: input.line, column: input.column)
                && error.message.contains(input.expected)
                && error.description.hasPrefix("bad.ckdb:\(input.line):\(input.column): error: ")
        }
    }
}
