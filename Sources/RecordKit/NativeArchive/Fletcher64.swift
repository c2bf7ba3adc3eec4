/// Fletcher-64, the checksum of every archive and frame: two sums modulo 2^32 - 1 over the bytes read as
/// little-endian 32-bit words (the last one padded with zero bytes).
///
///     a = 1 + w[0] + w[1] + ... + w[m-1]                    (mod 2^32 - 1)
///     b = the sum of a after each word                       (mod 2^32 - 1)
///     checksum = b << 32 | a, both in 0 ..< 2^32 - 1
///
/// Why it detects every single-byte change: changing one byte changes one word by k * 2^(8j) with
/// 0 < |k| <= 255, and 2^32 - 1 is odd, so it divides that change only if it divided k; `a` always changes.
/// More generally any change inside one aligned word is caught, except turning `00000000` into `FFFFFFFF` or
/// back. `b` weighs each word by its distance from the end, so most reorderings are caught too.
///
/// Why not CRC-32C (the format's first checksum): a table CRC needs 1 to 32 KiB of tables that compete with the
/// record for the L1 cache and runs at about 4.5 GB/s; these sums need no table and run three to four times
/// faster, which was a fifth of the time of decoding a note-sized record.
enum Fletcher64 {
    static let modulus: UInt64 = 0xFFFF_FFFF

    /// Copies of at least this many bytes first take single words up to a 16-byte boundary of the target: stores
    /// there are about 5% faster than on a 4-byte boundary (measured on 1 MiB), but below a few KiB the single
    /// words cost more than they save.
    static let alignedStoreMinimum = 4096

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        guard let start = bytes.baseAddress else { return 1 }
        return Accumulator().finish(start, byteCount: bytes.count)
    }

    /// The sums over a run of bytes added piece by piece, so the checksum can be taken while the bytes are
    /// copied (one pass over a big value instead of two). Pieces are whole 32-bit words of the run; only the
    /// last piece, given to ``finish(_:byteCount:)``, may end inside a word.
    struct Accumulator {
        private var a: UInt64 = 1
        private var b: UInt64 = 0

        /// Adds the `byteCount` bytes at `start`, a multiple of 4.
        @inline(__always)
        mutating func add(_ start: UnsafeRawPointer, byteCount: Int) {
            run(start, copyingTo: nil, byteCount: byteCount)
        }

        /// Copies the `byteCount` bytes at `source` to `target` and adds them, in one pass; a multiple of 4.
        mutating func copyAndAdd(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, byteCount: Int) {
            run(source, copyingTo: target, byteCount: byteCount)
        }

        /// Adds the last `byteCount` bytes (the final word padded with zero bytes) and returns the checksum.
        func finish(_ start: UnsafeRawPointer, byteCount: Int) -> UInt64 {
            var sums = self
            let words = byteCount & ~3
            sums.run(start, copyingTo: nil, byteCount: words)
            var a = sums.a
            var b = sums.b
            if words < byteCount {
                var padded: UInt64 = 0
                for offset in 0..<(byteCount &- words) {
                    padded |= UInt64(start.load(fromByteOffset: words &+ offset, as: UInt8.self)) &<< UInt64(8 &* offset)
                }
                a = reduce(a &+ padded)
                b = reduce(b &+ a)
            }
            return b &<< 32 | a
        }

        @inline(__always)
        private mutating func run(_ start: UnsafeRawPointer, copyingTo target: UnsafeMutableRawPointer?, byteCount count: Int) {
            var position = 0
            // A long copy to a target on the word grid first takes up to three single words (see
            // `alignedStoreMinimum`). A target off the grid cannot be aligned this way; the archive reader allocates
            // its targets so that they are on it.
            if let target, count >= Fletcher64.alignedStoreMinimum, Int(bitPattern: target) & 3 == 0 {
                while position < count, Int(bitPattern: target + position) & 15 != 0 {
                    addWord(start, copyingTo: target, at: position)
                    position &+= 4
                }
                a = reduce(a)
                b = reduce(b)
            }
            // Thirty-two bytes (eight words) a step, read as four 64-bit lanes: lane l holds word 2l in its low half
            // and word 2l + 1 in its high half. `raw` adds the lanes as they are, wrapping, and `high` adds their
            // high words; since no lane's low-word sum can reach 2^64, `raw - high << 32` recovers it exactly, so
            // neither half needs widening (one shift per lane pair instead of two unpacks). `rawTotals` and
            // `highTotals` add up `raw` and `high` after each step, which weighs every word by the number of steps
            // left; the weights are corrected per word below. At most 2^14 steps between reductions keeps every
            // recovered sum below 2^64.
            while count &- position >= 32 {
                let steps = min((count &- position) / 32, 1 << 14)
                var raw = SIMD4<UInt64>(repeating: 0)
                var high = SIMD4<UInt64>(repeating: 0)
                var rawTotals = SIMD4<UInt64>(repeating: 0)
                var highTotals = SIMD4<UInt64>(repeating: 0)
                var pointer = start + position
                if let target {
                    var output = target + position
                    for _ in 0..<steps {
                        let lanes = pointer.loadUnaligned(as: SIMD4<UInt64>.self)
                        output.storeBytes(of: lanes, as: SIMD4<UInt64>.self)
                        let words = lanes.littleEndianLanes
                        raw &+= words
                        high &+= words &>> 32
                        rawTotals &+= raw
                        highTotals &+= high
                        pointer += 32
                        output += 32
                    }
                } else {
                    for _ in 0..<steps {
                        let words = pointer.loadUnaligned(as: SIMD4<UInt64>.self).littleEndianLanes
                        raw &+= words
                        high &+= words &>> 32
                        rawTotals &+= raw
                        highTotals &+= high
                        pointer += 32
                    }
                }
                // Over this run of m = 8 * steps words, word j of step s counts towards b as often as there are
                // words from it to the end: 8 * (steps - s) - j. So b gains m * a (the old a, once per word),
                // 8 * the sum of the per-word totals and -sum(j * the sum of word j). Each word's sum is below
                // 2^46 and each total below 2^60 (2^14 steps of words below 2^32), so the eight of each add up
                // without overflow and are reduced once, not one by one.
                var sumOfSums: UInt64 = 0
                var sumOfTotals: UInt64 = 0
                var weightedSums: UInt64 = 0
                for lane in 0..<4 {
                    let highSum = high[lane]
                    let lowSum = raw[lane] &- (highSum &<< 32)
                    sumOfSums &+= lowSum &+ highSum
                    sumOfTotals &+= (rawTotals[lane] &- (highTotals[lane] &<< 32)) &+ highTotals[lane]
                    let word = UInt64(2 &* lane)
                    weightedSums &+= word &* lowSum &+ (word &+ 1) &* highSum
                }
                let words = UInt64(steps) &* 8
                b = reduce(b &+ reduce(words &* a))
                b = reduce(b &+ reduce(sumOfTotals) &* 8)
                b = reduce(b &+ (modulus &- reduce(weightedSums)))
                a = reduce(a &+ reduce(sumOfSums))
                position &+= steps &* 32
            }
            while position < count {
                addWord(start, copyingTo: target, at: position)
                position &+= 4
            }
            a = reduce(a)
            b = reduce(b)
        }

        /// Adds (and copies, with a target) the one word at `position`, leaving the sums unreduced: a run adds at
        /// most three single words before its steps and seven after them, each loop followed by a reduction, so
        /// `a` stays below 2^35 and `b` below 2^38: two reductions per loop instead of two per word.
        @inline(__always)
        private mutating func addWord(_ start: UnsafeRawPointer, copyingTo target: UnsafeMutableRawPointer?, at position: Int) {
            let raw = (start + position).loadUnaligned(as: UInt32.self)
            target?.storeBytes(of: raw, toByteOffset: position, as: UInt32.self)
            a &+= UInt64(UInt32(littleEndian: raw))
            b &+= a
        }
    }

    /// `value` modulo 2^32 - 1, in 0 ..< 2^32 - 1: 2^32 is 1 modulo 2^32 - 1, so the high half adds to the low.
    @inline(__always)
    static func reduce(_ value: UInt64) -> UInt64 {
        var folded = (value & modulus) &+ (value &>> 32)
        folded = (folded & modulus) &+ (folded &>> 32)
        return folded == modulus ? 0 : folded
    }
}

private extension SIMD4<UInt64> {
    /// The lanes as read from little-endian bytes (word 2l in the low half of lane l), whatever the machine's byte
    /// order.
    @inline(__always)
    var littleEndianLanes: SIMD4<UInt64> {
        #if _endian(little)
        self
        #else
        SIMD4<UInt64>(UInt64(littleEndian: self[0]), UInt64(littleEndian: self[1]),
                      UInt64(littleEndian: self[2]), UInt64(littleEndian: self[3]))
        #endif
    }
}
