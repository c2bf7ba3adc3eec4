import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// The adapter over the shared database, and the shares either database fetches, as CKSyncEngine reports them.
@Suite struct SharedDatabaseAdapterTests {
    /// A zone the owner `_owner` shared with the current user: in the shared database, zones are their owners'.
    let sharedZone = RecordZoneID(zoneName: "note-zone", ownerName: "_owner")

    private func sharedDevice() throws -> Device {
        try Device(database: CKContainer(identifier: "iCloud.test.shared").sharedCloudDatabase) { $0.zones = [] }
    }

    private func sharedNote(_ name: String, text: String = "t", modified: TimeInterval = 1) -> Note {
        Note(recordID: RecordID(recordName: name, zoneID: sharedZone), text: textAsset(text), modified: Date(timeIntervalSince1970: modified))
    }

    /// The server's copy of a note of the shared zone, under `tag`.
    private func serverRecord(_ note: Note, tag: String) throws -> CKRecord {
        try Server.record(note, tag: tag)
    }

    @Test func theSharedAdapterCreatesNoZonesAndSendsOnlyTheSharedZonesChanges() async throws {
        let device = try Device(database: CKContainer(identifier: "iCloud.test.shared").sharedCloudDatabase) { $0.zones = [noteZone] }
        defer { device.removeFiles() }
        try await device.adapter.save(sharedNote("shared-1"), makeNote("mine", text: "t", modified: 1))
        #expect(await device.adapter.start().state.pendingDatabaseChanges.isEmpty, "no zone is created in the shared database")
        #expect(await device.enginePending() == ["save shared-1"])
        await device.send(.willSendChanges(.init()))
        #expect(await device.nextBatch()?.recordsToSave.map(\.recordID.recordName) == ["shared-1"])
        #expect(await device.nextBatch() == nil)
        #expect(try device.store.pendingCount() == 2, "the private zone's change waits for the private adapter")
    }

    @Test func thePrivateAdapterLeavesTheSharedZonesChangesAlone() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await device.adapter.save(sharedNote("shared-1"), makeNote("mine", text: "t", modified: 1))
        #expect(await device.enginePending() == ["save mine"])
        await device.send(.willSendChanges(.init()))
        #expect(await device.nextBatch()?.recordsToSave.map(\.recordID.recordName) == ["mine"])
        #expect(await device.nextBatch() == nil)
    }

    @Test func fetchedSharesAreStoredApartFromTheRecordsWithTheirRoot() async throws {
        let device = try sharedDevice()
        defer { device.removeFiles() }
        let root = try serverRecord(sharedNote("folder-note"), tag: "t1")
        let shareID = CKRecord.ID(recordName: "share-1", zoneID: CKRecordZone.ID(sharedZone))
        let share = CKShare(rootRecord: root, share: shareID)
        share.addParticipant(CKShare.Participant(
            userIdentity: CKUserIdentity(userRecordID: nil, lookupInfo: .init(emailAddress: "me@example.com"), nameComponents: nil),
            permission: .readWrite))
        share.markSaved(changeTag: "s1")

        await device.send(.fetchedRecordZoneChanges(.init(modifications: [.init(record: root), .init(record: share)])))
        await device.stateUpdate("1")
        #expect(try device.notes().keys.sorted() == ["folder-note"])
        #expect(try device.store.storedState(of: RecordID(shareID)) == nil, "the share is not a stored record")
        let kept = try #require(try device.store.share(RecordID(shareID)))
        #expect(try device.store.share(ofRootRecord: RecordID(recordName: "folder-note", zoneID: sharedZone)) == kept)
        #expect(kept.scope == .hierarchy(root: RecordID(recordName: "folder-note", zoneID: sharedZone)))
        #expect(kept.participants.map(\.permission) == [.readWrite])
        #expect(kept.system.changeTag == "s1")
        #expect(device.events.all.contains(.fetched(zoneID: sharedZone, changed: [RecordID(recordName: "folder-note", zoneID: sharedZone)], deleted: [])))

        await device.send(.fetchedRecordZoneChanges(.init(deletions: [.init(recordID: shareID, recordType: "cloudkit.share")])))
        await device.stateUpdate("2")
        #expect(try device.store.shares(in: sharedZone).isEmpty)
        #expect(try device.notes().keys.sorted() == ["folder-note"])
    }

    @Test func aSharedZoneThatDisappearsTakesItsDataAndIsNotCreatedAgain() async throws {
        let device = try sharedDevice()
        defer { device.removeFiles() }
        let zoneShare = CKShare(recordZoneID: CKRecordZone.ID(sharedZone))
        zoneShare.markSaved(changeTag: "s1")
        await device.send(.fetchedRecordZoneChanges(.init(
            modifications: [.init(record: try serverRecord(sharedNote("n1"), tag: "t1")), .init(record: zoneShare)])))
        await device.stateUpdate("1")
        #expect(try device.store.zoneShare(of: sharedZone)?.system.changeTag == "s1")
        try await device.adapter.save(sharedNote("n2"))
        // A reason that would create a private zone again.
        await device.send(.fetchedDatabaseChanges(.init(deletions: [.init(zoneID: CKRecordZone.ID(sharedZone), reason: .purged)])))
        #expect(try device.notes().isEmpty)
        #expect(try device.store.shares(in: sharedZone).isEmpty, "the zone's share goes with it")
        #expect(try device.store.pendingCount() == 0)
        #expect(await device.enginePending() == [])
        #expect(await device.adapter.start().state.pendingDatabaseChanges.isEmpty)
        #expect(device.events.all.contains(.sharedZoneLost(sharedZone, .deleteRecords)))
    }

    @Test func aSharedZoneMissingOnSendIsAccessLostNotAZoneToCreate() async throws {
        let device = try sharedDevice()
        defer { device.removeFiles() }
        try await device.adapter.save(sharedNote("n1"))
        await device.send(.willSendChanges(.init()))
        let batch = try #require(await device.nextBatch())
        await device.send(.sentRecordZoneChanges(.init(failedRecordSaves: [.init(record: batch.recordsToSave[0], error: Server.error(.zoneNotFound))])))
        #expect(await device.adapter.start().state.pendingDatabaseChanges.isEmpty)
        #expect(await device.enginePending() == [])
        #expect(try device.notes().isEmpty)
        #expect(device.events.all.contains(.sharedZoneLost(sharedZone, .deleteRecords)))
    }

    @Test func aSharedZoneMissingOnFetchIsAccessLost() async throws {
        let device = try sharedDevice()
        defer { device.removeFiles() }
        await device.send(.fetchedRecordZoneChanges(.init(modifications: [.init(record: try serverRecord(sharedNote("n1"), tag: "t1"))])))
        await device.stateUpdate("1")
        await device.send(.didFetchRecordZoneChanges(.init(zoneID: CKRecordZone.ID(sharedZone), error: Server.error(.zoneNotFound))))
        #expect(try device.notes().isEmpty)
        #expect(await device.adapter.start().state.pendingDatabaseChanges.isEmpty)
    }

    @Test func aRefusedWriteOfAParticipantIsRolledBackAndReportedWithItsRecord() async throws {
        let device = try sharedDevice()
        defer { device.removeFiles() }
        try await device.adapter.save(sharedNote("n1"))
        await device.send(.willSendChanges(.init()))
        let batch = try #require(await device.nextBatch())
        await device.send(.sentRecordZoneChanges(.init(failedRecordSaves: [.init(record: batch.recordsToSave[0], error: Server.error(.permissionFailure))])))
        let id = RecordID(recordName: "n1", zoneID: sharedZone)
        // Rolled back by the rule both engines share: a record never saved on the server is removed, nothing of it
        // stays pending, and the event names it.
        #expect(device.events.all.contains { event in
            if case .writeRefused(id, .removedUnsavedRecord, .permissionFailure) = event { true } else { false }
        })
        #expect(try device.notes().isEmpty)
        #expect(try device.store.pendingCount() == 0)
        #expect(await device.nextBatch() == nil, "not sent again in this send")
    }
}
