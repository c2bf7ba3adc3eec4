import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// Zones the server lacks or lost, and account changes, as CKSyncEngine reports them.
@Suite struct ZoneAndAccountEventTests {
    let zone = CKRecordZone.ID(noteZone)
    let n1 = RecordID(recordName: "n1", zoneID: noteZone)

    @Test func aMissingZoneIsCreatedAndItsRecordsSentAgain() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("n1", text: "t", modified: 1))
        await device.adapter.start().state.remove(pendingDatabaseChanges: await device.adapter.start().state.pendingDatabaseChanges)
        await device.send(.willSendChanges(.init()))
        let batch = try #require(await device.nextBatch())
        await device.send(.sentRecordZoneChanges(.init(failedRecordSaves: [.init(record: batch.recordsToSave[0], error: Server.error(.zoneNotFound))])))
        #expect(await device.adapter.start().state.pendingDatabaseChanges == [.saveZone(CKRecordZone(zoneID: zone))])
        #expect(await device.enginePending() == ["save n1"])
        #expect(try device.store.zone(noteZone)?.exists == false)
        await device.send(.didSendChanges(.init()))

        await device.send(.willSendChanges(.init()))
        await device.send(.sentDatabaseChanges(.init(savedZones: [CKRecordZone(zoneID: zone)])))
        #expect(try device.store.zone(noteZone)?.exists == true)
        #expect(device.events.all.contains(.zoneCreated(noteZone)))
        #expect(await device.nextBatch()?.recordsToSave.map(\.recordID.recordName) == ["n1"])
    }

    @Test func aZoneDeletedByAnotherDeviceTakesItsLocalDataAlong() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n1", text: "t", modified: 1), tag: "t1")
        try await device.adapter.save(makeNote("n2", text: "t", modified: 1))
        await device.send(.fetchedDatabaseChanges(.init(deletions: [.init(zoneID: zone, reason: .deleted)])))
        #expect(try device.notes().isEmpty)
        #expect(try device.store.pendingCount() == 0)
        #expect(await device.enginePending() == [])
        #expect(device.events.all.contains(.zoneReset(noteZone, reason: .deleted)))
    }

    @Test func aZoneTheUserDeletedDropsLocalDataByDefaultAndLaterEditsSync() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n1", text: "t", modified: 1), tag: "t1")
        await device.send(.fetchedDatabaseChanges(.init(deletions: [.init(zoneID: zone, reason: .purged)])))
        #expect(try device.notes().isEmpty)
        #expect(await device.adapter.start().state.pendingDatabaseChanges == [.saveZone(CKRecordZone(zoneID: zone))])
        try await device.adapter.save(makeNote("later", text: "t", modified: 2))
        #expect(await device.nextBatch()?.recordsToSave.map(\.recordID.recordName) == ["later"])
    }

    @Test func aZoneTheUserDeletedIsUploadedAgainWhenTheAppSaysSo() async throws {
        let device = try Device { $0.onUserDeletedZone = .uploadAgain }
        defer { device.removeFiles() }
        try await synced(device, makeNote("n1", text: "t", modified: 1), tag: "t1")
        await device.send(.fetchedDatabaseChanges(.init(deletions: [.init(zoneID: zone, reason: .purged)])))
        #expect(try device.notes().keys.sorted() == ["n1"])
        #expect(await device.enginePending() == ["save n1"])
        let batch = try #require(await device.nextBatch())
        #expect(batch.recordsToSave.map(\.recordChangeTag) == [nil], "uploaded as new")
    }

    @Test func anEncryptedDataResetUploadsLocalDataAgainByDefault() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n1", text: "t", modified: 1), tag: "t1")
        try await device.adapter.save(makeNote("n1", text: "edited", modified: 2))
        let batch = try #require(await device.nextBatch())
        // CloudKit reports it on a save as zoneNotFound with CKErrorUserDidResetEncryptedDataKey.
        let error = Server.error(.zoneNotFound, [CKErrorUserDidResetEncryptedDataKey: true])
        await device.send(.sentRecordZoneChanges(.init(failedRecordSaves: [.init(record: batch.recordsToSave[0], error: error)])))
        #expect(device.events.all.contains(.zoneReset(noteZone, reason: .encryptedDataReset)))
        #expect(try device.notes()["n1"]?.textName == "edited")
        #expect(try device.store.storedState(of: n1)?.server == nil)
        #expect(await device.adapter.start().state.pendingDatabaseChanges == [.saveZone(CKRecordZone(zoneID: zone))])
        await device.send(.didSendChanges(.init()))
        await device.send(.willSendChanges(.init()))
        #expect(await device.nextBatch()?.recordsToSave.map(\.recordChangeTag) == [nil])
    }

    @Test func signingOutDeletesLocalDataByDefault() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("n1", text: "t", modified: 1), tag: "t1")
        try await device.adapter.save(makeNote("n2", text: "t", modified: 1))
        await device.send(.accountChange(.init(changeType: .signOut(previousUser: CKRecord.ID(recordName: "_user1", zoneID: zone)))))
        #expect(try device.notes().isEmpty)
        #expect(try device.store.pendingCount() == 0)
        #expect(try device.store.engineState(.ckSyncEngine) == nil)
    }

    @Test func switchingAccountsKeepsLocalDataForTheNewAccountWhenTheAppSaysSo() async throws {
        let device = try Device { $0.onAccountChange = .keepLocalData }
        defer { device.removeFiles() }
        try await synced(device, makeNote("n1", text: "t", modified: 1), tag: "t1")
        // The engine resets its state on an account change.
        await device.adapter.start().state.remove(pendingRecordZoneChanges: await device.adapter.start().state.pendingRecordZoneChanges)
        let user1 = CKRecord.ID(recordName: "_user1", zoneID: zone), user2 = CKRecord.ID(recordName: "_user2", zoneID: zone)
        await device.send(.accountChange(.init(changeType: .switchAccounts(previousUser: user1, currentUser: user2))))
        #expect(try device.notes().keys.sorted() == ["n1"])
        #expect(try device.store.storedState(of: n1)?.server == nil)
        #expect(await device.enginePending() == ["save n1"])
        #expect(await device.nextBatch()?.recordsToSave.map(\.recordChangeTag) == [nil])
    }

    @Test func signingInHandsTheStoresPendingChangesToTheResetEngine() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(makeNote("offline", text: "t", modified: 1))
        await device.adapter.start().state.remove(pendingRecordZoneChanges: await device.adapter.start().state.pendingRecordZoneChanges)
        await device.send(.accountChange(.init(changeType: .signIn(currentUser: CKRecord.ID(recordName: "_user1", zoneID: zone)))))
        #expect(try device.notes().keys.sorted() == ["offline"])
        #expect(await device.enginePending() == ["save offline"])
    }
}
