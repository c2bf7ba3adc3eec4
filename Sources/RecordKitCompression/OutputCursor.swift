/// The decoded bytes so far, in a buffer sized from the block headers; every write is checked against the end of
/// the current block, and every match against the bytes already decoded.
struct OutputCursor {
    let base: UnsafeMutableRawBufferPointer
    private(set) var produced = 0
    /// Where the current block's output must end.
    var blockEnd = 0

    init(_ base: UnsafeMutableRawBufferPointer) {
        self.base = base
    }

    /// Room left in the current block.
    var remainingInBlock: Int { blockEnd - produced }

    /// Copies `count` input bytes from `offset` (the caller checked they exist and fit the block).
    @inline(__always)
    mutating func copyLiteral(from source: UnsafeRawPointer, count: Int) {
        guard count > 0, let destination = base.baseAddress else { return }
        (destination + produced).copyMemory(from: source, byteCount: count)
        produced += count
    }

    /// Copies `length` bytes from `distance` back; overlapping copies repeat the pattern, as LZ77 requires.
    @inline(__always)
    mutating func copyMatch(distance: Int, length: Int, at offset: Int) throws(BlockStreamError) {
        guard length > 0 else { return }
        guard distance > 0, distance <= produced else {
            throw BlockStreamError(.matchDistanceOutOfRange(distance: distance, available: produced), at: offset)
        }
        guard let start = base.baseAddress else { return }
        let destination = start + produced
        if distance >= length {
            destination.copyMemory(from: destination - distance, byteCount: length)
        } else {
            let bytes = start.assumingMemoryBound(to: UInt8.self)
            for index in produced..<(produced + length) {
                bytes[index] = bytes[index - distance]
            }
        }
        produced += length
    }

    /// Throws unless `count` more bytes fit in the current block.
    @inline(__always)
    func requireRoom(_ count: Int, at offset: Int) throws(BlockStreamError) {
        guard count <= remainingInBlock else {
            throw BlockStreamError(.badPayload("the block decodes to more than its declared \(blockEnd) bytes"), at: offset)
        }
    }
}
