import Foundation

/// A binary plist whose objects are read on demand: the header, trailer and offset table are checked once,
/// then each object is read only when asked for. The keyed-archive reader uses it to look up keys without
/// building the whole tree; ``BinaryPropertyList/decode(_:)`` builds the tree on it.
struct BinaryPropertyListDocument {
    /// The object references of an array, a set, or one half of a dictionary.
    struct References {
        /// Byte offset of the first reference.
        let start: Int
        let count: Int
    }

    /// One object, with containers left as references.
    enum Object {
        case scalar(PropertyListValue)
        case array(References)
        case set(References)
        case dictionary(keys: References, values: References)
    }

    private static let trailerLength = 32

    let bytes: [UInt8]
    let objectCount: Int
    let topObject: Int
    private let offsetSize: Int
    private let referenceSize: Int
    private let offsetTableStart: Int

    init(_ data: Data) throws(PropertyListError) {
        let bytes = [UInt8](data)
        let length = bytes.count
        guard length >= 8 + 1 + Self.trailerLength, bytes.starts(with: "bplist00".utf8) else {
            throw .notBinaryPropertyList(length: length)
        }
        let trailer = length - Self.trailerLength
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize) else {
            throw .invalidTrailer(offset: trailer + 6, reason: "offset size \(offsetSize) is not 1...8")
        }
        guard (1...8).contains(referenceSize) else {
            throw .invalidTrailer(offset: trailer + 7, reason: "object reference size \(referenceSize) is not 1...8")
        }
        guard count >= 1, count <= UInt64(length) else {
            throw .invalidTrailer(offset: trailer + 8, reason: "object count \(count) is impossible for \(length) bytes")
        }
        guard top < count else {
            throw .invalidTrailer(offset: trailer + 16, reason: "top object \(top) is not below the object count \(count)")
        }
        guard table >= 8, table <= UInt64(trailer), UInt64(trailer) - table >= count * UInt64(offsetSize) else {
            throw .invalidTrailer(offset: trailer + 24, reason: "offset table at \(table) does not fit before the trailer")
        }
        self.bytes = bytes
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(table)
    }

    /// Big-endian unsigned integer of `size` (1...8) bytes; the caller checked the range.
    private static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// Where an object starts.
    func offset(of object: Int) throws(PropertyListError) -> Int {
        let entry = offsetTableStart + object * offsetSize
        let target = Self.bigEndian(bytes, at: entry, size: offsetSize)
        guard target >= 8, target < UInt64(offsetTableStart) else {
            throw .objectOffsetOutOfRange(object: object, offset: entry, target: target)
        }
        return Int(target)
    }

    /// The object index at position `index` of a reference list; checked against the object count.
    func reference(_ references: References, _ index: Int) throws(PropertyListError) -> Int {
        let position = references.start + index * referenceSize
        let reference = Self.bigEndian(bytes, at: position, size: referenceSize)
        guard reference < UInt64(objectCount) else {
            throw .referenceOutOfRange(offset: position, reference: reference, objectCount: objectCount)
        }
        return Int(reference)
    }

    /// Checks that `count` bytes from `start` lie inside the object area.
    private func require(_ count: Int, from start: Int, object: Int) throws(PropertyListError) {
        guard count >= 0, start <= offsetTableStart, count <= offsetTableStart - start else {
            throw .truncatedObject(offset: object, needed: count)
        }
    }

    /// Reads one object; containers come back as references, everything else decoded.
    func object(_ index: Int) throws(PropertyListError) -> Object {
        let start = try offset(of: index)
        let marker = bytes[start]
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
            let bits = Self.bigEndian(bytes, at: start + 1, size: size)
            return .scalar(.real(size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)))
        case 0x3:
            guard marker == 0x33 else { throw .unknownMarker(offset: start, marker: marker) }
            try require(9, from: start, object: start)
            return .scalar(.date(Double(bitPattern: Self.bigEndian(bytes, at: start + 1, size: 8))))
        case 0x4:
            let (count, body) = try count(at: start, low: low)
            try require(count, from: body, object: start)
            return .scalar(.data(Data(bytes[body..<(body + count)])))
        case 0x5:
            let (count, body) = try count(at: start, low: low)
            try require(count, from: body, object: start)
            return .scalar(.string(Self.asciiString(bytes[body..<(body + count)])))
        case 0x6:
            let (count, body) = try count(at: start, low: low)
            guard count <= (offsetTableStart - body) / 2 else { throw .truncatedObject(offset: start, needed: count * 2) }
            var units = [UInt16]()
            units.reserveCapacity(count)
            for index in 0..<count { units.append(UInt16(Self.bigEndian(bytes, at: body + 2 * index, size: 2))) }
            return .scalar(.string(String(decoding: units, as: UTF16.self)))
        case 0x8:
            let size = low + 1
            guard size <= 8 else { throw .unknownMarker(offset: start, marker: marker) }
            try require(size + 1, from: start, object: start)
            return .scalar(.uid(Self.bigEndian(bytes, at: start + 1, size: size)))
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

    /// Where the bytes of an ASCII string object lie; an empty span (count -1) for any other object.
    struct KeySpan {
        let start: Int
        let count: Int
    }

    /// The byte spans of the keys of a dictionary, so keys can be compared without building strings.
    func keySpans(_ keys: References) throws(PropertyListError) -> [KeySpan] {
        var spans = [KeySpan]()
        spans.reserveCapacity(keys.count)
        for position in 0..<keys.count {
            let start = try offset(of: reference(keys, position))
            let marker = bytes[start]
            guard marker >> 4 == 0x5 else {
                spans.append(KeySpan(start: 0, count: -1))
                continue
            }
            let (count, body) = try count(at: start, low: Int(marker & 0x0f))
            try require(count, from: body, object: start)
            spans.append(KeySpan(start: body, count: count))
        }
        return spans
    }

    /// True when object `index` is an ASCII string with exactly the bytes of `key`. Reads no other object.
    func isASCIIString(_ index: Int, equalTo key: String) throws(PropertyListError) -> Bool {
        let start = try offset(of: index)
        let marker = bytes[start]
        guard marker >> 4 == 0x5 else { return false }
        let (count, body) = try count(at: start, low: Int(marker & 0x0f))
        try require(count, from: body, object: start)
        return position(of: key, in: [KeySpan(start: body, count: count)]) == 0
    }

    /// The position of `key` among the spans, comparing bytes; nil when absent.
    func position(of key: String, in spans: [KeySpan]) -> Int? {
        let length = key.utf8.count
        for (position, span) in spans.enumerated() where span.count == length {
            var matches = true
            var index = span.start
            for byte in key.utf8 {
                if bytes[index] != byte { matches = false; break }
                index += 1
            }
            if matches { return position }
        }
        return nil
    }

    private func integer(at start: Int, sizeExponent: Int) throws(PropertyListError) -> PropertyListValue {
        guard sizeExponent <= 4 else { throw .unknownMarker(offset: start, marker: bytes[start]) }
        let size = 1 << sizeExponent
        try require(size + 1, from: start, object: start)
        switch size {
        case 1, 2, 4: return .integer(Int64(Self.bigEndian(bytes, at: start + 1, size: size)))
        case 8: return .integer(Int64(bitPattern: Self.bigEndian(bytes, at: start + 1, size: 8)))
        default:
            let high = Self.bigEndian(bytes, at: start + 1, size: 8)
            let low = Self.bigEndian(bytes, at: start + 9, size: 8)
            if high == 0 { return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low) }
            if high == UInt64.max, low > UInt64(Int64.max) { return .integer(Int64(bitPattern: low)) }
            throw .integerOutOfRange(offset: start)
        }
    }

    /// The count of a data, string or container object: in the marker's low nibble, or an integer object
    /// after it when the nibble is 0xf. Returns the count and where the body starts.
    private func count(at start: Int, low: Int) throws(PropertyListError) -> (Int, Int) {
        if low != 0x0f { return (low, start + 1) }
        try require(2, from: start, object: start)
        let intMarker = bytes[start + 1]
        guard intMarker >> 4 == 0x1, intMarker & 0x0f <= 3 else {
            throw .invalidCount(offset: start + 1, reason: "expected an integer marker, found 0x\(String(intMarker, radix: 16))")
        }
        let size = 1 << Int(intMarker & 0x0f)
        try require(size + 2, from: start, object: start)
        let count = Self.bigEndian(bytes, at: start + 2, size: size)
        guard count <= UInt64(offsetTableStart) else {
            throw .invalidCount(offset: start + 1, reason: "count \(count) is larger than the whole plist")
        }
        return (Int(count), start + 2 + size)
    }

    private func containerReferences(at start: Int, low: Int, halves: Int) throws(PropertyListError) -> References {
        let (count, body) = try count(at: start, low: low)
        guard count <= (offsetTableStart - body) / (referenceSize * halves) else {
            throw .truncatedObject(offset: start, needed: count * referenceSize * halves)
        }
        return References(start: body, count: count)
    }

    /// ASCII strings; a byte above 0x7f (not written by Apple) is read as Latin-1 rather than refused.
    private static func asciiString(_ slice: ArraySlice<UInt8>) -> String {
        if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
        return String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) }))
    }
}
