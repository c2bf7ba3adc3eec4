import Foundation
import Testing
@testable import RecordKit

/// The writer's sizes and its running checksum: archives sized up front come out at exactly that size, and a
/// checksum taken in pieces, or while big runs are copied in and out, equals the one taken in one go.
@Suite struct ArchiveSizeAndChecksumTests {
    @Test func sizesMatchTheBytesWritten() {
        for seed in UInt64(0)..<300 {
            var random = RandomRecords(seed: seed)
            let record = random.record()
            #expect(NativeArchive.encode(record).count == ArchiveSize.recordArchive(record), "seed \(seed)")
        }
    }

    /// A model archive writes its record ID and system fields from the metadata in place: the same size and the same
    /// bytes as the record path's `recordID` and `systemFields`, for every combination of present system fields.
    @Test func metadataHeaderMatchesTheRecordPath() {
        for seed in UInt64(0)..<300 {
            var random = RandomRecords(seed: seed)
            let metadata = RecordMetadata(recordID: random.recordID(), system: random.systemFields())
            var direct = ArchiveByteWriter(capacity: 0)
            direct.header(of: metadata)
            var viaRecord = ArchiveByteWriter(capacity: 0)
            viaRecord.recordID(metadata.recordID)
            viaRecord.systemFields(metadata.system)
            #expect(Array(direct.writtenBytes) == Array(viaRecord.writtenBytes), "seed \(seed)")
            #expect(ArchiveSize.header(of: metadata) == direct.count, "seed \(seed)")
            #expect(
                ArchiveSize.header(of: metadata)
                    == ArchiveSize.recordID(metadata.recordID) + ArchiveSize.systemFields(metadata.system),
                "seed \(seed)")
        }
    }

    @Test func varintSizes() {
        var value: UInt64 = 1
        #expect(ArchiveSize.varint(0) == 1)
        for bits in 1...64 {
            #expect(ArchiveSize.varint(value) == (bits + 6) / 7, "\(bits) bits")
            #expect(ArchiveSize.varint(value | (value &- 1)) == (bits + 6) / 7, "\(bits) bits, all set")
            value &<<= 1
        }
    }

    /// The checksum, copying or not, equals Fletcher-64 computed word by word as its definition states, for
    /// sizes around the lane step (32 bytes) and past the run between reductions (2^14 steps, 512 KiB), with
    /// words that are all ones in the high or low half (the largest lane sums).
    @Test func checksumMatchesTheDefinition() {
        var rng = SplitMix64(seed: 2027)
        let sizes = [0, 1, 4, 31, 32, 33, 63, 64, 100, 4099, (1 << 19) - 3, 1 << 19, (1 << 19) + 37, (1 << 20) + 5]
        for size in sizes {
            for fill in 0..<3 {
                let bytes: [UInt8] = (0..<size).map { index in
                    switch fill {
                    case 0: UInt8(truncatingIfNeeded: rng.next())
                    case 1: 0xFF
                    default: index % 8 < 4 ? 0x00 : 0xFF
                    }
                }
                bytes.withUnsafeBytes { raw in
                    let expected = Self.definitionChecksum(bytes)
                    #expect(Fletcher64.checksum(raw) == expected, "\(size) bytes, fill \(fill)")
                    guard size >= 4, let base = raw.baseAddress else { return }
                    // Targets on and off a 16-byte boundary: on the word grid, a copy of `alignedStoreMinimum` bytes
                    // or more first copies single words up to the boundary; off it (an odd offset) it never does.
                    let block = UnsafeMutableRawPointer.allocate(byteCount: size + 16, alignment: 16)
                    defer { block.deallocate() }
                    for targetOffset in [0, 4, 8, 12, 3] {
                        let target = block + targetOffset
                        var sums = Fletcher64.Accumulator()
                        let words = size & ~3
                        sums.copyAndAdd(from: base, to: target, byteCount: words)
                        #expect(memcmp(target, base, words) == 0, "\(size) bytes copied to +\(targetOffset)")
                        #expect(
                            sums.finish(base + words, byteCount: size - words) == expected,
                            "\(size) bytes, fill \(fill), copied to +\(targetOffset)"
                        )
                    }
                }
            }
        }
    }

    /// Fletcher-64 as ``Fletcher64`` documents it: a = 1 + the little-endian words (the last padded with zero
    /// bytes), b = the sum of a after each word, both modulo 2^32 - 1.
    private static func definitionChecksum(_ bytes: [UInt8]) -> UInt64 {
        let modulus: UInt64 = 0xFFFF_FFFF
        var a: UInt64 = 1
        var b: UInt64 = 0
        for wordStart in stride(from: 0, to: bytes.count, by: 4) {
            var word: UInt64 = 0
            for offset in 0..<4 where wordStart + offset < bytes.count {
                word |= UInt64(bytes[wordStart + offset]) << UInt64(8 * offset)
            }
            a = (a + word) % modulus
            b = (b + a) % modulus
        }
        return b << 32 | a
    }

    @Test func accumulatorInPiecesEqualsOneGo() {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<200 {
            let count = Int(rng.next() % 5000)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            bytes.withUnsafeBytes { raw in
                let whole = Fletcher64.checksum(raw)
                var sums = Fletcher64.Accumulator()
                var position = 0
                let target = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 1)
                defer { target.deallocate() }
                while count - position >= 4 {
                    let piece = Int(rng.next() % UInt64((count - position) / 4 + 1)) * 4
                    if rng.next() & 1 == 0 {
                        sums.add(raw.baseAddress! + position, byteCount: piece)
                    } else {
                        sums.copyAndAdd(from: raw.baseAddress! + position, to: target + position, byteCount: piece)
                        #expect(memcmp(target + position, raw.baseAddress! + position, piece) == 0)
                    }
                    position += piece
                    if piece == 0 { break }
                }
                #expect(sums.finish(raw.baseAddress! + position, byteCount: count - position) == whole, "\(count) bytes")
            }
        }
    }

    /// Records with big byte runs at every alignment, past the writer's fused-copy threshold and (every other
    /// one) past the reader's: each encodes to bytes whose stored checksum is that of its bytes, decodes back,
    /// and a changed byte anywhere is a checksum mismatch.
    @Test func bigRunsAreChecksummedWhileCopied() throws {
        var rng = SplitMix64(seed: 9)
        for shift in 0..<8 {
            let threshold = shift.isMultiple(of: 2) ? ArchiveByteWriter.fusedCopyThreshold : ArchiveCursor.fusedCopyThreshold
            let size = threshold + Int(rng.next() % 3000)
            let big = Data((0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
            let record = Record(
                recordType: "Big", id: RecordID(recordName: String(repeating: "n", count: shift + 1)),
                fields: ["a": .string("x"), "b": .bytes(big), "c": .list(.bytes([big, Data([1, 2, 3])]))]
            )
            let archive = NativeArchive.encode(record)
            let stored = archive.suffix(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            #expect(stored == NativeArchive.checksum(archive.prefix(archive.count - 8)), "shift \(shift)")
            #expect(try NativeArchive.decodeRecord(archive) == record, "shift \(shift)")
            for position in [7, 20, archive.count / 2, archive.count - 20, archive.count - 9] {
                var damaged = archive
                damaged[position] ^= 0x10
                #expect(throws: NativeArchiveError.self) { try NativeArchive.decodeRecord(damaged) }
                do {
                    _ = try NativeArchive.decodeRecord(damaged)
                } catch {
                    guard case .checksumMismatch = error.reason else {
                        Issue.record("shift \(shift), byte \(position): \(error)")
                        continue
                    }
                }
            }
            let list = NativeArchive.encode([record, record])
            #expect(try NativeArchive.decodeRecords(list) == [record, record])
        }
    }
}
