import Foundation
import Testing
@testable import RecordKit

/// The CRC-32C and the UTF-8 validator against simple reference implementations.
@Suite struct ChecksumAndUTF8Tests {
    /// Bit-at-a-time CRC-32C, the definition the fast version must match.
    static func referenceCRC(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }

    @Test func checkValue() {
        #expect(NativeArchive.crc32c(Data("123456789".utf8)) == 0xE306_9283)
        #expect(NativeArchive.crc32c(Data()) == 0)
    }

    @Test func everyLengthAndAlignmentMatchesTheReference() {
        var rng = SplitMix64(seed: 5)
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &rng) }
        for start in 0..<17 {
            for end in stride(from: start, through: bytes.count, by: 7) {
                let slice = Array(bytes[start..<end])
                #expect(NativeArchive.crc32c(Data(slice)) == Self.referenceCRC(slice), "bytes \(start)..<\(end)")
            }
        }
    }

    @Test func crcContinuesAcrossPieces() {
        let bytes = Array("the quick brown fox jumps over the lazy dog, twice over".utf8)
        let whole = bytes.withUnsafeBytes { CRC32C.checksum($0) }
        let first = bytes[0..<13].withUnsafeBytes { CRC32C.checksum($0) }
        let both = bytes[13...].withUnsafeBytes { CRC32C.checksum($0, continuing: first) }
        #expect(both == whole)
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
}
