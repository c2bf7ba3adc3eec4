import Foundation
import Testing
@testable import RecordKit

/// Hand-made archives with valid checksums, so the parser itself meets the bad bytes: each must give the
/// named typed error at the right offset.
@Suite struct ArchiveHostileInputTests {
    /// A single-value archive of `kind` around `payload`, with a correct checksum.
    static func archive(_ kind: UInt8, _ payload: [UInt8]) -> Data {
        var bytes: [UInt8] = [0x89, 0x52, 0x4B, 0x41, 0x02, kind] + payload
        let checksum = NativeArchive.checksum(Data(bytes))
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        return Data(bytes)
    }

    static func string(_ text: String) -> [UInt8] {
        [UInt8(text.utf8.count)] + Array(text.utf8)
    }

    /// recordType "T", record "r" in zone "z" of owner "o", no system fields, then the given field bytes.
    static func record(fields: [UInt8], encrypted: [UInt8] = [0]) -> [UInt8] {
        string("T") + string("r") + string("z") + string("o") + [0] + fields + encrypted
    }

    static func expectError(
        _ data: Data, _ reason: NativeArchiveError.Reason, at offset: Int,
        options: NativeArchiveDecodingOptions = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: NativeArchiveError(reason, at: offset), sourceLocation: sourceLocation) {
            try NativeArchive.decodeRecord(data, options: options)
        }
    }

    @Test func wellFormedHandMadeRecordDecodes() throws {
        let data = Self.archive(1, Self.record(fields: [1] + Self.string("k") + [0x02, 0x03]))
        let record = try NativeArchive.decodeRecord(data)
        #expect(record == Record(recordType: "T", id: RecordID(recordName: "r", zoneID: RecordZoneID(zoneName: "z", ownerName: "o")), fields: ["k": .int64(-2)]))
    }

    @Test(arguments: [
        [0xC3, 0x28] as [UInt8],          // a lead byte without its continuation
        [0xED, 0xA0, 0x80],               // a UTF-16 surrogate
        [0xE0, 0x80, 0x80],               // an overlong form
        [0xF0, 0x90, 0x80],               // a cut 4-byte sequence (repairs to three bytes, as many as it had)
        [0xF4, 0x90, 0x80, 0x80],         // above U+10FFFF
        [0xFF],
        [0x80],
    ])
    func invalidUTF8IsAnError(bytes: [UInt8]) {
        // The record type is the first string of the payload, at offset 6 + its one length byte.
        let payload = [UInt8(bytes.count)] + bytes + Self.string("r") + Self.string("z") + Self.string("o") + [0, 0, 0]
        Self.expectError(Self.archive(1, payload), .invalidUTF8, at: 7)
        #expect(!UTF8Validation.isValid(bytes, count: bytes.count))
    }

    @Test func unknownValueTagIsAnError() {
        // Header 6 + "T" 2 + "r" 2 + "z" 2 + "o" 2 + presence 1 + count 1 + key 2 = tag at 18.
        Self.expectError(Self.archive(1, Self.record(fields: [1] + Self.string("k") + [0x09, 0])), .unknownValueTag(9), at: 18)
        Self.expectError(Self.archive(1, Self.record(fields: [1] + Self.string("k") + [0x49, 0])), .unknownValueTag(0x49), at: 18)
    }

    @Test func unsortedOrRepeatedKeysAreErrors() {
        let unsorted = [2] + Self.string("b") + [2, 0] + Self.string("a") + [2, 0]
        Self.expectError(Self.archive(1, Self.record(fields: unsorted)), .keysOutOfOrder(key: "a"), at: 21)
        let repeated = [2] + Self.string("a") + [2, 0] + Self.string("a") + [2, 0]
        Self.expectError(Self.archive(1, Self.record(fields: repeated)), .keysOutOfOrder(key: "a"), at: 21)
    }

    @Test func lengthsAndCountsAreCheckedBeforeAllocating() {
        // A string claiming 100 bytes with 3 left.
        Self.expectError(Self.archive(1, [100, 1, 2, 3]), .lengthExceedsRemaining(length: 100, remaining: 3), at: 6)
        // A field count of 2^40 in a tiny archive: refused without reserving anything.
        let hugeCount: [UInt8] = [0x80, 0x80, 0x80, 0x80, 0x80, 0x20]
        Self.expectError(
            Self.archive(1, Self.record(fields: hugeCount)),
            .lengthExceedsRemaining(length: 1 << 40, remaining: 1), at: 15
        )
        // A list of 2^40 doubles.
        let hugeList: [UInt8] = [1] + Self.string("k") + [0x43] + hugeCount
        Self.expectError(
            Self.archive(1, Self.record(fields: hugeList)),
            .lengthExceedsRemaining(length: 1 << 40, remaining: 1), at: 19
        )
    }

    @Test func varintsMustBeMinimalAndFit() {
        Self.expectError(Self.archive(1, [0x81, 0x00]), .nonCanonicalVarint, at: 6)
        let tooLong: [UInt8] = Array(repeating: 0xFF, count: 9) + [0x02]
        Self.expectError(Self.archive(1, tooLong), .varintOverflow, at: 6)
    }

    @Test func limitsFromTheOptionsApply() {
        let three = [3] + Self.string("a") + [2, 0] + Self.string("b") + [2, 0] + Self.string("c") + [2, 0]
        Self.expectError(
            Self.archive(1, Self.record(fields: three)), .limitExceeded(.fieldCount, value: 3, limit: 2), at: 15,
            options: NativeArchiveDecodingOptions(maximumFieldCount: 2)
        )
        let list = [1] + Self.string("k") + [0x42, 3, 0, 0, 0]
        Self.expectError(
            Self.archive(1, Self.record(fields: list)), .limitExceeded(.listCount, value: 3, limit: 2), at: 19,
            options: NativeArchiveDecodingOptions(maximumListCount: 2)
        )
        Self.expectError(
            Self.archive(1, Self.record(fields: list)), .limitExceeded(.depth, value: 3, limit: 2), at: 18,
            options: NativeArchiveDecodingOptions(maximumDepth: 2)
        )
        let data = Self.archive(1, Self.record(fields: [0]))
        Self.expectError(
            data, .limitExceeded(.size, value: data.count, limit: 10), at: 0,
            options: NativeArchiveDecodingOptions(maximumSize: 10)
        )
    }

    @Test func recordListsCountTheirRecords() throws {
        let records = Array(repeating: ArchiveTestVectors.minimalRecord, count: 3)
        let data = NativeArchive.encode(records)
        #expect(throws: NativeArchiveError.self) {
            try NativeArchive.decodeRecords(data, options: NativeArchiveDecodingOptions(maximumRecordCount: 2))
        }
        #expect(try NativeArchive.decodeRecords(data, options: NativeArchiveDecodingOptions(maximumRecordCount: 3)) == records)
    }

    @Test func modelRulesApplyToDecodedValues() {
        // An asset naming no file (presence bit 2 only: a size).
        let asset = [1] + Self.string("k") + [0x06, 0x04, 0x05]
        Self.expectError(Self.archive(1, Self.record(fields: asset)), .invalidValue(.emptyAsset), at: 19)
        // A latitude of 100.
        var location: [UInt8] = [1] + Self.string("k") + [0x08, 0x00]
        withUnsafeBytes(of: Double(100).bitPattern.littleEndian) { location.append(contentsOf: $0) }
        withUnsafeBytes(of: Double(0).bitPattern.littleEndian) { location.append(contentsOf: $0) }
        Self.expectError(
            Self.archive(1, Self.record(fields: location)),
            .invalidValue(.coordinateOutOfRange(component: "latitude", value: 100)), at: 19
        )
        // Presence bits that name nothing.
        Self.expectError(Self.archive(1, Self.record(fields: [1] + Self.string("k") + [0x06, 0x80])), .unknownPresenceBits(0x80), at: 19)
        // A reference action of 3.
        let reference = [1] + Self.string("k") + [0x07] + Self.string("x") + Self.string("z") + Self.string("o") + [3]
        Self.expectError(Self.archive(1, Self.record(fields: reference)), .unknownReferenceAction(3), at: 25)
    }

    @Test func headerProblemsAreNamed() {
        let good = Self.archive(1, Self.record(fields: [0]))
        var version = good
        version[4] = 3
        Self.expectError(version, .unsupportedVersion(3), at: 4)
        version[4] = 1
        Self.expectError(version, .unsupportedVersion(1), at: 4)
        Self.expectError(Self.archive(3, [1, 2]), .wrongKind(expected: .record, found: 3), at: 5)
        Self.expectError(Data("bplist00".utf8), .notAnArchive, at: 0)
        Self.expectError(Data(), .unexpectedEnd(needed: 6, available: 0), at: 0)
        Self.expectError(Self.archive(1, Self.record(fields: [0]) + [7]), .trailingBytes(count: 1), at: 17)
        #expect(throws: NativeArchiveError(.invalidFlag(2), at: 6)) {
            try NativeArchive.decodeSyncState(Self.archive(4, [2, 0]))
        }
    }

    /// Random changes with the checksum recomputed: the parser sees every kind of damage and must answer each
    /// with a value or a typed error, never a crash or a runaway allocation.
    @Test func randomDamageBehindAValidChecksumNeverCrashes() throws {
        var rng = SplitMix64(seed: 99)
        let every = NativeArchive.encode(try ArchiveTestVectors.everyKindRecord)
        let state = NativeArchive.encode(ArchiveTestVectors.syncState)
        var errors = 0
        for round in 0..<3_000 {
            let source = round % 2 == 0 ? every : state
            var payload = Array(source.dropFirst(6).dropLast(4))
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let position = Int.random(in: 0..<payload.count, using: &rng)
                payload[position] = UInt8.random(in: 0...255, using: &rng)
            }
            if rng.chance(20) { payload.removeLast(Int.random(in: 0..<payload.count, using: &rng)) }
            let data = Self.archive(source[5], payload)
            do {
                if source[5] == 1 { _ = try NativeArchive.decodeRecord(data) } else { _ = try NativeArchive.decodeSyncState(data) }
            } catch {
                errors += 1
                #expect((0...data.count).contains(error.offset), "round \(round): offset \(error.offset) outside the archive")
            }
        }
        #expect(errors > 1_000)
    }
}

extension UTF8Validation {
    static func isValid(_ bytes: [UInt8], count: Int) -> Bool {
        bytes.withUnsafeBytes { raw in raw.baseAddress.map { isValid($0, count: count) } ?? true }
    }
}
