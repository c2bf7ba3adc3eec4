import Foundation

/// UUID text in and out without Foundation's C formatting (`sscanf`/`sprintf` on Linux), which dominated the
/// cost of decoding a model with UUID fields.
@usableFromInline
enum UUIDText {
    /// Parses `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (either case); nil for anything else.
    @usableFromInline
    static func parse(_ text: String) -> UUID? {
        var text = text
        let halves: (UInt64, UInt64)? = text.withUTF8 { utf8 in
            guard utf8.count == 36 else { return nil }
            let dash = UInt8(ascii: "-")
            guard utf8[8] == dash, utf8[13] == dash, utf8[18] == dash, utf8[23] == dash else { return nil }
            // The five groups of digits into two 64-bit halves; a non-digit sets a bit of `invalid` above the
            // nibble range, checked once at the end.
            var invalid: UInt8 = 0
            let high = digits(utf8, 0, 8, &invalid) << 32 | digits(utf8, 9, 4, &invalid) << 16 | digits(utf8, 14, 4, &invalid)
            let low = digits(utf8, 19, 4, &invalid) << 48 | digits(utf8, 24, 12, &invalid)
            return invalid & 0xf0 == 0 ? (high, low) : nil
        }
        guard let (high, low) = halves else { return nil }
        // Big-endian halves are the UUID's 16 bytes in order.
        return UUID(uuid: unsafeBitCast((high.bigEndian, low.bigEndian), to: uuid_t.self))
    }

    /// The upper-case form `uuidString` gives.
    @usableFromInline
    static func format(_ uuid: UUID) -> String {
        let digits: StaticString = "0123456789ABCDEF"
        return withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                digits.withUTF8Buffer { hex in
                    var position = 0
                    for index in 0..<16 {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            out[position] = UInt8(ascii: "-")
                            position += 1
                        }
                        out[position] = hex[Int(bytes[index] >> 4)]
                        out[position + 1] = hex[Int(bytes[index] & 0x0f)]
                        position += 2
                    }
                }
                return 36
            }
        }
    }

    /// `count` hex digits from `start` as a number; ORs every digit's value into `invalid`.
    @inline(__always)
    private static func digits(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, _ invalid: inout UInt8) -> UInt64 {
        var value: UInt64 = 0
        for position in start..<(start + count) {
            let digit = nibble(utf8[position])
            invalid |= digit
            value = value << 4 | UInt64(digit & 0x0f)
        }
        return value
    }

    /// The value of a hex digit, or 0xff for any other byte.
    @inline(__always)
    private static func nibble(_ character: UInt8) -> UInt8 {
        let digit = character &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (character | 0x20) &- UInt8(ascii: "a")
        if letter < 6 { return letter &+ 10 }
        return 0xff
    }
}
