import Foundation

/// A pull scanner over the UTF-8 bytes of a JSON document.
///
/// The decoders walk a body with it member by member, so nothing is built that a record does not keep: keys are
/// compared as bytes, and strings are made only for values. Every read checks the bounds itself; objects and
/// arrays deeper than `maxDepth` are refused. Strings are checked for valid UTF-8, raw control characters and
/// lone surrogates; numbers follow the JSON grammar exactly.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int = 0
    var depth: Int = 0
    let maxDepth: Int
    /// The last string read at each repetitive member (see ``readString(cachedIn:)``).
    var recentStrings = [RecentString](repeating: RecentString(), count: StringSlot.allCases.count)
    /// The member names of the open objects: a name repeated in one object is refused. Nil in a look-ahead copy.
    var memberNames: JSONMemberNames? = JSONMemberNames()

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 256) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    // MARK: Errors

    /// An error at the current position.
    func error(_ reason: WebServicesError.Reason) -> WebServicesError {
        error(reason, at: index)
    }

    /// An error at `offset`, with its line and column.
    func error(_ reason: WebServicesError.Reason, at position: Int) -> WebServicesError {
        let offset = min(position, bytes.count)
        var line = 1
        var lineStart = 0
        var scanned = 0
        while scanned < offset {
            if bytes[scanned] == UInt8(ascii: "\n") {
                line += 1
                lineStart = scanned + 1
            }
            scanned += 1
        }
        return WebServicesError(reason, offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// What is at the current position, for messages.
    func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7f { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16)
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0a, 0x0d, 0x09: index += 1
            default: return
            }
        }
    }

    /// The kind of the next value, after whitespace; the value is not consumed.
    mutating func peekKind() throws(WebServicesError) -> JSONKind {
        skipWhitespace()
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw error(.syntax(expected: "a value", found: describeCurrent()))
        }
    }

    /// A type-mismatch error for the next value.
    mutating func mismatch(expected: String) -> WebServicesError {
        do {
            let kind = try peekKind()
            return error(.typeMismatch(expected: expected, found: kind.description))
        } catch {
            return error
        }
    }

    /// A copy for looking ahead: it reads what this scanner will read (and check) again, so it does not check
    /// member names, and so shares their storage without ever copying it.
    var lookahead: JSONScanner {
        var copy = self
        copy.memberNames = nil
        return copy
    }

    /// Consumes `{`. Follow with ``nextKey(_:)`` until it returns nil.
    mutating func beginObject() throws(WebServicesError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw mismatch(expected: "an object") }
        try enter()
        index += 1
        memberNames?.open()
    }

    /// Consumes `[`. Follow with ``nextElement(_:)`` until it returns false.
    mutating func beginArray() throws(WebServicesError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { throw mismatch(expected: "an array") }
        try enter()
        index += 1
    }

    private mutating func enter() throws(WebServicesError) {
        depth += 1
        if depth > maxDepth { throw error(.tooDeep(limit: maxDepth)) }
    }

    /// The next key of the object being read, with its `:` consumed; nil after the closing `}`.
    /// `first` must start true for each object.
    mutating func nextKey(_ first: inout Bool) throws(WebServicesError) -> JSONKey? {
        skipWhitespace()
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            memberNames?.close()
            return nil
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error(.syntax(expected: "',' or '}'", found: describeCurrent()))
            }
            index += 1
            skipWhitespace()
        }
        first = false
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw error(.syntax(expected: "a member name in quotes", found: describeCurrent()))
        }
        let raw = try scanString()
        let key = raw.hasEscapes ? JSONKey(start: raw.start, end: raw.end, unescaped: try unescape(raw)) : JSONKey(start: raw.start, end: raw.end, unescaped: nil)
        if memberNames?.insert(start: key.start, end: key.end, unescaped: key.unescaped, in: bytes) == false {
            let name = string(of: key)
            throw error(.duplicateKey(name), at: raw.start &- 1).within(.key(name))
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error(.syntax(expected: "':' after a member name", found: describeCurrent()))
        }
        index += 1
        return key
    }

    /// Whether the array being read has another element (its `,` consumed); false after the closing `]`.
    /// `first` must start true for each array.
    mutating func nextElement(_ first: inout Bool) throws(WebServicesError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error(.syntax(expected: "',' or ']'", found: describeCurrent()))
            }
            index += 1
        }
        first = false
        return true
    }

    /// Whether `key` is exactly `name`.
    func key(_ key: JSONKey, is name: StaticString) -> Bool {
        if let unescaped = key.unescaped { return unescaped == name.description }
        let length = key.end - key.start
        guard length == name.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base + key.start, name.utf8Start, length) == 0
    }

    /// The key as a string.
    func string(of key: JSONKey) -> String {
        if let unescaped = key.unescaped { return unescaped }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), as: UTF8.self)
    }

    /// Consumes any value.
    mutating func skipValue() throws(WebServicesError) {
        switch try peekKind() {
        case .object:
            try beginObject()
            var first = true
            while let key = try nextKey(&first) { try skipMember(key) }
        case .array:
            try beginArray()
            var first = true
            var position = 0
            while try nextElement(&first) {
                do throws(WebServicesError) { try skipValue() } catch { throw error.within(.index(position)) }
                position &+= 1
            }
        case .string: _ = try scanString()
        case .number: _ = try scanNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        }
    }

    /// Consumes the value of the member `key`; errors inside it name the member in their path.
    mutating func skipMember(_ key: JSONKey) throws(WebServicesError) {
        do throws(WebServicesError) { try skipValue() } catch { throw error.within(.key(string(of: key))) }
    }

    /// Requires that only whitespace is left.
    mutating func expectEnd() throws(WebServicesError) {
        skipWhitespace()
        if index < bytes.count { throw error(.trailingData) }
    }

    // MARK: Literals

    mutating func readBool() throws(WebServicesError) -> Bool {
        skipWhitespace()
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "t") || bytes[index] == UInt8(ascii: "f") {
            throw error(.syntax(expected: "true or false", found: describeCurrent()))
        }
        throw mismatch(expected: "true or false")
    }

    /// Whether the next value is `null`; consumes it if so.
    mutating func readNullIfPresent() -> Bool {
        skipWhitespace()
        return matchLiteral("null")
    }

    mutating func readNull() throws(WebServicesError) {
        if !readNullIfPresent() { throw error(.syntax(expected: "null", found: describeCurrent())) }
    }

    private mutating func matchLiteral(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard bytes.count - index >= length, let base = bytes.baseAddress,
              memcmp(base + index, literal.utf8Start, length) == 0 else { return false }
        index += length
        return true
    }
}

/// The kinds of JSON value.
enum JSONKind: CustomStringConvertible {
    case object, array, string, number, bool, null

    var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A member name: its bytes in the input, or its unescaped text when it held escapes.
struct JSONKey {
    let start: Int
    let end: Int
    let unescaped: String?
}
