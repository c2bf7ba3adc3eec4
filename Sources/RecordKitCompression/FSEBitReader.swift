/// Reads an FSE bit stream backwards: the encoder's last bits come first. The accumulator holds 56 to 63 bits
/// after each refill, enough for four literals or one L, M, D triple.
struct FSEBitReader {
    private var accumulator: UInt64
    private var bitCount: Int
    /// The next byte to load is just before this position.
    private(set) var position: Int
    /// Reads never go before this offset.
    private let lowerBound: Int

    /// Starts at `end` with `initialBits` (-7...0) short of 64, as the block header says.
    init(_ input: InputBytes, end: Int, initialBits: Int, lowerBound: Int) throws(BlockStreamError) {
        self.lowerBound = lowerBound
        if initialBits != 0 {
            guard end - 8 >= lowerBound else { throw BlockStreamError(.badPayload("stream shorter than 8 bytes"), at: end) }
            position = end - 8
            accumulator = try input.uint64(at: position)
            bitCount = initialBits + 64
        } else {
            guard end - 7 >= lowerBound else { throw BlockStreamError(.badPayload("stream shorter than 7 bytes"), at: end) }
            position = end - 7
            accumulator = UInt64(try input.uint32(at: position)) | UInt64(try input.uint16(at: position + 4)) << 32
                | UInt64(input.base[position + 6]) << 48
            bitCount = 56
        }
        guard (56..<64).contains(bitCount), accumulator >> UInt64(bitCount) == 0 else {
            throw BlockStreamError(.badPayload("bits above the stream's declared start are set"), at: end)
        }
    }

    /// Loads whole bytes until 56 or more bits are held.
    @inline(__always)
    mutating func refill(_ input: InputBytes) throws(BlockStreamError) {
        let loadBits = (63 - bitCount) & ~7
        // Nothing to load; also keeps the 8-byte load below inside the stream (position + 8 <= its end).
        guard loadBits > 0 else { return }
        let newPosition = position - (loadBits >> 3)
        guard newPosition >= lowerBound else {
            throw BlockStreamError(.badPayload("the stream reads before its start"), at: position)
        }
        position = newPosition
        let incoming = input.base.loadUnaligned(fromByteOffset: newPosition, as: UInt64.self).littleEndian
        let mask = UInt64.max >> UInt64(64 - loadBits)
        accumulator = accumulator << UInt64(loadBits) | (incoming & mask)
        bitCount += loadBits
    }

    /// Takes the top `count` bits (at most what is held: the tables keep every decode within 56 bits).
    @inline(__always)
    mutating func pull(_ count: Int) -> UInt64 {
        bitCount -= count
        let result = accumulator >> UInt64(bitCount)
        accumulator &= bitCount == 0 ? 0 : (UInt64.max >> UInt64(64 - bitCount))
        return result
    }
}
