import Foundation

/// Reads the archive's primitive encodings from a byte buffer, checking every length against the bytes
/// left before touching or allocating anything. Errors carry the offset of the offending byte.
struct ArchiveCursor {
    /// The first byte of the buffer.
    let start: UnsafeRawPointer
    /// One past the last readable position.
    let end: Int
    /// The read position, from `start`.
    var position: Int
    /// Added to positions in errors, so they count from the start of the archive or file.
    let offsetBase: Int
    /// Identifier strings already built in this decode, shared when their bytes repeat.
    private var repeatedStrings = RepeatedStrings()
    /// Set while a single-value archive is read before its checksum was compared: big byte runs are then
    /// added to the checksum as they are copied out, so their bytes are read once (see ``ChecksumProgress``).
    var checksum: ChecksumProgress?

    init(start: UnsafeRawPointer, position: Int, end: Int, offsetBase: Int = 0) {
        self.start = start
        self.position = position
        self.end = end
        self.offsetBase = offsetBase
    }

    /// Bytes left to read.
    var remaining: Int { end &- position }

    /// An error at `position` (the current one unless given).
    func error(_ reason: NativeArchiveError.Reason, at position: Int? = nil) -> NativeArchiveError {
        NativeArchiveError(reason, at: offsetBase + (position ?? self.position))
    }

    @inline(__always)
    mutating func need(_ count: Int) throws(NativeArchiveError) {
        guard count <= remaining else { throw error(.unexpectedEnd(needed: count, available: remaining)) }
    }

    @inline(__always)
    mutating func byte() throws(NativeArchiveError) -> UInt8 {
        try need(1)
        let value = start.load(fromByteOffset: position, as: UInt8.self)
        position &+= 1
        return value
    }

    /// An unsigned LEB128 varint; refuses more than 64 bits and needless trailing zero groups.
    @inline(__always)
    mutating func varint() throws(NativeArchiveError) -> UInt64 {
        guard position < end else { throw error(.unexpectedEnd(needed: 1, available: 0)) }
        let first = start.load(fromByteOffset: position, as: UInt8.self)
        if first < 0x80 {
            position &+= 1
            return UInt64(first)
        }
        return try longVarint()
    }

    private mutating func longVarint() throws(NativeArchiveError) -> UInt64 {
        let begin = position
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw error(.unexpectedEnd(needed: 1, available: 0)) }
            let byte = start.load(fromByteOffset: position, as: UInt8.self)
            position &+= 1
            if shift == 63, byte > 1 { throw error(.varintOverflow, at: begin) }
            value |= UInt64(byte & 0x7F) &<< shift
            if byte < 0x80 {
                if byte == 0 { throw error(.nonCanonicalVarint, at: begin) }
                return value
            }
            shift &+= 7
        }
    }

    /// A zigzag-mapped signed varint.
    @inline(__always)
    mutating func signedVarint() throws(NativeArchiveError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw &>> 1) ^ (0 &- (raw & 1)))
    }

    /// A byte length or count, checked against the bytes left (each counted item takes at least
    /// `minimumItemSize` bytes).
    @inline(__always)
    mutating func length(minimumItemSize: Int = 1) throws(NativeArchiveError) -> Int {
        let begin = position
        let raw = try varint()
        guard raw <= UInt64(remaining / minimumItemSize) else {
            throw error(.lengthExceedsRemaining(length: raw, remaining: remaining), at: begin)
        }
        return Int(raw)
    }

    @inline(__always)
    mutating func fixed64() throws(NativeArchiveError) -> UInt64 {
        try need(8)
        let value = start.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        position &+= 8
        return UInt64(littleEndian: value)
    }

    @inline(__always)
    mutating func double() throws(NativeArchiveError) -> Double {
        Double(bitPattern: try fixed64())
    }

    @inline(__always)
    mutating func date() throws(NativeArchiveError) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: try fixed64()))
    }

    /// The raw bytes of a length-prefixed string or byte run: where they start, and how many.
    @inline(__always)
    mutating func span() throws(NativeArchiveError) -> (offset: Int, count: Int) {
        let count = try length()
        let offset = position
        position &+= count
        return (offset, count)
    }

    /// A length-prefixed UTF-8 string, validated.
    @inline(__always)
    mutating func string() throws(NativeArchiveError) -> String {
        let (offset, count) = try span()
        guard RepeatedStrings.lengths.contains(count) else { return try makeString(offset: offset, count: count) }
        if let known = repeatedStrings.lookup(start, offset: offset, count: count) { return known }
        let string = try makeString(offset: offset, count: count)
        repeatedStrings.remember(string, offset: offset, count: count)
        return string
    }

    /// Builds a string from bytes already known to be in range, refusing invalid UTF-8.
    ///
    /// The bytes are validated here and then copied into the string without the standard library validating them
    /// again: its validator is the slower one on non-ASCII text, and `String(decoding:as:)` would repair bad
    /// bytes into U+FFFD instead of failing.
    @inline(__always)
    func makeString(offset: Int, count: Int) throws(NativeArchiveError) -> String {
        let bytes = start + offset
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let ascii = UTF8Validation.asciiPrefix(bytes, count: count)
            guard ascii == count || UTF8Validation.dfaAccepts(bytes + ascii, count: count &- ascii) else {
                throw error(.invalidUTF8, at: offset)
            }
            let buffer = UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count)
            return String(copying: UTF8Span(unchecked: buffer.span, isKnownASCII: ascii == count))
        }
        return try repairCheckedString(offset: offset, count: count)
    }

    /// `makeString` where `UTF8Span` is missing (Apple systems before 26).
    ///
    /// `String(decoding:as:)` validates in one pass but silently repairs bad bytes into U+FFFD. A repair always
    /// changes the bytes at the first bad position (bad input there, `EF BF BD` in the output), so the string is
    /// exactly the input if and only if its UTF-8 equals the input bytes.
    func repairCheckedString(offset: Int, count: Int) throws(NativeArchiveError) -> String {
        let bytes = start + offset
        let string = String(
            decoding: UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count),
            as: UTF8.self
        )
        let unchanged: Bool? = string.utf8.withContiguousStorageIfAvailable { decoded in
            guard decoded.count == count else { return false }
            guard count > 0, let decodedStart = decoded.baseAddress else { return true }
            return ByteComparison.equal(decodedStart, bytes, count: count)
        }
        guard unchanged ?? UTF8Validation.isValid(bytes, count: count) else { throw error(.invalidUTF8, at: offset) }
        return string
    }

    /// Length-prefixed bytes.
    @inline(__always)
    mutating func data() throws(NativeArchiveError) -> Data {
        let (offset, count) = try span()
        if count >= Self.fusedCopyThreshold, checksum != nil { return copyAndChecksum(offset: offset, count: count) }
        return Data(bytes: start + offset, count: count)
    }

    /// Byte runs of at least this many bytes are added to the checksum while copied out; shorter ones are summed
    /// with the rest of the payload, from cache. Measured (ProtobufBenchmark): below a few KiB the separate
    /// `memcpy` and the later sum beat the fused loop when reading.
    static let fusedCopyThreshold = 4096

    /// Copies a big byte run out, adding its whole words to the checksum in the same pass.
    @inline(never)
    private mutating func copyAndChecksum(offset: Int, count: Int) -> Data {
        guard var progress = checksum else { return Data(bytes: start + offset, count: count) }
        // The words before the run, including the one it starts in (the run is long enough to complete it).
        let wordStart = progress.added + (offset - progress.added + 3) & ~3
        // The fused loop stores the run's whole words from `target + head`, where `head` (0 to 3) is how far into
        // the run the archive's next word starts. With the run at the start of a plain allocation, a `head` of 1
        // or 3 made every store unaligned, which doubled the loop's time (78 against 36 µs for 1 MiB here). So the
        // run starts `shift` bytes into a 16-byte-aligned block, chosen to put `target + head` on a 16-byte
        // boundary; the deallocator finds the block again by rounding the run's start down to 16 bytes.
        let head = wordStart - offset
        let shift = (16 - head) & 15
        var block: UnsafeMutableRawPointer?
        guard posix_memalign(&block, 16, count + shift) == 0, let block else {
            return Data(bytes: start + offset, count: count)
        }
        progress.sums.add(start + progress.added, byteCount: wordStart - progress.added)
        let target = block + shift
        target.copyMemory(from: start + offset, byteCount: head)
        let body = (count - head) & ~3
        progress.sums.copyAndAdd(from: start + wordStart, to: target + head, byteCount: body)
        progress.added = wordStart + body
        (target + head + body).copyMemory(from: start + wordStart + body, byteCount: count - head - body)
        checksum = progress
        return Data(bytesNoCopy: target, count: count, deallocator: .custom { start, _ in
            free(UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: start) & ~15))
        })
    }

    /// Compares the bytes of two spans of this buffer by byte order.
    @inline(__always)
    func precedes(_ lhs: (offset: Int, count: Int), _ rhs: (offset: Int, count: Int)) -> Bool {
        ByteComparison.precedes(start + lhs.offset, lhs.count, start + rhs.offset, rhs.count)
    }
}

/// The checksum of a single-value archive, taken while its payload is read: the sums of the words from the
/// start of the archive up to `added` (a multiple of 4).
struct ChecksumProgress {
    var sums = Fletcher64.Accumulator()
    var added = 0
}
