/// Bounds-checked little-endian reads from the input; every failed read is a typed error at its offset.
struct InputBytes {
    let base: UnsafeRawBufferPointer

    var count: Int { base.count }

    /// Throws `.truncated` at `offset` unless `length` bytes exist there.
    func require(_ length: Int, at offset: Int) throws(BlockStreamError) {
        guard offset >= 0, length >= 0, length <= base.count - offset else {
            throw BlockStreamError(.truncated, at: min(max(offset, 0), base.count))
        }
    }

    func uint16(at offset: Int) throws(BlockStreamError) -> UInt16 {
        try require(2, at: offset)
        return UInt16(base[offset]) | UInt16(base[offset + 1]) << 8
    }

    func uint32(at offset: Int) throws(BlockStreamError) -> UInt32 {
        try require(4, at: offset)
        return base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    func uint64(at offset: Int) throws(BlockStreamError) -> UInt64 {
        try require(8, at: offset)
        return base.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
    }
}
