import Foundation

/// The raw reads of ``KeyedArchiveScanner``: the checks of ``BinaryPropertyListDocument`` on the same bytes,
/// inlined and narrowed to what Apple writes (offsets, references and counts of at most 4 bytes, plists
/// under 2 GiB). Every failed check, and anything outside that range, is a ``KeyedArchiveScanner/Miss``.
///
/// Archives repeat the same few keys (`$class` in every object): where each key's bytes lie is worked out
/// once per plist object and remembered in a buffer the caller provides for the length of the scan.
struct PlistBytes {
    typealias References = BinaryPropertyListDocument.References
    typealias Miss = KeyedArchiveScanner.Miss

    /// The document these bytes belong to; its trailer and offset table size are already checked.
    let document: BinaryPropertyListDocument
    private let base: UnsafePointer<UInt8>
    /// Where the offset table starts: every object lies before it.
    private let end: Int
    private let offsetSize: Int
    private let referenceSize: Int
    let objectCount: Int
    /// Per plist object: `start << 32 | count` of its bytes when it is an ASCII string, ``notString``, or
    /// ``unknown`` until first read.
    private let spans: UnsafeMutableBufferPointer<Int>
    private static let unknown = -2
    private static let notString = -1

    /// Reads `document` with `spans` (one element per object) as the memory of key spans.
    init(_ document: BinaryPropertyListDocument, spans: UnsafeMutableBufferPointer<Int>) throws(Miss) {
        guard document.offsetSize <= 4, document.referenceSize <= 4, document.length < 1 << 31,
              spans.count == document.objectCount
        else { throw Miss() }
        spans.initialize(repeating: Self.unknown)
        self.spans = spans
        self.document = document
        base = document.base
        end = document.offsetTableStart
        offsetSize = document.offsetSize
        referenceSize = document.referenceSize
        objectCount = document.objectCount
    }

    /// Big-endian unsigned integer of 1...4 bytes; the caller checked the bytes lie in the plist.
    @inline(__always)
    private func unsigned(at position: Int, size: Int) -> Int {
        switch size {
        case 1: return Int(base[position])
        case 2: return Int(base[position]) << 8 | Int(base[position + 1])
        default:
            var value = 0
            for index in position..<(position + size) { value = value << 8 | Int(base[index]) }
            return value
        }
    }

    /// The marker byte of an object that starts at `start` (an offset returned by ``offset(of:)``).
    @inline(__always)
    func marker(at start: Int) -> UInt8 { base[start] }

    /// Where object `index` starts, inside the object area.
    @inline(__always)
    func offset(of index: Int) throws(Miss) -> Int {
        // The document checked that the whole offset table lies before the trailer.
        guard index >= 0, index < objectCount else { throw Miss() }
        let target = unsigned(at: end + index * offsetSize, size: offsetSize)
        guard target >= 8, target < end else { throw Miss() }
        return target
    }

    /// The object at position `position` of a reference list returned by ``dictionary(at:)`` or ``array(_:)``.
    @inline(__always)
    func reference(_ references: References, _ position: Int) throws(Miss) -> Int {
        guard position >= 0, position < references.count else { throw Miss() }
        let reference = unsigned(at: references.start + position * referenceSize, size: referenceSize)
        guard reference < objectCount else { throw Miss() }
        return reference
    }

    /// The count of a string, data or container at `start` (low nibble, or an integer of 1...4 bytes after
    /// the marker), and where its body starts.
    @inline(__always)
    private func count(at start: Int, low: Int) throws(Miss) -> (count: Int, body: Int) {
        if low != 0x0f { return (low, start + 1) }
        guard end - start >= 2 else { throw Miss() }
        let intMarker = base[start + 1]
        guard intMarker >> 4 == 0x1, intMarker & 0x0f <= 2 else { throw Miss() }
        let size = 1 << Int(intMarker & 0x0f)
        guard size + 2 <= end - start else { throw Miss() }
        let count = unsigned(at: start + 2, size: size)
        guard count <= end else { throw Miss() }
        return (count, start + 2 + size)
    }

    /// The bytes of an ASCII string object starting at `start`; nil for any other object.
    @inline(__always)
    func asciiSpan(at start: Int) throws(Miss) -> BinaryPropertyListDocument.KeySpan? {
        let marker = base[start]
        guard marker >> 4 == 0x5 else { return nil }
        let (count, body) = try count(at: start, low: Int(marker & 0x0f))
        guard count <= end - body else { throw Miss() }
        return BinaryPropertyListDocument.KeySpan(start: body, count: count)
    }

    /// The bytes of object `index` when it is an ASCII string; nil for any other object. Read once per object.
    @inline(__always)
    func asciiSpan(_ index: Int) throws(Miss) -> BinaryPropertyListDocument.KeySpan? {
        guard index >= 0, index < objectCount else { throw Miss() }
        let known = spans[index]
        if known >= 0 { return BinaryPropertyListDocument.KeySpan(start: known >> 32, count: known & 0xffff_ffff) }
        if known == Self.notString { return nil }
        let span = try asciiSpan(at: offset(of: index))
        // Both fit in 31 bits: the plist is smaller than 2 GiB.
        spans[index] = span.map { $0.start << 32 | $0.count } ?? Self.notString
        return span
    }

    /// Whether the bytes of `span` are exactly `key`.
    @inline(__always)
    func span(_ span: BinaryPropertyListDocument.KeySpan, equals key: StaticString) -> Bool {
        // Most keys that differ, differ in length or in the first byte: check those before calling memcmp.
        span.count == key.utf8CodeUnitCount && (span.count == 0 || base[span.start] == key.utf8Start.pointee)
            && memcmp(base + span.start, key.utf8Start, span.count) == 0
    }

    /// The text of an ASCII string span, as ``BinaryPropertyListDocument`` reads it (bytes outside ASCII are
    /// repaired as UTF-8).
    func string(_ span: BinaryPropertyListDocument.KeySpan) -> String {
        String(decoding: UnsafeBufferPointer(start: base + span.start, count: span.count), as: UTF8.self)
    }

    /// The references of a container at `start` (`halves` 2 for a dictionary), inside the object area.
    @inline(__always)
    private func container(at start: Int, halves: Int) throws(Miss) -> References {
        let (count, body) = try count(at: start, low: Int(base[start] & 0x0f))
        guard count <= (end - body) / (referenceSize * halves) else { throw Miss() }
        return References(start: body, count: count)
    }

    /// The keys and values of the dictionary starting at `start`; nil for any other object.
    @inline(__always)
    func dictionary(at start: Int) throws(Miss) -> (keys: References, values: References)? {
        guard base[start] >> 4 == 0xd else { return nil }
        let keys = try container(at: start, halves: 2)
        return (keys, References(start: keys.start + keys.count * referenceSize, count: keys.count))
    }

    /// The keys and values of object `index` when it is a dictionary; nil for any other object.
    @inline(__always)
    func dictionary(_ index: Int) throws(Miss) -> (keys: References, values: References)? {
        try dictionary(at: offset(of: index))
    }

    /// The elements of object `index` when it is an array; nil for any other object.
    @inline(__always)
    func array(_ index: Int) throws(Miss) -> References? {
        let start = try offset(of: index)
        guard base[start] >> 4 == 0xa else { return nil }
        return try container(at: start, halves: 1)
    }

    /// The value of the object at `start` when it is an 8-byte real (how NSDate archives `NS.time`); nil for
    /// any other object.
    @inline(__always)
    func double(at start: Int) throws(Miss) -> Double? {
        guard base[start] == 0x23 else { return nil }
        guard 9 <= end - start else { throw Miss() }
        var bits: UInt64 = 0
        for index in (start + 1)...(start + 8) { bits = bits << 8 | UInt64(base[index]) }
        return Double(bitPattern: bits)
    }

    /// The value of object `index` when it is a UID of 1...4 bytes; nil for any other object.
    @inline(__always)
    func uid(_ index: Int) throws(Miss) -> Int? {
        let start = try offset(of: index)
        let marker = base[start]
        guard marker >> 4 == 0x8 else { return nil }
        let size = Int(marker & 0x0f) + 1
        guard size <= 4, size < end - start else { throw Miss() }
        return unsigned(at: start + 1, size: size)
    }
}
