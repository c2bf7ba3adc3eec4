/// One token of the CloudKit Schema Language.
struct CKDBToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A bare word: a keyword or a name. Keywords are matched without case by the parser.
        case word(String)
        /// A name in double quotes, never a keyword.
        case quoted(String)
        case leftParen, rightParen, comma, semicolon, less, greater
        case endOfFile
    }

    var kind: Kind
    /// 1-based line and column (in UTF-8 bytes) of the token's first character.
    var line: Int
    var column: Int

    /// How an error message names this token.
    var display: String {
        switch kind {
        case let .word(text): "'\(text)'"
        case let .quoted(text): "\"\(text)\""
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .comma: "','"
        case .semicolon: "';'"
        case .less: "'<'"
        case .greater: "'>'"
        case .endOfFile: "the end of the file"
        }
    }

    /// True when this is the bare keyword `keyword` (compared without case).
    func isKeyword(_ keyword: String) -> Bool {
        if case let .word(text) = kind { return text.uppercased() == keyword }
        return false
    }

    /// The name this token spells, bare or quoted; nil for punctuation.
    var name: String? {
        switch kind {
        case let .word(text), let .quoted(text): text
        default: nil
        }
    }
}
