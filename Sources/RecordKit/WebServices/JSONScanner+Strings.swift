import Foundation

/// Strings: the raw scan, escapes, UTF-8 validation.
extension JSONScanner {
    /// Where a string's content lies in the input, and whether it needs unescaping.
    struct RawString {
        let start: Int
        let end: Int
        let hasEscapes: Bool
    }

    /// Consumes a string (the current byte must be its opening quote) and returns where its content lies.
    /// Raw control characters and invalid UTF-8 are refused here; escapes are checked by ``unescape(_:)``.
    mutating func scanString() throws(WebServicesError) -> RawString {
        let start = index + 1
        var position = start
        var hasEscapes = false
        var nonASCII: UInt8 = 0
        while true {
            guard position < bytes.count else { throw error(.unexpectedEnd, at: position) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 2
                continue
            }
            if byte < 0x20 { throw error(.invalidString("raw control character 0x\(String(byte, radix: 16)) must be escaped"), at: position) }
            nonASCII |= byte
            position += 1
        }
        if nonASCII & 0x80 != 0, !hasEscapes, !isValidUTF8(start, position) {
            throw error(.invalidString("not valid UTF-8"), at: start)
        }
        index = position + 1
        return RawString(start: start, end: position, hasEscapes: hasEscapes)
    }

    /// Reads a string value.
    mutating func readString() throws(WebServicesError) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw mismatch(expected: "a string") }
        let raw = try scanString()
        if raw.hasEscapes { return try unescape(raw) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[raw.start..<raw.end]), as: UTF8.self)
    }

    /// Reads a string value; when its bytes equal the last string read for `slot`, returns that string instead
    /// of making a new one. Members such as zone names and user record names repeat in every record of a
    /// response, so this saves an allocation per record and member.
    mutating func readString(cachedIn slot: StringSlot) throws(WebServicesError) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw mismatch(expected: "a string") }
        let raw = try scanString()
        if raw.hasEscapes { return try unescape(raw) }
        let length = raw.end - raw.start
        let recent = recentStrings[slot.rawValue]
        if recent.length == length, let base = bytes.baseAddress, memcmp(base + recent.start, base + raw.start, length) == 0 {
            return recent.value
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[raw.start..<raw.end]), as: UTF8.self)
        recentStrings[slot.rawValue] = RecentString(start: raw.start, length: length, value: value)
        return value
    }

    /// Reads a string value through the slot's cache, or nil for `null`.
    mutating func readOptionalString(cachedIn slot: StringSlot) throws(WebServicesError) -> String? {
        if readNullIfPresent() { return nil }
        return try readString(cachedIn: slot)
    }

    /// Reads a string value, or nil for `null`.
    mutating func readOptionalString() throws(WebServicesError) -> String? {
        if readNullIfPresent() { return nil }
        return try readString()
    }

    /// The text of a string with escapes, checked: valid escapes, paired surrogates, valid UTF-8.
    func unescape(_ raw: RawString) throws(WebServicesError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.end - raw.start)
        var position = raw.start
        while position < raw.end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            guard position + 1 < raw.end else { throw error(.invalidString("a lone backslash"), at: position) }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0c)
            case UInt8(ascii: "n"): output.append(0x0a)
            case UInt8(ascii: "r"): output.append(0x0d)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                let escapeStart = position - 2
                var scalar = try hex4(at: position, limit: raw.end)
                position += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard position + 6 <= raw.end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error(.invalidString("a high surrogate \\u\(String(scalar, radix: 16)) without its low half"), at: escapeStart)
                    }
                    let low = try hex4(at: position + 2, limit: raw.end)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error(.invalidString("a high surrogate followed by \\u\(String(low, radix: 16)), not a low surrogate"), at: escapeStart)
                    }
                    position += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error(.invalidString("a low surrogate \\u\(String(scalar, radix: 16)) without its high half"), at: escapeStart)
                }
                appendUTF8(scalar, to: &output)
            default:
                throw error(.invalidString("unknown escape \\\(Character(Unicode.Scalar(escaped)))"), at: position - 2)
            }
        }
        let valid = output.withUnsafeBufferPointer { validateUTF8($0) }
        guard valid else { throw error(.invalidString("not valid UTF-8"), at: raw.start) }
        return String(decoding: output, as: UTF8.self)
    }

    private func hex4(at position: Int, limit: Int) throws(WebServicesError) -> UInt32 {
        guard position + 4 <= limit else { throw error(.invalidString("\\u needs four hex digits"), at: position) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(.invalidString("\\u needs four hex digits"), at: position)
            }
            value = value << 4 | digit
        }
        return value
    }

    private func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private func isValidUTF8(_ start: Int, _ end: Int) -> Bool {
        validateUTF8(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
}

/// Members whose strings repeat from record to record.
enum StringSlot: Int, CaseIterable {
    case recordType, zoneName, ownerRecordName, zoneType, userRecordName, deviceID
}

/// A string read earlier, with where its bytes lie in the input.
struct RecentString {
    var start = 0
    var length = -1
    var value = ""
}

/// Whether `bytes` is well-formed UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
func validateUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var position = 0
    let count = bytes.count
    while position < count {
        let lead = bytes[position]
        if lead < 0x80 {
            position += 1
            continue
        }
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: return false
        }
        guard position + length <= count else { return false }
        let second = bytes[position + 1]
        guard second >= lowerBound && second <= upperBound else { return false }
        var offset = 2
        while offset < length {
            guard bytes[position + offset] & 0xC0 == 0x80 else { return false }
            offset += 1
        }
        position += length
    }
    return true
}
