/// Reads JSON (RFC 8259) into ``LocatedJSON`` values that keep their line and column.
///
/// Small on purpose: it reads configuration files of a few lines. Nesting is limited (``maximumDepth``) so that
/// hostile input cannot exhaust the stack; invalid UTF-8, control characters in strings and trailing text are
/// errors at their place.
struct LocatedJSONReader {
    /// Deeper nesting than this is refused.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Reads one JSON value from `bytes`; a UTF-8 byte order mark at the start is skipped.
    static func read(_ bytes: [UInt8]) throws(LocatedJSONSyntaxError) -> LocatedJSON {
        var reader = LocatedJSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.index = 3
            reader.lineStart = 3
        }
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> LocatedJSONSyntaxError {
        LocatedJSONSyntaxError(message: message, line: line, column: column)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func readValue(depth: Int) throws(LocatedJSONSyntaxError) -> LocatedJSON {
        let (startLine, startColumn) = (line, column)
        func located(_ value: LocatedJSON.Value) -> LocatedJSON {
            LocatedJSON(value: value, line: startLine, column: startColumn)
        }
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            return located(.object(try readMembers(depth: depth + 1)))
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            return located(.array(try readElements(depth: depth + 1)))
        case UInt8(ascii: "\""):
            return located(.string(try readString()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return located(.number(try readNumber()))
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return located(.bool(true))
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return located(.bool(false))
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return located(.null)
        default:
            throw error("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func readMembers(depth: Int) throws(LocatedJSONSyntaxError) -> [LocatedJSON.Member] {
        index += 1  // {
        skipWhitespace()
        var members: [LocatedJSON.Member] = []
        if current == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let (keyLine, keyColumn) = (line, column)
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            let value = try readValue(depth: depth)
            members.append(LocatedJSON.Member(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return members
            default:
                throw error("expected ',' or '}' after a member of an object")
            }
        }
    }

    private mutating func readElements(depth: Int) throws(LocatedJSONSyntaxError) -> [LocatedJSON] {
        index += 1  // [
        skipWhitespace()
        var elements: [LocatedJSON] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return elements
            default:
                throw error("expected ',' or ']' after an element of an array")
            }
        }
    }

    private mutating func readLiteral(_ word: String) throws(LocatedJSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected a value (an object, array, string, number, true, false or null)")
        }
        index += expected.count
    }

    private mutating func readNumber() throws(LocatedJSONSyntaxError) -> String {
        let start = index
        func digits(_ reader: inout LocatedJSONReader) -> Int {
            let first = reader.index
            while let byte = reader.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { reader.index += 1 }
            return reader.index - first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("expected a digit") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw LocatedJSONSyntaxError(message: "a number may not start with 0", line: line, column: integerStart - lineStart + 1)
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readString() throws(LocatedJSONSyntaxError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var pendingRun = index  // start of bytes not yet copied
        func flush(_ reader: LocatedJSONReader, upTo end: Int, into scalars: inout String.UnicodeScalarView) throws(LocatedJSONSyntaxError) {
            guard pendingRun < end else { return }
            guard let text = String(validating: reader.bytes[pendingRun..<end], as: UTF8.self) else {
                throw LocatedJSONSyntaxError(
                    message: "the string is not valid UTF-8", line: reader.line, column: pendingRun - reader.lineStart + 1)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = current else { throw error("the string is not closed: expected '\"'") }
            switch byte {
            case UInt8(ascii: "\""):
                try flush(self, upTo: index, into: &scalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(self, upTo: index, into: &scalars)
                index += 1
                scalars.append(try readEscape())
                pendingRun = index
            case 0..<0x20:
                throw error("a control character in a string must be escaped (\\n, \\t, \\u0000)")
            default:
                index += 1
            }
        }
    }

    /// The character after a backslash (`\u` escapes as UTF-16, surrogate pairs joined).
    private mutating func readEscape() throws(LocatedJSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("the string is not closed: expected '\"'") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try readHexQuad()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate must be followed by a \\u low surrogate")
                }
                index += 2
                let second = try readHexQuad()
                guard (0xDC00..<0xE000).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw error("expected a \\u low surrogate (DC00-DFFF)") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("a low surrogate without a high surrogate") }
            return scalar
        default:
            index -= 2  // at the backslash
            throw error("unknown escape: use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
        }
    }

    private mutating func readHexQuad() throws(LocatedJSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw error("expected 4 hex digits after \\u") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
