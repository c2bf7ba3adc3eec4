import Foundation

/// Base64 strings, decoded straight from the input bytes.
extension JSONScanner {
    /// Reads a string of standard base64 (padding optional) as bytes.
    mutating func readBase64() throws(WebServicesError) -> Data {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw mismatch(expected: "a base64 string") }
        let start = index
        let raw = try scanString()
        if raw.hasEscapes {
            // Some encoders write "/" as "\/": unescape first, then decode the text.
            let text = try unescape(raw)
            let utf8 = Array(text.utf8)
            let decoded = utf8.withUnsafeBufferPointer { decodeBase64($0) }
            guard let decoded else { throw error(.invalidBase64, at: start) }
            return decoded
        }
        guard let decoded = decodeBase64(UnsafeBufferPointer(rebasing: bytes[raw.start..<raw.end])) else {
            throw error(.invalidBase64, at: start)
        }
        return decoded
    }
}

/// Decodes standard base64 (`A-Z a-z 0-9 + /`), with or without `=` padding; nil on any other byte,
/// on a misplaced `=`, or on a length that cannot be base64.
func decodeBase64(_ input: UnsafeBufferPointer<UInt8>) -> Data? {
    var length = input.count
    var padding = 0
    while length > 0, input[length - 1] == UInt8(ascii: "="), padding < 2 {
        length -= 1
        padding += 1
    }
    if padding > 0, input.count % 4 != 0 { return nil }
    let remainder = length % 4
    if remainder == 1 { return nil }
    let outputCount = length / 4 * 3 + (remainder == 0 ? 0 : remainder - 1)
    var output = Data(count: outputCount)
    let ok = output.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) -> Bool in
        var out = 0
        var position = 0
        while position + 4 <= length {
            let a = base64Value(input[position]), b = base64Value(input[position + 1])
            let c = base64Value(input[position + 2]), d = base64Value(input[position + 3])
            guard a | b | c | d < 64 else { return false }
            let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            raw[out] = UInt8(truncatingIfNeeded: word >> 16)
            raw[out + 1] = UInt8(truncatingIfNeeded: word >> 8)
            raw[out + 2] = UInt8(truncatingIfNeeded: word)
            out += 3
            position += 4
        }
        if remainder >= 2 {
            let a = base64Value(input[position]), b = base64Value(input[position + 1])
            let c = remainder == 3 ? base64Value(input[position + 2]) : 0
            guard a | b | c < 64 else { return false }
            let word = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
            raw[out] = UInt8(truncatingIfNeeded: word >> 16)
            if remainder == 3 { raw[out + 1] = UInt8(truncatingIfNeeded: word >> 8) }
        }
        return true
    }
    return ok ? output : nil
}

@inline(__always)
private func base64Value(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: 0xFF
    }
}
