import Foundation

/// UUID text in and out without Foundation's C formatting (`sscanf`/`sprintf` on Linux), which dominated the
/// cost of decoding a model with UUID fields.
@usableFromInline
enum UUIDText {
    /// Parses `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (either case); nil for anything else.
    @usableFromInline
    static func parse(_ text: String) -> UUID? {
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var text = text
        let parsed: Bool = text.withUTF8 { utf8 in
            guard utf8.count == 36 else { return false }
            return withUnsafeMutableBytes(of: &bytes) { out in
                var position = 0
                for index in 0..<16 {
                    if position == 8 || position == 13 || position == 18 || position == 23 {
                        guard utf8[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = nibble(utf8[position]), let low = nibble(utf8[position + 1]) else { return false }
                    out[index] = high << 4 | low
                    position += 2
                }
                return true
            }
        }
        return parsed ? UUID(uuid: bytes) : nil
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

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
