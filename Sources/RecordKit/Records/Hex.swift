/// Lower-case hexadecimal, the one spelling of bytes across the package: token descriptions, JSON's `\u00XX`
/// escapes, and the tools (`recordgen inspect`). Not part of the API apps use: tools reach it through
/// `@_spi(RecordKitTools) import RecordKit`.
@_spi(RecordKitTools) public enum Hex {
    /// The sixteen digits, as UTF-8 bytes.
    public static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Two digits a byte, no separators: `0a1bff`.
    public static func string<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Two digits: `0f`.
    public static func byte(_ byte: UInt8) -> String {
        string(CollectionOfOne(byte))
    }
}
