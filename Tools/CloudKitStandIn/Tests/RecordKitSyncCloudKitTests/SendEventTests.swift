import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// Sending, event by event as CKSyncEngine delivers them: willSendChanges, nextRecordZoneChangeBatch,
/// sentRecordZoneChanges, stateUpdate, …, didSendChanges; the store is checked after each.
@Suite struct SendEventTests {
    @Test func aSaveIsQueuedBatchedSentAndMarkedWithTheStateThatCoversIt() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("n1", text: "milk", modified: 100))
        #expect(try device.store.pendingCount() == 1, "the edit is queued in the store at once")
        #expect(await device.enginePending() == ["save n1"], "and handed to the engine's state")

        await device.send(.willSendChanges(.init()))
        let batch = try #require(await device.nextBatch())
        #expect(batch.recordsToSave.map(\.recordID.recordName) == ["n1"])
        #expect(batch.recordsToSave[0].recordChangeTag == nil, "a new record")
        #expect(try Note(ckRecord: batch.recordsToSave[0]).textName == "milk")

        await device.send(.sentRecordZoneChanges(.init(savedRecords: [try Server.saved(batch.recordsToSave[0], tag: "t1")])))
        #expect(try device.store.pendingCount() == 1, "marked with the state that covers it, not before")
        await device.stateUpdate("after-send")
        #expect(try device.store.pendingCount() == 0)
        #expect(try device.store.storedState(of: RecordID(recordName: "n1", zoneID: noteZone))?.server?.system.changeTag == "t1")
        #expect(try device.storedStateLabel() == "after-send")

        #expect(await device.nextBatch() == nil, "nothing left")
        await device.send(.didSendChanges(.init()))
        #expect(device.events.all.contains(.sent(saved: [RecordID(recordName: "n1", zoneID: noteZone)], deleted: [])))
    }

    @Test func anEditedRecordCarriesTheServersChangeTag() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n1", text: "milk", modified: 100), tag: "t1")
        try await device.adapter.save(makeNote("n1", text: "eggs", modified: 200))
        let batch = try #require(await device.nextBatch())
        #expect(batch.recordsToSave.map(\.recordChangeTag) == ["t1"])
        #expect(try Note(ckRecord: batch.recordsToSave[0]).textName == "eggs")
    }

    @Test func anEditMadeWhileItsSendIsInFlightStaysPending() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("n1", text: "v1", modified: 1))
        await device.send(.willSendChanges(.init()))
        let batch = try #require(await device.nextBatch())
        // Another note holds the same text, so the store keeps the file the batch names after n1's next edit (a
        // CKAsset names only its file: the server copy of a save whose file an edit released is not recorded, and
        // the edit then goes on no change tag and merges with the server's conflict).
        try await device.adapter.save(makeNote("n0", text: "v1", modified: 1))
        try await device.adapter.save(makeNote("n1", text: "v2", modified: 2))
        await device.send(.sentRecordZoneChanges(.init(savedRecords: [try Server.saved(batch.recordsToSave[0], tag: "t1")])))
        await device.stateUpdate("s1")
        let id = RecordID(recordName: "n1", zoneID: noteZone)
        #expect(try device.store.storedState(of: id)?.pending != nil, "the second edit was not sent")
        #expect(try device.notes()["n1"]?.textName == "v2")
        await device.send(.didSendChanges(.init()))
        await device.send(.willSendChanges(.init()))
        let next = try #require(await device.nextBatch())
        let n1 = try #require(next.recordsToSave.first { $0.recordID.recordName == "n1" })
        #expect(n1.recordChangeTag == "t1")
        #expect(try Note(ckRecord: n1).textName == "v2")
    }

    @Test func batchesHoldAtMost400ItemsOldestFirstAndNoRecordTwiceInASend() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(contentsOf: (0..<1000).map { makeNote(String(format: "n%04d", $0), text: "t", modified: 1) })
        await device.send(.willSendChanges(.init()))
        var sizes: [Int] = []
        var names: [String] = []
        while let batch = await device.nextBatch() {
            sizes.append(batch.recordsToSave.count + batch.recordIDsToDelete.count)
            names += batch.recordsToSave.map(\.recordID.recordName)
        }
        #expect(sizes == [400, 400, 200])
        #expect(names == (0..<1000).map { String(format: "n%04d", $0) })
    }

    @Test func aBatchKeepsToTheSendsScope() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        let other = RecordZoneID(zoneName: "other-zone")
        try await device.adapter.save(makeNote("a", text: "a", modified: 1), makeNote("b", text: "b", modified: 1))
        try await device.adapter.save(Note(recordID: RecordID(recordName: "c", zoneID: other), text: textAsset("c"), modified: Date()))
        #expect(await device.nextBatch(.recordIDs([ckID("b")]))?.recordsToSave.map(\.recordID.recordName) == ["b"])
        #expect(await device.nextBatch(.zoneIDs([CKRecordZone.ID(other)]))?.recordsToSave.map(\.recordID.recordName) == ["c"])
        #expect(await device.nextBatch(.allExcluding([CKRecordZone.ID(other)]))?.recordsToSave.map(\.recordID.recordName) == ["a"])
    }

    @Test func deletesAreSentAndTheirTombstonesRemovedWithTheState() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("gone", text: "t", modified: 1), tag: "t1")
        let id = RecordID(recordName: "gone", zoneID: noteZone)
        try await device.adapter.delete(Note.self, id: id)
        #expect(await device.enginePending() == ["delete gone"])
        let batch = try #require(await device.nextBatch())
        #expect(batch.recordIDsToDelete.map(\.recordName) == ["gone"])
        await device.send(.sentRecordZoneChanges(.init(deletedRecordIDs: [ckID("gone")])))
        #expect(try device.store.storedState(of: id) != nil)
        await device.stateUpdate("s2")
        #expect(try device.store.storedState(of: id) == nil)
    }

    @Test func aDeleteOfARecordTheServerNoLongerHasIsDone() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("gone", text: "t", modified: 1), tag: "t1")
        let id = RecordID(recordName: "gone", zoneID: noteZone)
        try await device.adapter.delete(Note.self, id: id)
        _ = try #require(await device.nextBatch())
        await device.send(.sentRecordZoneChanges(.init(failedRecordDeletes: [ckID("gone"): Server.error(.unknownItem)])))
        await device.stateUpdate("s2")
        #expect(try device.store.storedState(of: id) == nil)
        #expect(try device.store.pendingCount() == 0)
    }

    @Test func theStorePendingChangesAreHandedToTheEngineAtStart() async throws {
        let first = try Device()
        defer { first.removeFiles() }
        // Edits committed while no engine ran (or just before a crash): only the store knows them.
        try first.store.save(makeNote("offline", text: "t", modified: 1))
        let device = try first.relaunched()
        #expect(await device.enginePending() == ["save offline"])
        let zones = await device.adapter.start().state.pendingDatabaseChanges
        #expect(zones == [.saveZone(CKRecordZone(zoneID: CKRecordZone.ID(noteZone)))], "the app's zone, not yet known to exist")
    }

    @Test func theEngineStartsFromTheStoredStateSerialization() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        await device.stateUpdate("persisted")
        let relaunched = try device.relaunched()
        #expect(await relaunched.adapter.start().state.initialSerialization?.label == "persisted")
    }

    @Test func changesTheStoreNoLongerHasPendingLeaveTheEnginesState() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("n1", text: "t", modified: 1))
        // A record created and deleted before any send: nothing to send.
        try await device.adapter.delete(Note.self, id: RecordID(recordName: "n1", zoneID: noteZone))
        #expect(await device.nextBatch() == nil)
        #expect(await device.enginePending() == [])
    }

    @Test func aRecordTheBridgeCannotBuildIsReportedAndTheOthersSent() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        var broken = makeNote("broken", text: "t", modified: 1)
        broken.text = try Asset(fileChecksum: "known-only-to-the-server")
        try await device.adapter.save(broken, makeNote("fine", text: "t", modified: 1))
        let batch = try #require(await device.nextBatch())
        #expect(batch.recordsToSave.map(\.recordID.recordName) == ["fine"])
        #expect(device.events.all.contains { if case .failure(let id, _) = $0 { id.recordName == "broken" } else { false } })
        #expect(try device.store.storedState(of: RecordID(recordName: "broken", zoneID: noteZone))?.pending != nil)
    }
}

/// Saves `note` through the adapter and plays a whole send that the server accepts with `tag`.
func synced(_ device: Device, _ note: Note, tag: String) async throws {
    try await device.adapter.save(note)
    await device.send(.willSendChanges(.init()))
    let batch = try #require(await device.nextBatch())
    let saved = try batch.recordsToSave.map { try Server.saved($0, tag: tag) }
    await device.send(.sentRecordZoneChanges(.init(savedRecords: saved)))
    await device.stateUpdate("synced-\(tag)")
    #expect(await device.nextBatch() == nil)
    await device.send(.didSendChanges(.init()))
}
