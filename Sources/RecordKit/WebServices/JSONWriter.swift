/// Writes JSON into bytes: minimal escaping (`"`, `\\` and control characters only), shortest round-trip
/// doubles. Callers write object members in sorted order, so equal values give equal bytes.
///
/// Compact by default (no whitespace: Web Services bodies); with an indentation, one member or element a line,
/// empty containers as `{}` and `[]` (what `recordgen` prints for people and scripts). The one JSON writer of the
/// package; tools reach it through `@_spi(RecordKitTools) import RecordKit`.
@_spi(RecordKitTools) public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Spaces per level when pretty-printing; nil for compact output.
    private let indentation: Int?
    private var depth = 0

    /// A compact writer.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
        indentation = nil
    }

    /// A writer that puts each member and element on its own line, `indentation` spaces deeper per level.
    public init(indentation: Int) {
        bytes.reserveCapacity(256)
        self.indentation = indentation
    }

    /// The bytes as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}"), opener: UInt8(ascii: "{")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]"), opener: UInt8(ascii: "[")) }

    /// Writes a member name (and the comma before it when it is not the first member).
    public mutating func key(_ name: String) {
        separate()
        string(name)
        bytes.append(UInt8(ascii: ":"))
        if indentation != nil { bytes.append(UInt8(ascii: " ")) }
    }

    /// Marks the start of an array element (writes the comma when it is not the first).
    public mutating func element() { separate() }

    private mutating func open(_ opener: UInt8) {
        bytes.append(opener)
        depth += 1
    }

    private mutating func close(_ closer: UInt8, opener: UInt8) {
        depth -= 1
        // A container with members closes on a line of its own; an empty one stays `{}` or `[]`.
        if indentation != nil, bytes.last != opener { newline() }
        bytes.append(closer)
    }

    private mutating func separate() {
        if let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") {
            bytes.append(UInt8(ascii: ","))
        }
        if indentation != nil { newline() }
    }

    private mutating func newline() {
        bytes.append(0x0a)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * (indentation ?? 0)))
    }

    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "\\"))
            case 0x0a: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0d: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          Hex.digits[Int(byte >> 4)], Hex.digits[Int(byte & 0x0f)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func int64(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a finite double in Swift's shortest form that reads back to the same value; the caller has
    /// refused NaN and infinities, which JSON cannot hold.
    public mutating func double(_ value: Double) {
        bytes.append(contentsOf: value.description.utf8)
    }

    public mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }
}
