/// Memory that a statement's text parameters point into, bound without a copy by SQLite
/// (``RawStatementBinding/bind(_:at:heldBy:)``, `SQLITE_STATIC`).
///
/// SQLite copies a text bound as `SQLITE_TRANSIENT` into a buffer it allocates, and frees that buffer when the
/// parameter is bound again: a `malloc` and a `free` per text value, most of what a text bind cost in the initial
/// sync's profile (about 700 instructions of a bind's 800). A statement that binds many texts per execution copies
/// them here instead, into chunks allocated once and reused: ``rewind()`` starts over at the first chunk once the
/// statement no longer needs the values it ran with. Chunks are freed only with the arena, so a pointer bound into
/// one points into live memory as long as the arena lives; the owner clears the statement's bindings before the
/// arena goes.
final class BoundTextArena {
    /// Where the next copy goes, and the end of the chunk it goes into. Kept behind a pointer: stored properties of a
    /// class are checked for exclusive access at run time on every write, which cost a copy as much as the copy.
    private struct Cursor {
        var next: UnsafeMutableRawPointer
        var end: UnsafeMutableRawPointer
        /// The position of the chunk being filled in `chunks`.
        var chunk: Int
    }

    private struct Chunk {
        let base: UnsafeMutableRawPointer
        let capacity: Int
    }

    private static let chunkSize = 16 * 1024
    private let cursor: UnsafeMutablePointer<Cursor>
    /// Every chunk allocated, in the order they are filled; the first is allocated with the arena.
    private var chunks: [Chunk]

    init() {
        let first = Chunk(base: .allocate(byteCount: Self.chunkSize, alignment: 1), capacity: Self.chunkSize)
        chunks = [first]
        cursor = .allocate(capacity: 1)
        cursor.initialize(to: Cursor(next: first.base, end: first.base + first.capacity, chunk: 0))
    }

    deinit {
        for chunk in chunks { chunk.base.deallocate() }
        cursor.deallocate()
    }

    /// Copies `utf8` into the arena: the copy stays until the arena is rewound or goes. Never null, even for no bytes.
    @inline(__always)
    func copy(_ utf8: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        let count = utf8.count
        if cursor.pointee.end - cursor.pointee.next < count { nextChunk(fitting: count) }
        let destination = cursor.pointee.next
        if let source = utf8.baseAddress, count > 0 { destination.copyMemory(from: source, byteCount: count) }
        cursor.pointee.next = destination + count
        return UnsafePointer(destination.assumingMemoryBound(to: CChar.self))
    }

    /// Moves the cursor to the next chunk that holds `count` bytes, allocating one when none is left.
    private func nextChunk(fitting count: Int) {
        var index = cursor.pointee.chunk + 1
        while index < chunks.count, chunks[index].capacity < count { index += 1 }
        if index == chunks.count {
            let capacity = max(Self.chunkSize, count)
            chunks.append(Chunk(base: .allocate(byteCount: capacity, alignment: 1), capacity: capacity))
        }
        let chunk = chunks[index]
        cursor.pointee = Cursor(next: chunk.base, end: chunk.base + chunk.capacity, chunk: index)
    }

    /// Starts filling the arena again from its first chunk: the values copied so far may be overwritten.
    func rewind() {
        let first = chunks[0]
        cursor.pointee = Cursor(next: first.base, end: first.base + first.capacity, chunk: 0)
    }
}
