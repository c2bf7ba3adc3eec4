/// Lower-case hexadecimal digits, for byte literals in generated code.
enum Hex {
    private static let digits = Array("0123456789abcdef")

    /// Two digits: `0f`.
    static func byte(_ byte: UInt8) -> String {
        String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
    }
}
