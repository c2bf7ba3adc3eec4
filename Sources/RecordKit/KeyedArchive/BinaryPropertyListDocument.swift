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
    private static let magic: StaticString = "bplist00"

    let base: UnsafePointer<UInt8>
    /// The plist's size in bytes.
    let length: Int
    let objectCount: Int
    let topObject: Int
    let offsetSize: Int
    let referenceSize: Int
    let offsetTableStart: Int

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

    /// A document over `length` bytes at `bytes`, valid only as long as those bytes are. Checks the header,
    /// the trailer and the size of the offset table.
    init(base bytes: UnsafePointer<UInt8>, length: Int) throws(PropertyListError) {
        guard length >= 8 + 1 + Self.trailerLength else { throw .notBinaryPropertyList(length: length) }
        guard memcmp(bytes, Self.magic.utf8Start, Self.magic.utf8CodeUnitCount) == 0 else {
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
    func byte(_ index: Int) -> UInt8 {
        index >= 0 && index < length ? base[index] : 0
    }

    /// Big-endian unsigned integer of `size` bytes at `offset`, range-checked.
    @inline(__always)
    func bigEndian(at offset: Int, size: Int) -> UInt64 {
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
    func require(_ count: Int, from start: Int, object: Int) throws(PropertyListError) {
        guard count >= 0, start <= offsetTableStart, count <= offsetTableStart - start else {
            throw .truncatedObject(offset: object, needed: count)
        }
    }

    /// The count of a data, string or container object: in the marker's low nibble, or an integer object
    /// after it when the nibble is 0xf. Returns the count and where the body starts.
    @inline(__always)
    func count(at start: Int, low: Int) throws(PropertyListError) -> (Int, Int) {
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

    /// The references of an array, set or dictionary (`halves` 2: keys then values) at `start`, checked to
    /// lie inside the object area.
    @inline(__always)
    func containerReferences(at start: Int, low: Int, halves: Int) throws(PropertyListError) -> References {
        let (count, body) = try count(at: start, low: low)
        guard count <= (offsetTableStart - body) / (referenceSize * halves) else {
            throw .truncatedObject(offset: start, needed: count * referenceSize * halves)
        }
        return References(start: body, count: count)
    }
}
