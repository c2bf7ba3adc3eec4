/// The fields of an LZFSE block header (`bvx1` as stored, `bvx2` unpacked), checked against the format's limits.
struct LZFSEBlockHeader {
    var rawSize = 0
    var literalCount = 0
    var matchCount = 0
    var literalPayloadSize = 0
    var lmdPayloadSize = 0
    /// Bits short of a full accumulator when the streams start, in -7...0.
    var literalBits = 0
    var literalStates: (Int, Int, Int, Int) = (0, 0, 0, 0)
    var lmdBits = 0
    var lState = 0
    var mState = 0
    var dState = 0
    var lFrequencies = [UInt16](repeating: 0, count: LZFSEConstants.lSymbols)
    var mFrequencies = [UInt16](repeating: 0, count: LZFSEConstants.mSymbols)
    var dFrequencies = [UInt16](repeating: 0, count: LZFSEConstants.dSymbols)
    var literalFrequencies = [UInt16](repeating: 0, count: LZFSEConstants.literalSymbols)
    /// Bytes from the magic to the first payload byte.
    var headerSize = 0

    /// Reads a `bvx1` header at `offset`.
    static func readV1(_ input: InputBytes, at offset: Int) throws(BlockStreamError) -> LZFSEBlockHeader {
        var header = LZFSEBlockHeader()
        header.headerSize = LZFSEConstants.v1HeaderSize
        header.rawSize = Int(try input.uint32(at: offset + 4))
        let payloadSize = Int(try input.uint32(at: offset + 8))
        header.literalCount = Int(try input.uint32(at: offset + 12))
        header.matchCount = Int(try input.uint32(at: offset + 16))
        header.literalPayloadSize = Int(try input.uint32(at: offset + 20))
        header.lmdPayloadSize = Int(try input.uint32(at: offset + 24))
        header.literalBits = Int(Int32(bitPattern: try input.uint32(at: offset + 28)))
        header.literalStates = (
            Int(try input.uint16(at: offset + 32)), Int(try input.uint16(at: offset + 34)),
            Int(try input.uint16(at: offset + 36)), Int(try input.uint16(at: offset + 38))
        )
        header.lmdBits = Int(Int32(bitPattern: try input.uint32(at: offset + 40)))
        header.lState = Int(try input.uint16(at: offset + 44))
        header.mState = Int(try input.uint16(at: offset + 46))
        header.dState = Int(try input.uint16(at: offset + 48))
        var position = offset + 50
        for index in 0..<LZFSEConstants.lSymbols {
            header.lFrequencies[index] = try input.uint16(at: position)
            position += 2
        }
        for index in 0..<LZFSEConstants.mSymbols {
            header.mFrequencies[index] = try input.uint16(at: position)
            position += 2
        }
        for index in 0..<LZFSEConstants.dSymbols {
            header.dFrequencies[index] = try input.uint16(at: position)
            position += 2
        }
        for index in 0..<LZFSEConstants.literalSymbols {
            header.literalFrequencies[index] = try input.uint16(at: position)
            position += 2
        }
        guard payloadSize == header.literalPayloadSize + header.lmdPayloadSize else {
            throw BlockStreamError(.badHeaderField("payload size \(payloadSize) is not literal plus LMD payload"), at: offset + 8)
        }
        try header.check(at: offset)
        return header
    }

    /// Reads a `bvx2` header at `offset`: three packed fields, then the frequency tables in a variable-length code.
    static func readV2(_ input: InputBytes, at offset: Int) throws(BlockStreamError) -> LZFSEBlockHeader {
        var header = LZFSEBlockHeader()
        header.rawSize = Int(try input.uint32(at: offset + 4))
        let v0 = try input.uint64(at: offset + 8)
        let v1 = try input.uint64(at: offset + 16)
        let v2 = try input.uint64(at: offset + 24)
        header.literalCount = field(v0, 0, 20)
        header.literalPayloadSize = field(v0, 20, 20)
        header.matchCount = field(v0, 40, 20)
        header.literalBits = field(v0, 60, 3) - 7
        header.literalStates = (field(v1, 0, 10), field(v1, 10, 10), field(v1, 20, 10), field(v1, 30, 10))
        header.lmdPayloadSize = field(v1, 40, 20)
        header.lmdBits = field(v1, 60, 3) - 7
        header.headerSize = field(v2, 0, 32)
        header.lState = field(v2, 32, 10)
        header.mState = field(v2, 42, 10)
        header.dState = field(v2, 52, 10)
        let tableBytes = header.headerSize - LZFSEConstants.v2FixedHeaderSize
        // Every value takes at most 14 bits, so 720 bytes hold any table; more is a damaged size.
        let maximumTableBytes = (LZFSEConstants.lSymbols + LZFSEConstants.mSymbols + LZFSEConstants.dSymbols
            + LZFSEConstants.literalSymbols) * 14 / 8 + 1
        guard tableBytes >= 0, tableBytes <= maximumTableBytes else {
            throw BlockStreamError(.badHeaderField("header size \(header.headerSize) out of range"), at: offset + 24)
        }
        try input.require(header.headerSize, at: offset)
        if tableBytes > 0 {
            try header.readPackedFrequencies(input, from: offset + 32, to: offset + header.headerSize)
        }
        try header.check(at: offset)
        return header
    }

    private static func field(_ value: UInt64, _ lsb: Int, _ width: Int) -> Int {
        Int((value >> UInt64(lsb)) & ((1 << UInt64(width)) - 1))
    }

    /// Decodes the four tables, written LSB first with a prefix code of 2 to 14 bits per value.
    private mutating func readPackedFrequencies(_ input: InputBytes, from start: Int, to end: Int) throws(BlockStreamError) {
        var position = start
        var accumulator: UInt32 = 0
        var bitCount = 0
        let total = LZFSEConstants.lSymbols + LZFSEConstants.mSymbols + LZFSEConstants.dSymbols + LZFSEConstants.literalSymbols
        for index in 0..<total {
            while position < end, bitCount + 8 <= 32 {
                accumulator |= UInt32(input.base[position]) << UInt32(bitCount)
                bitCount += 8
                position += 1
            }
            let (value, width) = Self.frequencyCode(accumulator)
            guard width <= bitCount else {
                throw BlockStreamError(.badFrequencyTable("the tables end inside value \(index)"), at: position)
            }
            accumulator >>= UInt32(width)
            bitCount -= width
            store(frequency: value, at: index)
        }
        guard bitCount < 8, position == end else {
            throw BlockStreamError(.badFrequencyTable("the tables do not end where the header size says"), at: position)
        }
    }

    /// One value of the table code: the low bits select its width (2, 3, 5, 8 or 14 bits).
    private static func frequencyCode(_ bits: UInt32) -> (value: UInt16, width: Int) {
        let low = Int(bits & 31)
        let widths: [Int] = [2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14, 2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14]
        let values: [UInt16] = [0, 2, 1, 4, 0, 3, 1, 0, 0, 2, 1, 5, 0, 3, 1, 0, 0, 2, 1, 6, 0, 3, 1, 0, 0, 2, 1, 7, 0, 3, 1, 0]
        let width = widths[low]
        if width == 8 { return (8 + UInt16((bits >> 4) & 0xf), 8) }
        if width == 14 { return (24 + UInt16((bits >> 4) & 0x3ff), 14) }
        return (values[low], width)
    }

    private mutating func store(frequency: UInt16, at index: Int) {
        var symbol = index
        if symbol < LZFSEConstants.lSymbols { lFrequencies[symbol] = frequency; return }
        symbol -= LZFSEConstants.lSymbols
        if symbol < LZFSEConstants.mSymbols { mFrequencies[symbol] = frequency; return }
        symbol -= LZFSEConstants.mSymbols
        if symbol < LZFSEConstants.dSymbols { dFrequencies[symbol] = frequency; return }
        literalFrequencies[symbol - LZFSEConstants.dSymbols] = frequency
    }

    /// The format's limits: counts per block, initial states below their table sizes, tables that fit.
    private func check(at offset: Int) throws(BlockStreamError) {
        func bad(_ detail: String) -> BlockStreamError { BlockStreamError(.badHeaderField(detail), at: offset) }
        guard literalCount <= LZFSEConstants.literalsPerBlock, literalCount % 4 == 0 else {
            throw bad("literal count \(literalCount) (at most \(LZFSEConstants.literalsPerBlock), a multiple of 4)")
        }
        guard matchCount <= LZFSEConstants.matchesPerBlock else { throw bad("match count \(matchCount)") }
        guard (-7...0).contains(literalBits), (-7...0).contains(lmdBits) else {
            throw bad("stream bit counts \(literalBits), \(lmdBits)")
        }
        let states = [literalStates.0, literalStates.1, literalStates.2, literalStates.3]
        guard states.allSatisfy({ $0 < LZFSEConstants.literalStates }) else { throw bad("literal state") }
        guard lState < LZFSEConstants.lStates, mState < LZFSEConstants.mStates, dState < LZFSEConstants.dStates else {
            throw bad("L, M or D state")
        }
        let tables: [(String, [UInt16], Int)] = [
            ("L", lFrequencies, LZFSEConstants.lStates), ("M", mFrequencies, LZFSEConstants.mStates),
            ("D", dFrequencies, LZFSEConstants.dStates), ("literal", literalFrequencies, LZFSEConstants.literalStates),
        ]
        for (name, frequencies, stateCount) in tables where frequencies.reduce(0, { $0 + Int($1) }) > stateCount {
            throw BlockStreamError(.badFrequencyTable("the \(name) frequencies sum to more than \(stateCount)"), at: offset)
        }
    }
}
