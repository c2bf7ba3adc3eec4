import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// The simulator tests' conflict scenarios, as CKSyncEngine reports them: a failed save with
/// `serverRecordChanged`, merged by the schema's rule (the later edit wins) against the stored ancestor.
@Suite struct ConflictEventTests {
    /// Sends the device's pending batch and answers each save with `serverRecordChanged` carrying `server`.
    private func conflict(_ device: Device, server: CKRecord) async throws -> CKSyncEngine.RecordZoneChangeBatch {
        let batch = try #require(await device.nextBatch())
        await answer(batch, withConflictOn: server, device)
        return batch
    }

    private func answer(_ batch: CKSyncEngine.RecordZoneChangeBatch, withConflictOn server: CKRecord, _ device: Device) async {
        let failures = batch.recordsToSave.map { record in
            CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave(
                record: record,
                error: Server.error(.serverRecordChanged, [
                    CKRecordChangedErrorServerRecordKey: server, CKRecordChangedErrorClientRecordKey: record,
                ]))
        }
        await device.send(.sentRecordZoneChanges(.init(failedRecordSaves: failures)))
    }

    @Test func theServersLaterEditWinsAndNothingIsLeftToSend() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("groceries", text: "milk", modified: 100), tag: "t1")
        try await device.adapter.save(makeNote("groceries", text: "milk, eggs", modified: 200))
        await device.send(.willSendChanges(.init()))
        _ = try await conflict(device, server: try Server.record(makeNote("groceries", text: "milk, bread", modified: 300), tag: "t2"))
        await device.stateUpdate("s")
        let id = RecordID(recordName: "groceries", zoneID: noteZone)
        #expect(try device.notes()["groceries"]?.textName == "milk, bread")
        #expect(try device.store.pendingCount() == 0, "the merge is the server's record: nothing to send")
        #expect(try device.store.storedState(of: id)?.server?.system.changeTag == "t2")
        #expect(device.events.all.contains(.conflictMerged(id)))
        #expect(await device.nextBatch() == nil)
    }

    @Test func theLocalLaterEditWinsAndIsSentAgainOnTheServersRecordInTheSameSend() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("groceries", text: "milk", modified: 100), tag: "t1")
        try await device.adapter.save(makeNote("groceries", text: "milk, bread", modified: 300))
        await device.send(.willSendChanges(.init()))
        _ = try await conflict(device, server: try Server.record(makeNote("groceries", text: "milk, eggs", modified: 200), tag: "t2"))
        let again = try #require(await device.nextBatch(), "merged and offered again in this send")
        #expect(again.recordsToSave.map(\.recordChangeTag) == ["t2"])
        #expect(try Note(ckRecord: again.recordsToSave[0]).textName == "milk, bread")
        await device.send(.sentRecordZoneChanges(.init(savedRecords: [try Server.saved(again.recordsToSave[0], tag: "t3")])))
        await device.stateUpdate("s")
        #expect(try device.store.pendingCount() == 0)
        #expect(try device.store.storedState(of: RecordID(recordName: "groceries", zoneID: noteZone))?.server?.system.changeTag == "t3")
    }

    /// A parent set locally meets a server record holding the same fields (another device saved it unchanged):
    /// the merge keeps the local parent, so it is offered again on the server's record, not marked sent.
    @Test func aLocalParentChangeIsSentAgainOverAServerRecordWithTheSameFields() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n", text: "milk", modified: 100), tag: "t1")
        var moved = makeNote("n", text: "milk", modified: 100)
        moved.metadata.system.parent = Reference(recordID: RecordID(recordName: "folder", zoneID: noteZone))
        try await device.adapter.save(moved)
        await device.send(.willSendChanges(.init()))
        let first = try await conflict(device, server: try Server.record(makeNote("n", text: "milk", modified: 100), tag: "t2"))
        #expect(first.recordsToSave.map(\.parent?.recordID.recordName) == ["folder"])
        #expect(first.recordsToSave.map(\.recordChangeTag) == ["t1"])
        let again = try #require(await device.nextBatch(), "merged and offered again in this send")
        #expect(again.recordsToSave.map(\.recordChangeTag) == ["t2"])
        #expect(again.recordsToSave.map(\.parent?.recordID.recordName) == ["folder"])
        await device.send(.sentRecordZoneChanges(.init(savedRecords: [try Server.saved(again.recordsToSave[0], tag: "t3")])))
        await device.stateUpdate("s")
        let state = try #require(try device.store.storedState(of: RecordID(recordName: "n", zoneID: noteZone)))
        #expect(state.pending == nil)
        #expect(state.local?.system.parent?.recordID.recordName == "folder")
    }

    /// Seed data created on two devices offline: the second creation meets the first on the server.
    @Test func aCreationThatMeetsTheSameRecordOnTheServerMergesIntoOne() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("seed-welcome", text: "welcome", modified: 0))
        await device.send(.willSendChanges(.init()))
        let batch = try await conflict(device, server: try Server.record(makeNote("seed-welcome", text: "welcome", modified: 1), tag: "t1"))
        #expect(batch.recordsToSave[0].recordChangeTag == nil)
        await device.stateUpdate("s")
        #expect(try device.store.pendingCount() == 0)
        #expect(try device.notes()["seed-welcome"]?.modified == Date(timeIntervalSince1970: 1))
    }

    @Test func conflictsAreRetriedABoundedNumberOfTimesPerSend() async throws {
        let device = try Device { $0.maxConflictRetries = 2 }
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("hot", text: "local", modified: 1_000))
        await device.send(.willSendChanges(.init()))
        var rounds = 0
        // Another device saves an earlier edit each time, so the local one keeps winning and keeps conflicting.
        while rounds < 10, let batch = await device.nextBatch() {
            await answer(batch, withConflictOn: try Server.record(makeNote("hot", text: "remote", modified: Double(rounds)), tag: "t\(rounds)"), device)
            rounds += 1
        }
        #expect(rounds == 3, "the first try and two retries")
        #expect(try device.store.storedState(of: RecordID(recordName: "hot", zoneID: noteZone))?.pending != nil, "still pending")
        await device.send(.didSendChanges(.init()))
        await device.send(.willSendChanges(.init()))
        #expect(await device.nextBatch() != nil, "tried again in the next send")
    }

    /// CloudKit does not download the server record's assets in the error: such a field counts as unchanged
    /// since the ancestor.
    @Test func anAssetTheErrorDidNotDownloadCountsAsTheAncestors() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n", text: "milk", modified: 100), tag: "t1")
        try await device.adapter.save(makeNote("n", text: "eggs", modified: 200))
        let server = try Server.record(makeNote("n", text: "ignored", modified: 150), tag: "t2")
        let archived = NSKeyedArchiver(requiringSecureCoding: true)
        archived.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archived.encodedData)
        server["text"] = CKAsset(coder: unarchiver)  // no file URL, as in a serverRecordChanged error
        _ = try await conflict(device, server: server)
        let again = try #require(await device.nextBatch())
        #expect(try Note(ckRecord: again.recordsToSave[0]).textName == "eggs", "the local change of the text wins")
        #expect(again.recordsToSave[0].recordChangeTag == "t2")
    }

    /// A save whose response was lost is sent again and meets itself on the server: marked sent, not duplicated.
    @Test func aLostResponseIsRetriedWithoutDuplicatesOrLoss() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n", text: "v1", modified: 1), tag: "t1")
        try await device.adapter.save(makeNote("n", text: "v2", modified: 2))
        let first = try #require(await device.nextBatch())
        await device.send(.sentRecordZoneChanges(.init(failedRecordSaves: [.init(record: first.recordsToSave[0], error: Server.error(.networkFailure))])))
        #expect(await device.enginePending() == ["save n"], "the engine keeps a change that failed for a passing reason")
        await device.send(.didSendChanges(.init()))
        await device.send(.willSendChanges(.init()))
        // The server applied the lost save's changed keys over its record of t1.
        let ancestor = try device.store.storedState(of: RecordID(recordName: "n", zoneID: noteZone))?.server
        _ = try await conflict(device, server: try Server.applying(first.recordsToSave[0], over: ancestor, tag: "t2").ckRecord())
        await device.stateUpdate("s")
        #expect(try device.store.pendingCount() == 0)
        #expect(try device.notes()["n"]?.textName == "v2")
    }

    @Test func aSaveTheServerNoLongerKnowsIsSentAgainAsNew() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n", text: "v1", modified: 1), tag: "t1")
        try await device.adapter.save(makeNote("n", text: "v2", modified: 2))
        let first = try #require(await device.nextBatch())
        await device.send(.sentRecordZoneChanges(.init(failedRecordSaves: [.init(record: first.recordsToSave[0], error: Server.error(.unknownItem))])))
        let again = try #require(await device.nextBatch())
        #expect(again.recordsToSave.map(\.recordChangeTag) == [nil])
        #expect(try Note(ckRecord: again.recordsToSave[0]).textName == "v2")
    }

    @Test func atomicZonesSendAgainWhatBatchRequestFailedHeldBack() async throws {
        let device = try Device { $0.atomic = true }
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("a", text: "a", modified: 1), makeNote("taken", text: "device", modified: 9))
        await device.send(.willSendChanges(.init()))
        let batch = try #require(await device.nextBatch())
        #expect(batch.atomicByZone)
        let server = try Server.record(makeNote("taken", text: "server", modified: 5), tag: "t1")
        await device.send(.sentRecordZoneChanges(.init(failedRecordSaves: batch.recordsToSave.map { record in
            record.recordID.recordName == "taken"
                ? .init(record: record, error: Server.error(.serverRecordChanged, [CKRecordChangedErrorServerRecordKey: server]))
                : .init(record: record, error: Server.error(.batchRequestFailed))
        })))
        let again = try #require(await device.nextBatch())
        #expect(again.recordsToSave.map(\.recordID.recordName) == ["a", "taken"])
        #expect(again.recordsToSave.map(\.recordChangeTag) == [nil, "t1"])
    }
}
