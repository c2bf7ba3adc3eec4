/// Splits .ckdb text into tokens, skipping white space and comments (`//` and `--` to the end of the line,
/// `/* … */` anywhere, also before `DEFINE SCHEMA`).
struct CKDBLexer {
    private let bytes: [UInt8]
    private let file: String
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(text: String, file: String) {
        self.bytes = Array(text.utf8)
        self.file = file
        // Editors on some systems start a file with a byte order mark: skip it, columns count after it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
    }

    /// Every token of the text, ending with `.endOfFile`.
    static func tokenize(_ text: String, file: String) throws(CKDBSyntaxError) -> [CKDBToken] {
        var lexer = CKDBLexer(text: text, file: file)
        var tokens: [CKDBToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    private var column: Int { offset - lineStart + 1 }

    private func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    private mutating func advance() {
        if bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        offset += 1
    }

    mutating func next() throws(CKDBSyntaxError) -> CKDBToken {
        try skipTrivia()
        let startLine = line, startColumn = column
        func token(_ kind: CKDBToken.Kind) -> CKDBToken { CKDBToken(kind: kind, line: startLine, column: startColumn) }
        guard let byte = peek() else { return token(.endOfFile) }
        switch byte {
        case UInt8(ascii: "("): advance(); return token(.leftParen)
        case UInt8(ascii: ")"): advance(); return token(.rightParen)
        case UInt8(ascii: ","): advance(); return token(.comma)
        case UInt8(ascii: ";"): advance(); return token(.semicolon)
        case UInt8(ascii: "<"): advance(); return token(.less)
        case UInt8(ascii: ">"): advance(); return token(.greater)
        case UInt8(ascii: "\""): return token(.quoted(try quoted(line: startLine, column: startColumn)))
        default:
            guard Self.isWordByte(byte) else {
                let shown = String(decoding: [byte], as: UTF8.self)
                throw CKDBSyntaxError(
                    "unexpected character '\(shown)': expected a name, a keyword or one of ( ) , ; < >",
                    at: location(line: startLine, column: startColumn))
            }
            let start = offset
            while let next = peek(), Self.isWordByte(next) { advance() }
            return token(.word(String(decoding: bytes[start..<offset], as: UTF8.self)))
        }
    }

    /// Letters, digits, `_`, and any non-ASCII byte (so a name in another script reaches the parser whole
    /// and is judged there, rather than failing here byte by byte).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    /// A double-quoted name; `""` inside stands for one quote. Quoted names end on their line.
    private mutating func quoted(line startLine: Int, column startColumn: Int) throws(CKDBSyntaxError) -> String {
        advance()
        var text: [UInt8] = []
        while let byte = peek() {
            if byte == UInt8(ascii: "\"") {
                advance()
                if peek() == UInt8(ascii: "\"") {
                    text.append(byte)
                    advance()
                    continue
                }
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") { break }
            text.append(byte)
            advance()
        }
        throw CKDBSyntaxError(
            "unterminated quoted name: expected a closing '\"' on the same line",
            at: location(line: startLine, column: startColumn))
    }

    private mutating func skipTrivia() throws(CKDBSyntaxError) {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                advance()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"),
                 UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-"):
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let startLine = line, startColumn = column
                advance(); advance()
                var closed = false
                while let next = peek() {
                    if next == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                        advance(); advance()
                        closed = true
                        break
                    }
                    advance()
                }
                if !closed {
                    throw CKDBSyntaxError(
                        "unterminated comment: expected '*/' to close the comment opened here",
                        at: location(line: startLine, column: startColumn))
                }
            default:
                return
            }
        }
    }
}
