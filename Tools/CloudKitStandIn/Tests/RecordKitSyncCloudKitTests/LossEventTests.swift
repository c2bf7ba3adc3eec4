import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// The adapter keeps the sync rules of issue 23 that CKSyncEngine leaves to it: a record the server refuses
/// for good is parked and the changes behind it are sent; a fetched record the store cannot keep is skipped
/// and reported, and the rest of the fetch is stored.
@Suite struct LossEventTests {
    @Test func aRecordTooLargeIsParkedUntilEditedAndTheRestIsSent() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("big", text: "big", modified: 1), makeNote("small", text: "small", modified: 1))
        await device.send(.willSendChanges(.init()))
        let batch = try #require(await device.nextBatch())
        #expect(batch.recordsToSave.map(\.recordID.recordName) == ["big", "small"])
        let big = try #require(batch.recordsToSave.first)
        await device.send(.sentRecordZoneChanges(.init(
            savedRecords: [try Server.saved(batch.recordsToSave[1], tag: "t1")],
            failedRecordSaves: [.init(record: big, error: Server.error(.limitExceeded))])))
        await device.stateUpdate("after-send")
        let id = RecordID(recordName: "big", zoneID: noteZone)
        #expect(try device.store.parkedRecords().map(\.id) == [id])
        #expect(device.events.all.contains { if case .parked(id, .limitExceeded) = $0 { true } else { false } })
        await device.send(.didSendChanges(.init()))
        await device.send(.willSendChanges(.init()))
        #expect(await device.nextBatch() == nil, "parked: not sent again as it is")
        await device.send(.didSendChanges(.init()))

        try await device.adapter.save(makeNote("big", text: "smaller now", modified: 2))
        #expect(try device.store.parkedRecords().isEmpty)
        await device.send(.willSendChanges(.init()))
        let again = try #require(await device.nextBatch())
        #expect(again.recordsToSave.map(\.recordID.recordName) == ["big"])
    }

    @Test func aFetchedRecordTheStoreCannotKeepIsSkippedAndTheRestStored() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        let zone = CKRecordZone.ID(noteZone)
        await device.send(.willFetchChanges(.init()))
        await device.send(.fetchedDatabaseChanges(.init(modifications: [.init(zoneID: zone)])))
        await device.send(.willFetchRecordZoneChanges(.init(zoneID: zone)))
        await device.send(.fetchedRecordZoneChanges(.init(modifications: [
            .init(record: try Server.record(makeNote("bad\u{0}name", text: "bad", modified: 1), tag: "s1")),
            .init(record: try Server.record(makeNote("good", text: "good", modified: 1), tag: "s2")),
        ])))
        await device.stateUpdate("after-fetch")
        #expect(try device.notes().keys.sorted() == ["good"])
        #expect(try device.storedStateLabel() == "after-fetch", "the state (and its tokens) moved on")
        let bad = RecordID(recordName: "bad\u{0}name", zoneID: noteZone)
        #expect(device.events.all.contains(.skipped(bad, .unstorableName(bad.recordName, what: "record name"))))
    }
}
