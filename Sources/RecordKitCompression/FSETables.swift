/// One state of the literal decoder: bits to read, the byte it emits, the base of the next state.
struct FSELiteralEntry {
    var bitCount: UInt8 = 0
    var symbol: UInt8 = 0
    var delta: Int32 = 0
}

/// One state of an L, M or D decoder: state bits plus extra value bits, the next state's base, the value's base.
struct FSEValueEntry {
    var totalBits: UInt8 = 0
    var valueBits: UInt8 = 0
    var delta: Int32 = 0
    var valueBase: Int32 = 0
}

/// Builds the tANS decoding tables from normalized frequencies (their sum is at most the state count, a power of
/// two; the header check guarantees that). States no symbol reaches decode as symbol 0 and go to state 0, so a
/// damaged stream stays inside the table.
enum FSETables {
    /// The shift that brings `frequency` into [stateCount, 2 stateCount): leading zeros of f minus those of n.
    private static func shift(frequency: Int, stateCount: Int) -> Int {
        frequency.leadingZeroBitCount - stateCount.leadingZeroBitCount
    }

    static func literalTable(_ frequencies: [UInt16], stateCount: Int) -> [FSELiteralEntry] {
        var table = [FSELiteralEntry](repeating: FSELiteralEntry(), count: stateCount)
        var state = 0
        for (symbol, frequencyValue) in frequencies.enumerated() where frequencyValue > 0 {
            let frequency = Int(frequencyValue)
            let k = shift(frequency: frequency, stateCount: stateCount)
            let firstShorter = ((2 * stateCount) >> k) - frequency
            for j in 0..<frequency {
                var entry = FSELiteralEntry()
                entry.symbol = UInt8(truncatingIfNeeded: symbol)
                if j < firstShorter {
                    entry.bitCount = UInt8(k)
                    entry.delta = Int32(((frequency + j) << k) - stateCount)
                } else {
                    entry.bitCount = UInt8(k - 1)
                    entry.delta = Int32((j - firstShorter) << (k - 1))
                }
                table[state] = entry
                state += 1
            }
        }
        return table
    }

    static func valueTable(
        _ frequencies: [UInt16], stateCount: Int, extraBits: [UInt8], baseValues: [Int32]
    ) -> [FSEValueEntry] {
        var table = [FSEValueEntry](repeating: FSEValueEntry(), count: stateCount)
        var state = 0
        for (symbol, frequencyValue) in frequencies.enumerated() where frequencyValue > 0 {
            let frequency = Int(frequencyValue)
            let k = shift(frequency: frequency, stateCount: stateCount)
            let firstShorter = ((2 * stateCount) >> k) - frequency
            for j in 0..<frequency {
                var entry = FSEValueEntry()
                entry.valueBits = extraBits[symbol]
                entry.valueBase = baseValues[symbol]
                if j < firstShorter {
                    entry.totalBits = UInt8(k) + entry.valueBits
                    entry.delta = Int32(((frequency + j) << k) - stateCount)
                } else {
                    entry.totalBits = UInt8(k - 1) + entry.valueBits
                    entry.delta = Int32((j - firstShorter) << (k - 1))
                }
                table[state] = entry
                state += 1
            }
        }
        return table
    }
}
