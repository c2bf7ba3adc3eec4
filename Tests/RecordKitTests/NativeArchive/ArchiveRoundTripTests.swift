import Foundation
import Testing
@testable import RecordKit

/// Property tests: random records over every kind survive the archive, and encoding is deterministic.
@Suite struct ArchiveRoundTripTests {
    @Test(arguments: [UInt64(0), 1, 2])
    func seedBatches(batch: UInt64) throws {
        for index in 0..<UInt64(100) {
            let seed = batch * 100 + index
            var random = RandomRecords(seed: seed)
            let record = random.record()
            let bytes = NativeArchive.encode(record)
            let decoded = try NativeArchive.decodeRecord(bytes)
            #expect(decoded == record, "seed \(seed): decoded record differs")
            #expect(NativeArchive.encode(decoded) == bytes, "seed \(seed): re-encoding gives other bytes")
        }
    }

    @Test func recordListsRoundTrip() throws {
        for seed in UInt64(1000)..<1020 {
            var random = RandomRecords(seed: seed)
            let records = (0..<Int(seed % 7)).map { _ in random.record() }
            let bytes = NativeArchive.encode(records)
            let decoded = try NativeArchive.decodeRecords(bytes)
            #expect(decoded == records, "seed \(seed): decoded list differs")
            #expect(NativeArchive.encode(decoded) == bytes, "seed \(seed)")
        }
    }

    @Test func syncStatesRoundTrip() throws {
        for seed in UInt64(2000)..<2050 {
            var random = RandomRecords(seed: seed)
            var state = SyncState(databaseToken: random.optional { ServerChangeToken(data: $0.data()) })
            for _ in 0..<Int(seed % 6) { state.zoneTokens[random.zoneID()] = ServerChangeToken(data: random.data()) }
            let bytes = NativeArchive.encode(state)
            #expect(try NativeArchive.decodeSyncState(bytes) == state, "seed \(seed)")
        }
    }

    @Test func tokensRoundTrip() throws {
        for seed in UInt64(3000)..<3020 {
            var random = RandomRecords(seed: seed)
            let token = ServerChangeToken(data: random.data(huge: seed % 5 == 0))
            #expect(try NativeArchive.decodeToken(NativeArchive.encode(token)) == token, "seed \(seed)")
        }
    }

    @Test func encodingIgnoresDictionaryOrder() throws {
        var random = RandomRecords(seed: 42)
        let record = random.record()
        var rebuilt = record
        rebuilt.fields = [:]
        for key in record.fields.keys.sorted().reversed() { rebuilt.fields[key] = record.fields[key] }
        #expect(NativeArchive.encode(rebuilt) == NativeArchive.encode(record))
    }

    @Test func specialDoublesAndDatesKeepTheirBits() throws {
        let doubles: [Double] = [.nan, -.nan, .signalingNaN, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude]
        let dates = [Date(timeIntervalSince1970: -1e10), Date(timeIntervalSince1970: 1e13), Date.distantPast]
        let record = Record(
            recordType: "T", id: RecordID(recordName: "r"),
            fields: ["d": .list(.double(doubles)), "t": .list(.timestamp(dates)), "n": .double(.nan)]
        )
        let decoded = try NativeArchive.decodeRecord(NativeArchive.encode(record))
        guard case let .list(.double(values))? = decoded["d"] else {
            Issue.record("list of doubles lost")
            return
        }
        #expect(values.map(\.bitPattern) == doubles.map(\.bitPattern))
        #expect(decoded == record)
    }

    @Test func absentAndPresentOptionalMembersStayApart() throws {
        let bare = try Location(latitude: 1, longitude: 2)
        let full = try Location(
            latitude: 1, longitude: 2, altitude: 0, horizontalAccuracy: 0, verticalAccuracy: 0, speed: 0, course: 0,
            timestamp: Date(timeIntervalSinceReferenceDate: 0)
        )
        let asset = try Asset(receipt: "r")
        let record = Record(
            recordType: "T", id: RecordID(recordName: "r"),
            fields: ["bare": .location(bare), "full": .location(full), "asset": .asset(asset)]
        )
        let decoded = try NativeArchive.decodeRecord(NativeArchive.encode(record))
        guard case let .location(decodedBare)? = decoded["bare"], case let .location(decodedFull)? = decoded["full"],
              case let .asset(decodedAsset)? = decoded["asset"]
        else {
            Issue.record("locations or asset lost")
            return
        }
        #expect(decodedBare.altitude == nil && decodedBare.timestamp == nil)
        #expect(decodedFull.altitude == 0 && decodedFull.course == 0 && decodedFull.timestamp != nil)
        #expect(decodedAsset.receipt == "r" && decodedAsset.fileURL == nil && decodedAsset.size == nil)
    }

    @Test func encryptedFieldsAreKeptApart() throws {
        let record = Record(
            recordType: "T", id: RecordID(recordName: "r"), fields: ["a": .int64(1)], encryptedFields: ["b": .int64(2)]
        )
        let decoded = try NativeArchive.decodeRecord(NativeArchive.encode(record))
        #expect(decoded.fields == ["a": .int64(1)])
        #expect(decoded.encryptedFields == ["b": .int64(2)])
    }
}
