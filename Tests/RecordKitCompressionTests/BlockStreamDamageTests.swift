import Foundation
import Testing
@testable import RecordKitCompression

/// Damaged streams: each gets its typed error at the offset of the damage, never a crash.
@Suite struct BlockStreamDamageTests {
    private func error(decoding data: Data, options: BlockStreamDecodingOptions = .init()) -> BlockStreamError? {
        do {
            _ = try BlockStream.decode(data, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func anEmptyInputLacksTheEndOfStream() {
        #expect(error(decoding: Data()) == BlockStreamError(.missingEndOfStream, at: 0))
    }

    @Test func aStreamCutAfterItsLastBlockLacksTheEndOfStream() throws {
        let stream = try CompressionVectors.stream("lzvn-prose")
        #expect(error(decoding: stream.dropLast(4)) == BlockStreamError(.missingEndOfStream, at: stream.count - 4))
    }

    @Test func aStreamCutInsideAHeaderIsTruncatedAtTheMissingField() throws {
        let stream = try CompressionVectors.stream("lzvn-prose")
        // bvxn: magic at 0, raw size at 4, payload size at 8 (cut after 10 bytes).
        #expect(error(decoding: stream.prefix(10)) == BlockStreamError(.truncated, at: 8))
        let lzfse = try CompressionVectors.stream("lzfse-lines400")
        // bvx2: the fixed header is 32 bytes; cut inside it.
        #expect(error(decoding: lzfse.prefix(20)) == BlockStreamError(.truncated, at: 16))
    }

    @Test func aStreamCutInsideAPayloadIsTruncatedAtThePayload() throws {
        let stream = try CompressionVectors.stream("lzvn-prose")
        #expect(error(decoding: stream.prefix(100)) == BlockStreamError(.truncated, at: 12))
        let lzfse = try CompressionVectors.stream("lzfse-lines400")
        let headerSize = Int(lzfse[24]) | Int(lzfse[25]) << 8
        #expect(error(decoding: lzfse.prefix(headerSize + 10)) == BlockStreamError(.truncated, at: headerSize))
    }

    @Test func anUnknownMagicIsReportedWhereItStands() throws {
        var stream = try CompressionVectors.stream("mixed-blocks")
        #expect(error(decoding: Data("bvx9".utf8) + stream) == BlockStreamError(.badMagic(0x3978_7662), at: 0))
        // The second block starts after the 12-byte raw block (its header and 4 bytes).
        stream[13] = 0x00
        #expect(error(decoding: stream) == BlockStreamError(.badMagic(0x6e78_0062), at: 12))
    }

    @Test func aDeclaredSizeOverTheLimitIsRefusedBeforeAnyAllocation() {
        // A raw block that claims 4 GiB - 1 bytes.
        let stream = CompressionVectors.handMade(Array("bvx-".utf8) + CompressionVectors.littleEndian(.max))
        #expect(
            error(decoding: stream)
                == BlockStreamError(.decodedSizeLimitExceeded(declared: 0xffff_ffff, limit: 64 << 20), at: 4)
        )
        let small = BlockStreamDecodingOptions(maximumDecodedSize: 1000)
        #expect(error(decoding: (try? CompressionVectors.stream("lzvn-prose")) ?? Data(), options: small)?.reason
            == .decodedSizeLimitExceeded(declared: 1156, limit: 1000))
    }

    @Test func anLZVNBlockThatDeclaresMoreBytesThanItDecodesIsRefused() throws {
        var stream = try CompressionVectors.stream("lzvn-runs")
        stream[4] &+= 1  // raw size one more than the payload decodes to
        let failure = error(decoding: stream)
        #expect(failure?.offset == stream.count - 12, "at the end opcode")
        #expect(failure.map { if case .badPayload = $0.reason { true } else { false } } == true)
    }

    @Test func anLZVNBlockThatDecodesPastItsDeclaredSizeIsRefused() throws {
        var stream = try CompressionVectors.stream("lzvn-runs")
        stream[4] &-= 1
        #expect(error(decoding: stream).map { if case .badPayload = $0.reason { true } else { false } } == true)
    }

    @Test func aMatchBeforeTheFirstByteIsOutOfRange() {
        // An LZVN opcode with no literal and a match of 3 at distance 5, before anything was decoded.
        let payload: [UInt8] = [0x00, 0x05] + CompressionVectors.lzvnEnd
        let stream = CompressionVectors.handMade(CompressionVectors.lzvnHeader(rawSize: 3, payloadSize: UInt32(payload.count)) + payload)
        #expect(error(decoding: stream) == BlockStreamError(.matchDistanceOutOfRange(distance: 5, available: 0), at: 12))
    }

    @Test func anUndefinedLZVNOpcodeIsRefused() {
        let payload: [UInt8] = [0x70] + CompressionVectors.lzvnEnd
        let stream = CompressionVectors.handMade(CompressionVectors.lzvnHeader(rawSize: 0, payloadSize: UInt32(payload.count)) + payload)
        #expect(error(decoding: stream) == BlockStreamError(.badPayload("undefined LZVN opcode 0x70"), at: 12))
    }

    @Test func aFrequencyTableOverItsStateCountIsRefused() throws {
        var stream = try CompressionVectors.stream("lzfse1-lines400")
        // bvx1 stores the tables as 16-bit values from byte 50: L (20 values) first, whose states are 64.
        stream[50] = 0xff
        #expect(error(decoding: stream) == BlockStreamError(.badFrequencyTable("the L frequencies sum to more than 64"), at: 0))
    }

    @Test func aCompressedTableThatDoesNotEndWithItsHeaderIsRefused() throws {
        var stream = try CompressionVectors.stream("lzfse-lines400")
        stream[24] &+= 1  // header size one byte longer than the tables
        let failure = error(decoding: stream)
        #expect(failure.map { if case .badFrequencyTable = $0.reason { true } else { false } } == true)
    }

    @Test func anInitialStateOutOfRangeIsRefused() throws {
        var stream = try CompressionVectors.stream("lzfse1-lines400")
        stream[44] = 0xff  // L state, below 64
        #expect(error(decoding: stream) == BlockStreamError(.badHeaderField("L, M or D state"), at: 0))
    }

    @Test func everyTruncationOfEveryVectorFailsCleanly() throws {
        for name in ["raw-tiny", "lzvn-prose", "lzvn-runs", "lzfse-lines400", "lzfse1-lines400", "mixed-blocks"] {
            let stream = try CompressionVectors.stream(name)
            for length in 0..<(stream.count - 4) {
                #expect(error(decoding: stream.prefix(length)) != nil, "\(name) cut at \(length)")
            }
        }
    }

    @Test(arguments: ["lzfse-lines400", "lzfse1-lines400", "lzvn-prose"])
    func everyFlippedByteDecodesToTheDeclaredSizeOrFailsCleanly(name: String) throws {
        let stream = try CompressionVectors.stream(name)
        var failures = 0
        for index in 0..<stream.count {
            var damaged = stream
            damaged[index] ^= 0x5a
            do {
                let decoded = try BlockStream.decode(damaged)
                // What decodes still decodes to the size its header declares (the raw size field is at byte 4).
                if index >= 8 { #expect(decoded.count == (name == "lzvn-prose" ? 1156 : 5808), "flip at \(index)") }
            } catch {
                failures += 1
            }
        }
        #expect(failures > 0)
    }
}
