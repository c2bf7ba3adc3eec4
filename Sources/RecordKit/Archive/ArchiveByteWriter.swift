import Foundation

/// Appends the archive's primitive encodings to a byte array reserved up front.
struct ArchiveByteWriter {
    /// The bytes written so far.
    var bytes: [UInt8]

    /// Creates a writer with room for `capacity` bytes before it must grow.
    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written.
    var count: Int { bytes.count }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// An unsigned LEB128 varint: seven bits a byte, low groups first, high bit set on all but the last.
    @inline(__always)
    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value &>>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// A signed integer, zigzag-mapped (0, -1, 1, -2, ... to 0, 1, 2, 3, ...) then written as a varint.
    @inline(__always)
    mutating func signedVarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value &<< 1) ^ (value &>> 63)))
    }

    /// Eight bytes, little-endian.
    @inline(__always)
    mutating func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Four bytes, little-endian.
    @inline(__always)
    mutating func fixed32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A double as its IEEE 754 bit pattern, so NaN payloads, signed zeros and infinities survive.
    @inline(__always)
    mutating func double(_ value: Double) {
        fixed64(value.bitPattern)
    }

    /// A date as the bit pattern of its seconds since 2001-01-01 (no precision lost).
    @inline(__always)
    mutating func date(_ value: Date) {
        fixed64(value.timeIntervalSinceReferenceDate.bitPattern)
    }

    /// A string: its UTF-8 byte count as a varint, then the bytes.
    @inline(__always)
    mutating func string(_ value: String) {
        let utf8 = value.utf8
        varint(UInt64(utf8.count))
        let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: utf8) }
    }

    /// Bytes: their count as a varint, then the bytes.
    @inline(__always)
    mutating func data(_ value: Data) {
        varint(UInt64(value.count))
        value.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Replaces the single placeholder byte at `position` by the varint of `value`, moving what follows.
    mutating func patchVarint(at position: Int, _ value: UInt64) {
        var length = 1
        var probe = value &>> 7
        while probe != 0 {
            length += 1
            probe &>>= 7
        }
        if length > 1 {
            bytes.insert(contentsOf: repeatElement(0, count: length - 1), at: position + 1)
        }
        var rest = value
        for index in 0..<length {
            var group = UInt8(truncatingIfNeeded: rest & 0x7F)
            rest &>>= 7
            if index < length - 1 { group |= 0x80 }
            bytes[position + index] = group
        }
    }

    /// Appends the CRC-32C of the bytes from `start` to the end.
    mutating func appendChecksum(from start: Int) {
        let crc = CRC32C.checksum(bytes, range: start..<bytes.count)
        fixed32(crc)
    }
}
