/// Decodes one LZFSE block (`bvx1` or `bvx2`): four interleaved FSE streams of literal bytes, then one FSE stream of
/// (L, M, D) triples, each read backwards from the end of its payload.
enum LZFSEBlockDecoder {
    /// Decodes the block whose header was read at `headerOffset` into `output`, which must end at its block end.
    static func decode(
        _ input: InputBytes, header: LZFSEBlockHeader, headerOffset: Int, into output: inout OutputCursor
    ) throws(BlockStreamError) {
        let payloadStart = headerOffset + header.headerSize
        let literals = try decodeLiterals(input, header: header, payloadStart: payloadStart)
        try executeMatches(input, header: header, payloadStart: payloadStart, literals: literals, into: &output)
    }

    private static func decodeLiterals(
        _ input: InputBytes, header: LZFSEBlockHeader, payloadStart: Int
    ) throws(BlockStreamError) -> [UInt8] {
        let table = FSETables.literalTable(header.literalFrequencies, stateCount: LZFSEConstants.literalStates)
        // One spare byte so the buffer has an address even for a block without literals.
        var literals = [UInt8](repeating: 0, count: header.literalCount + 1)
        // The stream may start inside the header when it holds fewer than 8 bytes: its first bits are never used.
        var reader = try FSEBitReader(
            input, end: payloadStart + header.literalPayloadSize, initialBits: header.literalBits, lowerBound: 0
        )
        var states = [header.literalStates.0, header.literalStates.1, header.literalStates.2, header.literalStates.3]
        var index = 0
        while index < header.literalCount {
            try reader.refill(input)
            for lane in 0..<4 {
                let entry = table[states[lane]]
                states[lane] = Int(entry.delta) + Int(reader.pull(Int(entry.bitCount)))
                literals[index + lane] = entry.symbol
            }
            index += 4
        }
        return literals
    }

    private static func executeMatches(
        _ input: InputBytes, header: LZFSEBlockHeader, payloadStart: Int, literals: [UInt8], into output: inout OutputCursor
    ) throws(BlockStreamError) {
        let lTable = FSETables.valueTable(
            header.lFrequencies, stateCount: LZFSEConstants.lStates,
            extraBits: LZFSEConstants.lExtraBits, baseValues: LZFSEConstants.lBaseValue
        )
        let mTable = FSETables.valueTable(
            header.mFrequencies, stateCount: LZFSEConstants.mStates,
            extraBits: LZFSEConstants.mExtraBits, baseValues: LZFSEConstants.mBaseValue
        )
        let dTable = FSETables.valueTable(
            header.dFrequencies, stateCount: LZFSEConstants.dStates,
            extraBits: LZFSEConstants.dExtraBits, baseValues: LZFSEConstants.dBaseValue
        )
        let lmdStart = payloadStart + header.literalPayloadSize
        var reader = try FSEBitReader(
            input, end: lmdStart + header.lmdPayloadSize, initialBits: header.lmdBits, lowerBound: lmdStart
        )
        var lState = header.lState
        var mState = header.mState
        var dState = header.dState
        var literalIndex = 0
        // No distance yet: a first triple that repeats the previous distance is damaged.
        var distance = -1
        let failure = literals.withUnsafeBytes { literalBytes -> BlockStreamError? in
            guard let literalBase = literalBytes.baseAddress else { return BlockStreamError(.truncated, at: lmdStart) }
            do throws(BlockStreamError) {
                for _ in 0..<header.matchCount {
                    try reader.refill(input)
                    let literalLength = decodeValue(lTable, state: &lState, reader: &reader)
                    let matchLength = decodeValue(mTable, state: &mState, reader: &reader)
                    let newDistance = decodeValue(dTable, state: &dState, reader: &reader)
                    if newDistance != 0 { distance = newDistance }
                    guard literalLength <= header.literalCount - literalIndex else {
                        throw BlockStreamError(.badPayload("a match uses more literals than the block holds"), at: reader.position)
                    }
                    try output.requireRoom(literalLength + matchLength, at: reader.position)
                    output.copyLiteral(from: literalBase + literalIndex, count: literalLength)
                    literalIndex += literalLength
                    try output.copyMatch(distance: distance, length: matchLength, at: reader.position)
                }
            } catch {
                return error
            }
            return nil
        }
        if let failure { throw failure }
        guard output.remainingInBlock == 0 else {
            throw BlockStreamError(.badPayload("LZFSE block ends \(output.remainingInBlock) bytes short"), at: lmdStart)
        }
    }

    @inline(__always)
    private static func decodeValue(_ table: [FSEValueEntry], state: inout Int, reader: inout FSEBitReader) -> Int {
        let entry = table[state]
        let bits = reader.pull(Int(entry.totalBits))
        state = Int(entry.delta) + Int(bits >> UInt64(entry.valueBits))
        let valueMask = (UInt64(1) << UInt64(entry.valueBits)) &- 1
        return Int(entry.valueBase) + Int(bits & valueMask)
    }
}
