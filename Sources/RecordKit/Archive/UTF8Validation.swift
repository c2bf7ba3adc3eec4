/// Strict UTF-8 validation (Unicode Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
///
/// `String(decoding:as:)` silently repairs bad bytes into U+FFFD, so every archive string is checked here
/// first; corrupt text is an error, never a quietly different value. ASCII runs are skipped eight bytes at once.
enum UTF8Validation {
    static func isValid(_ start: UnsafeRawPointer, count: Int) -> Bool {
        var index = 0
        while index < count {
            if count &- index >= 8 {
                let word = start.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index &+= 8
                    continue
                }
            }
            let lead = start.load(fromByteOffset: index, as: UInt8.self)
            if lead < 0x80 {
                index &+= 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard count &- index >= length else { return false }
            let second = start.load(fromByteOffset: index &+ 1, as: UInt8.self)
            guard second >= lower, second <= upper else { return false }
            for offset in 2..<max(2, length) {
                let next = start.load(fromByteOffset: index &+ offset, as: UInt8.self)
                guard next & 0xC0 == 0x80 else { return false }
            }
            index &+= length
        }
        return true
    }
}
