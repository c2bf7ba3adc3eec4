import Foundation

/// Reading objects of a binary plist: the general reader and light accessors for the shapes a keyed archive
/// reads most (UIDs, dictionaries, arrays).
extension BinaryPropertyListDocument {
    /// The value of object `index` when it is a UID (the common case in a keyed archive), without decoding
    /// anything else; nil for any other object.
    @inline(__always)
    func uid(_ index: Int) throws(PropertyListError) -> UInt64? {
        let start = try offset(of: index)
        let marker = byte(start)
        guard marker >> 4 == 0x8 else { return nil }
        let size = Int(marker & 0x0f) + 1
        guard size <= 8 else { throw .unknownMarker(offset: start, marker: marker) }
        try require(size + 1, from: start, object: start)
        return bigEndian(at: start + 1, size: size)
    }

    /// The key and value references of object `index` when it is a dictionary; nil for any other object.
    @inline(__always)
    func dictionary(_ index: Int) throws(PropertyListError) -> (keys: References, values: References)? {
        let start = try offset(of: index)
        let marker = byte(start)
        guard marker >> 4 == 0xd else { return nil }
        let keys = try containerReferences(at: start, low: Int(marker & 0x0f), halves: 2)
        return (keys, References(start: keys.start + keys.count * referenceSize, count: keys.count))
    }

    /// The element references of object `index` when it is an array; nil for any other object.
    @inline(__always)
    func array(_ index: Int) throws(PropertyListError) -> References? {
        let start = try offset(of: index)
        let marker = byte(start)
        guard marker >> 4 == 0xa else { return nil }
        return try containerReferences(at: start, low: Int(marker & 0x0f), halves: 1)
    }

    /// Reads one object; containers come back as references, everything else decoded.
    func object(_ index: Int) throws(PropertyListError) -> Object {
        let start = try offset(of: index)
        let marker = byte(start)
        let low = Int(marker & 0x0f)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .scalar(.null)
            case 0x08: return .scalar(.bool(false))
            case 0x09: return .scalar(.bool(true))
            default: throw .unknownMarker(offset: start, marker: marker)
            }
        case 0x1:
            return .scalar(try integer(at: start, sizeExponent: low))
        case 0x2:
            guard low == 2 || low == 3 else { throw .unknownMarker(offset: start, marker: marker) }
            let size = 1 << low
            try require(size + 1, from: start, object: start)
            let bits = bigEndian(at: start + 1, size: size)
            return .scalar(.real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)))
        case 0x3:
            guard marker == 0x33 else { throw .unknownMarker(offset: start, marker: marker) }
            try require(9, from: start, object: start)
            return .scalar(.date(Double(bitPattern: bigEndian(at: start + 1, size: 8))))
        case 0x4:
            let (count, body) = try count(at: start, low: low)
            try require(count, from: body, object: start)
            return .scalar(.data(Data(bytes: base + body, count: count)))
        case 0x5:
            let (count, body) = try count(at: start, low: low)
            try require(count, from: body, object: start)
            return .scalar(.string(Self.asciiString(UnsafeBufferPointer(start: base + body, count: count))))
        case 0x6:
            let (count, body) = try count(at: start, low: low)
            guard count <= (offsetTableStart - body) / 2 else { throw .truncatedObject(offset: start, needed: count * 2) }
            return .scalar(.string(utf16String(from: body, count: count)))
        case 0x8:
            let size = low + 1
            guard size <= 8 else { throw .unknownMarker(offset: start, marker: marker) }
            try require(size + 1, from: start, object: start)
            return .scalar(.uid(bigEndian(at: start + 1, size: size)))
        case 0xa, 0xc:
            let references = try containerReferences(at: start, low: low, halves: 1)
            return marker >> 4 == 0xa ? .array(references) : .set(references)
        case 0xd:
            let keys = try containerReferences(at: start, low: low, halves: 2)
            let values = References(start: keys.start + keys.count * referenceSize, count: keys.count)
            return .dictionary(keys: keys, values: values)
        default:
            throw .unknownMarker(offset: start, marker: marker)
        }
    }

    private func integer(at start: Int, sizeExponent: Int) throws(PropertyListError) -> PropertyListValue {
        guard sizeExponent <= 4 else { throw .unknownMarker(offset: start, marker: byte(start)) }
        let size = 1 << sizeExponent
        try require(size + 1, from: start, object: start)
        switch size {
        case 1, 2, 4: return .integer(Int64(bigEndian(at: start + 1, size: size)))
        case 8: return .integer(Int64(bitPattern: bigEndian(at: start + 1, size: 8)))
        default:
            let high = bigEndian(at: start + 1, size: 8)
            let low = bigEndian(at: start + 9, size: 8)
            if high == 0 { return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low) }
            if high == UInt64.max, low > UInt64(Int64.max) { return .integer(Int64(bitPattern: low)) }
            throw .integerOutOfRange(offset: start)
        }
    }

    /// A big-endian UTF-16 string, transcoded to UTF-8 straight into the string's storage (at most 3 bytes
    /// per code unit); unpaired surrogates become U+FFFD.
    private func utf16String(from body: Int, count: Int) -> String {
        String(unsafeUninitializedCapacity: count * 3) { utf8 in
            var written = 0
            var index = 0
            while index < count {
                var scalar = UInt32(byte(body + 2 * index)) << 8 | UInt32(byte(body + 2 * index + 1))
                index += 1
                if (0xd800..<0xdc00).contains(scalar), index < count {
                    let low = UInt32(byte(body + 2 * index)) << 8 | UInt32(byte(body + 2 * index + 1))
                    if (0xdc00..<0xe000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00)
                        index += 1
                    }
                }
                if (0xd800..<0xe000).contains(scalar) { scalar = 0xfffd }
                written += Self.encodeUTF8(scalar, into: utf8, at: written)
            }
            return written
        }
    }

    /// Writes the UTF-8 form of `scalar` at `position`; returns how many bytes it took.
    @inline(__always)
    private static func encodeUTF8(_ scalar: UInt32, into utf8: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            utf8[position] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            utf8[position] = UInt8(0xc0 | scalar >> 6)
            utf8[position + 1] = UInt8(0x80 | scalar & 0x3f)
            return 2
        case 0x800..<0x10000:
            utf8[position] = UInt8(0xe0 | scalar >> 12)
            utf8[position + 1] = UInt8(0x80 | scalar >> 6 & 0x3f)
            utf8[position + 2] = UInt8(0x80 | scalar & 0x3f)
            return 3
        default:
            utf8[position] = UInt8(0xf0 | scalar >> 18)
            utf8[position + 1] = UInt8(0x80 | scalar >> 12 & 0x3f)
            utf8[position + 2] = UInt8(0x80 | scalar >> 6 & 0x3f)
            utf8[position + 3] = UInt8(0x80 | scalar & 0x3f)
            return 4
        }
    }

    /// ASCII strings. Apple writes only 7-bit bytes here; anything else is repaired as UTF-8 rather than refused.
    private static func asciiString(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self)
    }
}
