import Foundation

/// Appends the archive's primitive encodings to one growable byte buffer.
///
/// A raw `malloc` buffer rather than `[UInt8]`: bulk copies are `memcpy`, fixed-width values are single stores,
/// and no uniqueness check runs per byte. Every write checks capacity first and grows the buffer (never traps);
/// the type is non-copyable so the buffer has exactly one owner, freed in `deinit` or by ``takeData()``.
/// Archives are sized first (``ArchiveSize``), so the buffer is allocated once, at its final size.
///
/// The writer keeps the checksum of the region begun by ``beginChecksum()`` (the whole buffer until then) as it
/// goes: a big run of bytes is added while it is copied in, so its bytes are read once, and
/// ``appendChecksum()`` adds only what is left.
@usableFromInline
struct ArchiveByteWriter: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0
    /// The bytes of the checksummed region added so far: `checksumStart + 4k`, so always whole words.
    private var checksummed = 0
    private var checksum = Fletcher64.Accumulator()

    /// Runs of at least this many bytes are checksummed while copied; shorter ones are added later, from cache.
    static let fusedCopyThreshold = 256

    /// Creates a writer with room for `capacity` bytes before it must grow.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = Self.allocate(self.capacity)
    }

    deinit {
        free(base)
    }

    private static func allocate(_ byteCount: Int) -> UnsafeMutableRawPointer {
        guard let memory = malloc(byteCount) else { outOfMemory(byteCount) }
        return memory
    }

    /// The bytes written so far; valid until the next write.
    var writtenBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The bytes written as `Data`; the writer is used up.
    ///
    /// A buffer sized up front is full: it is handed over as it is. Otherwise, up to 64 KiB, the bytes are copied
    /// into `Data` of exactly their size and the buffer is freed (the next writer gets it back still in cache);
    /// a larger buffer is trimmed and handed over.
    consuming func takeData() -> Data {
        let bytes = base
        let length = count
        let allocated = capacity
        discard self
        if length == allocated { return Data(bytesNoCopy: bytes, count: length, deallocator: .free) }
        guard length > 65_536 else {
            let data = Data(bytes: bytes, count: length)
            free(bytes)
            return data
        }
        let trimmed = realloc(bytes, length) ?? bytes
        return Data(bytesNoCopy: trimmed, count: length, deallocator: .free)
    }

    /// Forgets what was written, keeping the buffer.
    mutating func removeAll() {
        count = 0
        beginChecksum()
    }

    /// Starts the region the next ``appendChecksum()`` covers at the current position.
    mutating func beginChecksum() {
        checksummed = count
        checksum = Fletcher64.Accumulator()
    }

    /// Appends the Fletcher-64 checksum of the bytes since ``beginChecksum()`` (since the start without one).
    mutating func appendChecksum() {
        let value = checksum.finish(base + checksummed, byteCount: count - checksummed)
        fixed64(value)
        beginChecksum()
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if extra > capacity &- count { grow(toAtLeast: count + extra) }
    }

    @inline(never)
    private mutating func grow(toAtLeast needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        guard let newBase = realloc(base, newCapacity) else { outOfMemory(newCapacity) }
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// An unsigned LEB128 varint: seven bits a byte, low groups first, high bit set on all but the last.
    @inline(__always)
    mutating func varint(_ value: UInt64) {
        // Room for the longest varint, or else for exactly this one: a sized buffer ends with no slack.
        if 10 > capacity &- count { reserve(ArchiveSize.varint(value)) }
        var value = value
        var position = count
        while value >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: value) | 0x80, toByteOffset: position, as: UInt8.self)
            value &>>= 7
            position &+= 1
        }
        base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: position, as: UInt8.self)
        count = position &+ 1
    }

    /// A signed integer, zigzag-mapped (0, -1, 1, -2, ... to 0, 1, 2, 3, ...) then written as a varint.
    @inline(__always)
    mutating func signedVarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value &<< 1) ^ (value &>> 63)))
    }

    /// Eight bytes, little-endian.
    @inline(__always)
    mutating func fixed64(_ value: UInt64) {
        reserve(8)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt64.self)
        count &+= 8
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

    /// Raw bytes, without a length.
    @inline(__always)
    mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if length >= Self.fusedCopyThreshold { return copyAndChecksum(source, length) }
        reserve(length)
        let target = base + count
        // Keys, identifiers and tags are short: copying them with two overlapping loads and stores, all inside
        // both buffers, beats a call to memmove.
        if length >= 8, length <= 16 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length &- 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length &- 4, as: UInt32.self)
        } else if length < 4 {
            for offset in 0..<length {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        count &+= length
    }

    /// Copies a big run in, adding it to the checksum as it goes: first the whole words written before it,
    /// then the bytes that complete the word it starts in, then its whole words in one pass, then the rest.
    @inline(never)
    private mutating func copyAndChecksum(_ source: UnsafeRawPointer, _ length: Int) {
        reserve(length)
        let pending = (count - checksummed) & ~3
        checksum.add(base + checksummed, byteCount: pending)
        checksummed += pending
        let head = (4 - (count - checksummed)) & 3
        (base + count).copyMemory(from: source, byteCount: head)
        count += head
        if head != 0 {
            checksum.add(base + checksummed, byteCount: 4)
            checksummed += 4
        }
        let body = (length - head) & ~3
        checksum.copyAndAdd(from: source + head, to: base + count, byteCount: body)
        count += body
        checksummed += body
        let tail = length - head - body
        (base + count).copyMemory(from: source + head + body, byteCount: tail)
        count += tail
    }

    /// A string: its UTF-8 byte count as a varint, then the bytes.
    @inline(__always)
    mutating func string(_ value: String) {
        // Everything happens inside the closure: a `value.utf8` kept in a local across the writes costs a retain
        // and a release of the string's storage per string.
        let copied: Void? = value.utf8.withContiguousStorageIfAvailable { bytes in
            varint(UInt64(bytes.count))
            raw(UnsafeRawBufferPointer(bytes))
        }
        if copied == nil { slowString(value) }
    }

    @inline(never)
    private mutating func slowString(_ value: String) {
        var native = value
        native.withUTF8 { bytes in
            varint(UInt64(bytes.count))
            raw(UnsafeRawBufferPointer(bytes))
        }
    }

    /// Bytes: their count as a varint, then the bytes.
    @inline(__always)
    mutating func data(_ value: Data) {
        varint(UInt64(value.count))
        value.withUnsafeBytes { raw($0) }
    }
}

/// Like every Swift allocation, running out of memory ends the process; archive sizes come from values
/// already in memory, never from untrusted input.
private func outOfMemory(_ byteCount: Int) -> Never {
    fatalError("native archive: cannot allocate \(byteCount) bytes")
}
