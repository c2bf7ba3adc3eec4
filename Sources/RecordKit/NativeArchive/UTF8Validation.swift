/// Strict UTF-8 validation (Unicode Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
///
/// Archive strings are checked here and then built without the standard library validating them again; corrupt
/// text is an error, never a quietly repaired value. ASCII is skipped eight bytes at once; the rest runs through
/// a shift-based DFA: each byte's table row packs the next state of all nine states, six bits each, and a state
/// is the bit offset of its own slot, so one step is a single shift with no branch per byte.
enum UTF8Validation {
    /// Whether the `count` bytes at `start` are valid UTF-8.
    static func isValid(_ start: UnsafeRawPointer, count: Int) -> Bool {
        let ascii = asciiPrefix(start, count: count)
        return ascii == count || dfaAccepts(start + ascii, count: count &- ascii)
    }

    /// How many of the `count` bytes at `start` are ASCII before the first that is not, in steps of eight
    /// (the DFA starts at most seven ASCII bytes early, which it accepts).
    @inline(__always)
    static func asciiPrefix(_ start: UnsafeRawPointer, count: Int) -> Int {
        var index = 0
        while count &- index >= 8 {
            guard start.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 else {
                return index
            }
            index &+= 8
        }
        while index < count, start.load(fromByteOffset: index, as: UInt8.self) < 0x80 { index &+= 1 }
        return index
    }

    static func dfaAccepts(_ start: UnsafeRawPointer, count: Int) -> Bool {
        transitions.withUnsafeBufferPointer { rows in
            var state: UInt64 = State.accept
            for index in 0..<count {
                state = rows[Int(start.load(fromByteOffset: index, as: UInt8.self))] &>> state
            }
            return state & 63 == State.accept
        }
    }

    /// States, as the bit offsets of their slots in a table row.
    private enum State {
        static let accept: UInt64 = 0
        static let reject: UInt64 = 6
        /// One, two or three continuation bytes (80...BF) still to come.
        static let tail1: UInt64 = 12
        static let tail2: UInt64 = 18
        static let tail3: UInt64 = 24
        /// After E0 the next byte is A0...BF (no overlong forms); after ED, 80...9F (no surrogates).
        static let afterE0: UInt64 = 30
        static let afterED: UInt64 = 36
        /// After F0 the next byte is 90...BF (no overlong forms); after F4, 80...8F (nothing above U+10FFFF).
        static let afterF0: UInt64 = 42
        static let afterF4: UInt64 = 48
    }

    private static let transitions: [UInt64] = (0...255).map { byte in
        var next: [(from: UInt64, to: UInt64)] = []
        switch byte {
        case 0x00...0x7F: next = [(State.accept, State.accept)]
        case 0x80...0xBF:
            next = [(State.tail1, State.accept), (State.tail2, State.tail1), (State.tail3, State.tail2)]
            if byte >= 0xA0 { next.append((State.afterE0, State.tail1)) }
            if byte <= 0x9F { next.append((State.afterED, State.tail1)) }
            if byte >= 0x90 { next.append((State.afterF0, State.tail2)) }
            if byte <= 0x8F { next.append((State.afterF4, State.tail2)) }
        case 0xC2...0xDF: next = [(State.accept, State.tail1)]
        case 0xE0: next = [(State.accept, State.afterE0)]
        case 0xED: next = [(State.accept, State.afterED)]
        case 0xE1...0xEF: next = [(State.accept, State.tail2)]
        case 0xF0: next = [(State.accept, State.afterF0)]
        case 0xF1...0xF3: next = [(State.accept, State.tail3)]
        case 0xF4: next = [(State.accept, State.afterF4)]
        default: break  // C0, C1, F5...FF never appear in UTF-8
        }
        // Every slot not named goes to reject, which stays there.
        var row: UInt64 = 0
        for from in stride(from: UInt64(0), through: State.afterF4, by: 6) {
            let to = next.first { $0.from == from }?.to ?? State.reject
            row |= to &<< from
        }
        return row
    }
}
