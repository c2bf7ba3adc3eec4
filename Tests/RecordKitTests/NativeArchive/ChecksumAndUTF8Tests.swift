import Foundation
import Testing
@testable import RecordKit

/// The Fletcher-64 checksum and the UTF-8 validator against simple reference implementations.
@Suite struct ChecksumAndUTF8Tests {
    /// Word at a time with a reduction after every step, the definition the fast version must match.
    static func referenceChecksum(_ bytes: [UInt8]) -> UInt64 {
        let modulus: UInt64 = 0xFFFF_FFFF
        var a: UInt64 = 1
        var b: UInt64 = 0
        for start in stride(from: 0, to: bytes.count, by: 4) {
            var word: UInt64 = 0
            for (shift, byte) in bytes[start..<min(start + 4, bytes.count)].enumerated() {
                word |= UInt64(byte) << (8 * UInt64(shift))
            }
            a = (a + word) % modulus
            b = (b + a) % modulus
        }
        return b << 32 | a
    }

    @Test func knownValues() {
        #expect(NativeArchive.checksum(Data()) == 1)
        // "1234" is the word 0x34333231: a = 1 + 0x34333231, b = a.
        #expect(NativeArchive.checksum(Data("1234".utf8)) == 0x3433_3232_3433_3232)
        #expect(NativeArchive.checksum(Data("123456789".utf8)) == Self.referenceChecksum(Array("123456789".utf8)))
    }

    @Test func everyLengthAndAlignmentMatchesTheReference() {
        var rng = SplitMix64(seed: 5)
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &rng) }
        for start in 0..<17 {
            for end in stride(from: start, through: bytes.count, by: 7) {
                let slice = Array(bytes[start..<end])
                #expect(NativeArchive.checksum(Data(slice)) == Self.referenceChecksum(slice), "bytes \(start)..<\(end)")
            }
        }
    }

    /// All-FF bytes make every lane sum sit on the modulus, and long runs cross the fast loop's reductions.
    @Test func extremeBytesAndLongRunsMatchTheReference() {
        for count in [31, 32, 33, 64, 1_600, 524_288 + 36] {
            let ones = [UInt8](repeating: 0xFF, count: count)
            #expect(NativeArchive.checksum(Data(ones)) == Self.referenceChecksum(ones), "\(count) bytes of FF")
        }
        var rng = SplitMix64(seed: 9)
        let long = (0..<(524_288 * 2 + 45)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        #expect(NativeArchive.checksum(Data(long)) == Self.referenceChecksum(long))
    }

    /// The guarantee the format relies on, checked exhaustively on one buffer: every value of every byte.
    @Test func everySingleByteChangeChangesTheChecksum() {
        var rng = SplitMix64(seed: 3)
        let bytes = (0..<70).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let original = NativeArchive.checksum(Data(bytes))
        var changed = Data(bytes)
        var missed = 0
        for position in bytes.indices {
            for value in 0...255 where UInt8(value) != bytes[position] {
                changed[position] = UInt8(value)
                if NativeArchive.checksum(changed) == original { missed += 1 }
            }
            changed[position] = bytes[position]
        }
        #expect(missed == 0)
    }

    @Test func validatorAgreesWithTheStandardLibrary() {
        var rng = SplitMix64(seed: 11)
        let pieces: [[UInt8]] = [
            [0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x99, 0x82], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xE0, 0xA0], [0xFF], [0xEF, 0xBF, 0xBD], Array("plain ascii run".utf8),
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...8, using: &rng) { bytes += rng.pick(pieces) }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(UTF8Validation.isValid(bytes, count: bytes.count) == expected, "\(bytes)")
        }
    }

    /// Both ways the decoder builds strings (validate then copy; decode then compare, for older Apple systems)
    /// accept exactly what the standard library calls valid, and build the same string.
    @Test func bothStringBuildersAgreeWithTheStandardLibrary() {
        var rng = SplitMix64(seed: 17)
        let pieces: [[UInt8]] = [
            [0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x99, 0x82], [0x80], [0xC1, 0xBF], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF],
            [0xF5], Array("an ascii run, long enough for words".utf8),
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...10, using: &rng) { bytes += rng.pick(pieces) }
            let expected = String(validating: bytes, as: UTF8.self)
            bytes.withUnsafeBytes { raw in
                guard let start = raw.baseAddress else { return }
                let cursor = ArchiveCursor(start: start, position: 0, end: raw.count)
                let copied = try? cursor.makeString(offset: 0, count: raw.count)
                let repaired = try? cursor.repairCheckedString(offset: 0, count: raw.count)
                #expect(copied == expected, "\(bytes)")
                #expect(repaired == expected, "\(bytes)")
            }
        }
    }
}
