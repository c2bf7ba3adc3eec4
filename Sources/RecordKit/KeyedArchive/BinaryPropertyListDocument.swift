import Foundation

/// A binary plist whose objects are read on demand: the header, trailer and offset table are checked once,
/// then each object is read only when asked for. It reads the caller's bytes in place: use it only inside
/// `withUnsafeBytes` (see ``read(_:_:)``). The keyed-archive reader uses it to look up keys without
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
    private static let magic: [UInt8] = Array("bplist00".utf8)

    private let base: UnsafePointer<UInt8>
    /// The plist's size in bytes.
    let length: Int
    let objectCount: Int
    let topObject: Int
    private let offsetSize: Int
    private let referenceSize: Int
    private let offsetTableStart: Int

    /// Runs `body` on a document over the bytes of `data`, without copying them.
    static func read<T, Failure: Error>(
        _ data: Data, _ body: (BinaryPropertyListDocument) throws(Failure) -> T,
        wrap: (PropertyListError) -> Failure
    ) throws(Failure) -> T {
        let result: Result<T, Failure> = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return .failure(wrap(.notBinaryPropertyList(length: 0))) }
            do throws(PropertyListError) {
                let document = try BinaryPropertyListDocument(base: base.assumingMemoryBound(to: UInt8.self), length: raw.count)
                do throws(Failure) { return .success(try body(document)) } catch { return .failure(error) }
            } catch {
                return .failure(wrap(error))
            }
        }
        return try result.get()
    }

    private init(base bytes: UnsafePointer<UInt8>, length: Int) throws(PropertyListError) {
        guard length >= 8 + 1 + Self.trailerLength else { throw .notBinaryPropertyList(length: length) }
        guard UnsafeBufferPointer(start: bytes, count: 8).elementsEqual(Self.magic) else {
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
        base = bytes
        self.length = length
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(table)
    }

    /// Big-endian unsigned integer of `size` (1...8) bytes; the caller checked the range.
    private static func bigEndian(_ bytes: UnsafePointer<UInt8>, at offset: Int, size: Int) -> UInt64 {
        switch size {
        case 1: return UInt64(bytes[offset])
        case 2: return UInt64(bytes[offset]) << 8 | UInt64(bytes[offset + 1])
        default:
            var value: UInt64 = 0
            for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
    }

    /// The byte at `index`, or 0 outside the plist: every caller checked its range first, and a mistake
    /// must read a harmless zero rather than memory that is not ours.
    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        index >= 0 && index < length ? base[index] : 0
    }

    /// Big-endian unsigned integer of `size` bytes at `offset`, range-checked.
    @inline(__always)
    private func bigEndian(at offset: Int, size: Int) -> UInt64 {
        guard offset >= 0, size <= length - offset else { return 0 }
        return Self.bigEndian(base, at: offset, size: size)
    }

    /// Where an object starts.
    @inline(__always)
    func offset(of object: Int) throws(PropertyListError) -> Int {
        let entry = offsetTableStart + object * offsetSize
        let target = bigEndian(at: entry, size: offsetSize)
        guard target >= 8, target < UInt64(offsetTableStart) else {
            throw .objectOffsetOutOfRange(object: object, offset: entry, target: target)
        }
        return Int(target)
    }

    /// The object index at position `index` of a reference list; checked against the object count.
    @inline(__always)
    func reference(_ references: References, _ index: Int) throws(PropertyListError) -> Int {
        let position = references.start + index * referenceSize
        let reference = bigEndian(at: position, size: referenceSize)
        guard reference < UInt64(objectCount) else {
            throw .referenceOutOfRange(offset: position, reference: reference, objectCount: objectCount)
        }
        return Int(reference)
    }

    /// Checks that `count` bytes from `start` lie inside the object area.
    @inline(__always)
    private func require(_ count: Int, from start: Int, object: Int) throws(PropertyListError) {
        guard count >= 0, start <= offsetTableStart, count <= offsetTableStart - start else {
            throw .truncatedObject(offset: object, needed: count)
        }
    }

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
            let marker = byte(start)
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
    @inline(__always)
    func isASCIIString(_ index: Int, equalTo key: String) throws(PropertyListError) -> Bool {
        let start = try offset(of: index)
        let marker = byte(start)
        guard marker >> 4 == 0x5 else { return false }
        let (count, body) = try count(at: start, low: Int(marker & 0x0f))
        guard count == key.utf8.count else { return false }
        try require(count, from: body, object: start)
        return bytes(at: KeySpan(start: body, count: count), equal: key)
    }

    /// The position of `key` among the spans; nil when absent.
    func position(of key: String, in spans: [KeySpan]) -> Int? {
        var key = key
        return key.withUTF8 { keyBytes in
            // Most keys differ in length: compare bytes only when the lengths agree.
            for (position, span) in spans.enumerated() where span.count == keyBytes.count {
                if bytes(at: span.start, equal: keyBytes) { return position }
            }
            return nil
        }
    }

    /// The position of `key` among the keys of a dictionary, reading each key in place; nil when absent.
    func position(of key: String, in keys: References) throws(PropertyListError) -> Int? {
        var key = key
        let found: Result<Int?, PropertyListError> = key.withUTF8 { keyBytes in
            do throws(PropertyListError) {
                for position in 0..<keys.count {
                    let start = try offset(of: reference(keys, position))
                    let marker = byte(start)
                    guard marker >> 4 == 0x5 else { continue }
                    let (count, body) = try count(at: start, low: Int(marker & 0x0f))
                    guard count == keyBytes.count else { continue }
                    try require(count, from: body, object: start)
                    if bytes(at: body, equal: keyBytes) { return .success(position) }
                }
                return .success(nil)
            } catch {
                return .failure(error)
            }
        }
        return try found.get()
    }

    /// Whether the plist bytes at `start` begin with `key`; the caller checked that they lie in the plist.
    @inline(__always)
    private func bytes(at start: Int, equal key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start >= 0, key.count <= length - start else { return false }
        var index = 0
        while index < key.count {
            if base[start + index] != key[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether the bytes of a span are exactly the UTF-8 bytes of `key`.
    @inline(__always)
    private func bytes(at span: KeySpan, equal key: String) -> Bool {
        guard span.count >= 0, span.start >= 0, span.count <= length - span.start else { return false }
        let fast = key.utf8.withContiguousStorageIfAvailable { keyBytes -> Bool in
            guard span.count == keyBytes.count else { return false }
            var index = 0
            let start = base + span.start
            while index < span.count {
                if start[index] != keyBytes[index] { return false }
                index += 1
            }
            return true
        }
        if let fast { return fast }
        return UnsafeBufferPointer(start: base + span.start, count: span.count).elementsEqual(key.utf8)
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

    /// The count of a data, string or container object: in the marker's low nibble, or an integer object
    /// after it when the nibble is 0xf. Returns the count and where the body starts.
    @inline(__always)
    private func count(at start: Int, low: Int) throws(PropertyListError) -> (Int, Int) {
        if low != 0x0f { return (low, start + 1) }
        try require(2, from: start, object: start)
        let intMarker = byte(start + 1)
        guard intMarker >> 4 == 0x1, intMarker & 0x0f <= 3 else {
            throw .invalidCount(offset: start + 1, reason: "expected an integer marker, found 0x\(String(intMarker, radix: 16))")
        }
        let size = 1 << Int(intMarker & 0x0f)
        try require(size + 2, from: start, object: start)
        let count = bigEndian(at: start + 2, size: size)
        guard count <= UInt64(offsetTableStart) else {
            throw .invalidCount(offset: start + 1, reason: "count \(count) is larger than the whole plist")
        }
        return (Int(count), start + 2 + size)
    }

    @inline(__always)
    private func containerReferences(at start: Int, low: Int, halves: Int) throws(PropertyListError) -> References {
        let (count, body) = try count(at: start, low: low)
        guard count <= (offsetTableStart - body) / (referenceSize * halves) else {
            throw .truncatedObject(offset: start, needed: count * referenceSize * halves)
        }
        return References(start: body, count: count)
    }

    /// A big-endian UTF-16 string, transcoded to UTF-8 directly; unpaired surrogates become U+FFFD.
    private func utf16String(from body: Int, count: Int) -> String {
        var utf8 = [UInt8]()
        utf8.reserveCapacity(count * 3)
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
            switch scalar {
            case 0..<0x80:
                utf8.append(UInt8(scalar))
            case 0x80..<0x800:
                utf8 += [UInt8(0xc0 | scalar >> 6), UInt8(0x80 | scalar & 0x3f)]
            case 0x800..<0x10000:
                utf8 += [UInt8(0xe0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3f), UInt8(0x80 | scalar & 0x3f)]
            default:
                utf8 += [UInt8(0xf0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3f),
                         UInt8(0x80 | scalar >> 6 & 0x3f), UInt8(0x80 | scalar & 0x3f)]
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// ASCII strings. Apple writes only 7-bit bytes here; anything else is repaired as UTF-8 rather than refused.
    private static func asciiString(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self)
    }
}
