import Foundation

/// Parses the CloudKit Schema Language (the `.ckdb` files `cktool export-schema` writes and
/// `cktool import-schema` reads) into a `CKDBDocument`.
///
/// Grammar, keywords matched without case:
/// ```
/// file        = "DEFINE" "SCHEMA" { statement ";" }
/// statement   = "CREATE" "ROLE" name | "RECORD" "TYPE" name "(" member { "," member } [","] ")"
/// member      = name type { "QUERYABLE" | "SORTABLE" | "SEARCHABLE" }
///             | "GRANT" permission { "," permission } "TO" name
/// type        = ["ENCRYPTED"] primitive | "LIST" "<" ["ENCRYPTED"] primitive ">"
/// primitive   = ASSET | BYTES | DOUBLE | INT64 | LOCATION | REFERENCE | STRING | TIMESTAMP
///             | "NUMBER" [ "PREFERRED" "AS" ( "INT64" | "DOUBLE" ) ]
/// ```
/// The last statement's `;` may be left out, a comma may end the member list, and `ENCRYPTED LIST<T>` is read
/// as `LIST<ENCRYPTED T>`: hand-written files do all three.
public struct CKDBParser {
    private let tokens: [CKDBToken]
    private let file: String
    private var index = 0

    private init(tokens: [CKDBToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    /// Parses .ckdb text; `file` is the path diagnostics name.
    public static func parse(_ text: String, file: String) throws(CKDBSyntaxError) -> CKDBDocument {
        var parser = CKDBParser(tokens: try CKDBLexer.tokenize(text, file: file), file: file)
        return try parser.document()
    }

    /// Files larger than this are refused before they are parsed.
    public static let maximumBytes = 16 << 20

    /// Reads and parses a .ckdb file; the path is kept as given for diagnostics.
    public static func parse(contentsOf path: String) throws(CKDBSyntaxError) -> CKDBDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CKDBSyntaxError("cannot read the file (it does not exist, or is not readable)", at: SourceLocation(file: path, line: 1))
        }
        guard data.count <= maximumBytes else {
            throw CKDBSyntaxError("the file is \(data.count) bytes, more than the limit of \(maximumBytes); a CloudKit schema is far smaller", at: SourceLocation(file: path, line: 1))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CKDBSyntaxError("the file is not UTF-8 text", at: SourceLocation(file: path, line: 1))
        }
        return try parse(text, file: path)
    }

    // MARK: Token access

    private var current: CKDBToken { tokens[min(index, tokens.count - 1)] }

    private func location(of token: CKDBToken) -> SourceLocation {
        SourceLocation(file: file, line: token.line, column: token.column)
    }

    private func failure(_ expected: String) -> CKDBSyntaxError {
        CKDBSyntaxError("expected \(expected), found \(current.display)", at: location(of: current))
    }

    private mutating func take() -> CKDBToken {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private mutating func takeKeyword(_ keyword: String) -> Bool {
        guard current.isKeyword(keyword) else { return false }
        index += 1
        return true
    }

    private mutating func expectKeyword(_ keyword: String, _ context: String = "") throws(CKDBSyntaxError) {
        guard takeKeyword(keyword) else { throw failure("'\(keyword)'\(context)") }
    }

    private mutating func take(_ kind: CKDBToken.Kind) -> Bool {
        guard current.kind == kind else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ kind: CKDBToken.Kind, _ what: String) throws(CKDBSyntaxError) {
        guard take(kind) else { throw failure(what) }
    }

    private mutating func name(_ what: String) throws(CKDBSyntaxError) -> (String, SourceLocation) {
        let token = current
        guard let text = token.name else { throw failure(what) }
        index += 1
        return (text, location(of: token))
    }

    // MARK: Grammar

    private mutating func document() throws(CKDBSyntaxError) -> CKDBDocument {
        try expectKeyword("DEFINE", " to start the schema ('DEFINE SCHEMA')")
        try expectKeyword("SCHEMA", " after 'DEFINE'")
        var document = CKDBDocument()
        while current.kind != .endOfFile {
            if take(.semicolon) { continue }
            if current.isKeyword("CREATE") {
                index += 1
                try expectKeyword("ROLE", " after 'CREATE'")
                let (role, at) = try name("a role name after 'CREATE ROLE'")
                document.roles.append(Role(name: role, location: at))
            } else if current.isKeyword("RECORD") {
                document.recordTypes.append(try recordType())
            } else {
                throw failure("'RECORD TYPE' or 'CREATE ROLE'")
            }
            if current.kind != .endOfFile { try expect(.semicolon, "';' after the statement") }
        }
        return document
    }

    private mutating func recordType() throws(CKDBSyntaxError) -> CKDBRecordType {
        let start = location(of: take())
        try expectKeyword("TYPE", " after 'RECORD'")
        let (typeName, _) = try name("a record type name after 'RECORD TYPE'")
        var type = CKDBRecordType(name: typeName, location: start)
        try expect(.leftParen, "'(' to open the member list of record type \(typeName)")
        while !take(.rightParen) {
            if isGrantStart {
                type.grants.append(try grant())
            } else {
                type.fields.append(try field())
            }
            if take(.comma) { continue }
            try expect(.rightParen, "',' or ')' after a member of record type \(typeName)")
            break
        }
        return type
    }

    /// A bare `GRANT` followed by a permission starts a grant; anything else is a field (even one named `grant`).
    private var isGrantStart: Bool {
        guard current.isKeyword("GRANT"), index + 1 < tokens.count else { return false }
        let next = tokens[index + 1]
        return ["READ", "CREATE", "WRITE"].contains { next.isKeyword($0) }
    }

    private mutating func grant() throws(CKDBSyntaxError) -> Grant {
        let start = location(of: take())
        var permissions: [Grant.Permission] = []
        repeat {
            guard let permission = Grant.Permission.allCases.first(where: { current.isKeyword($0.rawValue.uppercased()) }) else {
                throw failure("a permission (READ, CREATE or WRITE)")
            }
            index += 1
            if !permissions.contains(permission) { permissions.append(permission) }
        } while take(.comma)
        try expectKeyword("TO", " after the permissions of a grant")
        let (role, _) = try name("a role name after 'TO'")
        return Grant(role: role, permissions: permissions.sorted(), location: start)
    }

    private mutating func field() throws(CKDBSyntaxError) -> CKDBField {
        let (fieldName, at) = try name("a field name or 'GRANT'")
        var field = CKDBField(name: fieldName, type: try fieldType(), location: at)
        while true {
            if takeKeyword("QUERYABLE") {
                field.isQueryable = true
            } else if takeKeyword("SORTABLE") {
                field.isSortable = true
            } else if takeKeyword("SEARCHABLE") {
                field.isSearchable = true
            } else {
                return field
            }
        }
    }

    private mutating func fieldType() throws(CKDBSyntaxError) -> CKDBFieldType {
        var encrypted = takeKeyword("ENCRYPTED")
        guard takeKeyword("LIST") else {
            return CKDBFieldType(try primitive(), isEncrypted: encrypted)
        }
        try expect(.less, "'<' after 'LIST'")
        if takeKeyword("ENCRYPTED") { encrypted = true }
        let element = try primitive()
        try expect(.greater, "'>' to close 'LIST<'")
        return CKDBFieldType(element, isList: true, isEncrypted: encrypted)
    }

    private static let primitives: [(String, CKDBFieldType.Primitive)] = [
        ("ASSET", .asset), ("BYTES", .bytes), ("DOUBLE", .double), ("INT64", .int64),
        ("LOCATION", .location), ("REFERENCE", .reference), ("STRING", .string), ("TIMESTAMP", .timestamp),
    ]

    private mutating func primitive() throws(CKDBSyntaxError) -> CKDBFieldType.Primitive {
        if takeKeyword("NUMBER") {
            guard takeKeyword("PREFERRED") else { return .number(preferred: nil) }
            try expectKeyword("AS", " after 'NUMBER PREFERRED'")
            if takeKeyword("INT64") { return .number(preferred: .int64) }
            if takeKeyword("DOUBLE") { return .number(preferred: .double) }
            throw failure("INT64 or DOUBLE after 'NUMBER PREFERRED AS'")
        }
        for (keyword, primitive) in Self.primitives where takeKeyword(keyword) {
            return primitive
        }
        throw failure("a field type (ASSET, BYTES, DOUBLE, INT64, LOCATION, NUMBER, REFERENCE, STRING, TIMESTAMP or LIST<…>)")
    }
}
