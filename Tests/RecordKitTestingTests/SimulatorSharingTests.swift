import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Several users in one simulator: private databases per user, saving and accepting shares, what a participant's
/// shared database shows.
@Suite struct SimulatorSharingTests {
    @Test func eachUserHasTheirOwnPrivateDatabase() async throws {
        let world = try await SharingWorld()
        _ = try await world.bob.privateDatabase.saveZones([Fixtures.zone])[0].get()
        let saved = try await world.bob.privateDatabase.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("n1", title: "bob's"))]))
        try saved.throwingPartialFailure()
        // Same names, different owners: alice's n1 is untouched, and each private feed lists only its own zone.
        #expect(try await world.alice.privateDatabase.fetchRecords([Fixtures.noteRecord("n1").id])[0].result.get()["title"] == .string("t"))
        let bobZones = try await world.bob.privateDatabase.fetchDatabaseChanges(since: nil)
        let aliceZones = try await world.alice.privateDatabase.fetchDatabaseChanges(since: nil)
        #expect(bobZones.changedZones == [Fixtures.zone] && aliceZones.changedZones == [Fixtures.zone])
        let bobsNote = await world.simulator.serverRecord(RecordID(recordName: "n1", zoneID: RecordZoneID(zoneName: Fixtures.zone.zoneName, ownerName: "bob")))
        #expect(bobsNote?["title"] == .string("bob's"))
        #expect(bobsNote?.system.creatorUserRecordName == "bob")
        // Bob's private database does not reach alice's zone by her name.
        await #expect(throws: CloudError.zoneNotFound(SharingWorld.sharedZone)) {
            try await world.bob.privateDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        }
    }

    @Test func theOwnerSavesAHierarchyShareWithItsRoot() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readWrite)])
        #expect(share.url != nil && share.system.changeTag != nil)
        #expect(share.id == RecordID(recordName: "folder-share", zoneID: Fixtures.zone))
        #expect(share.owner?.identity.userRecordName == "alice")
        #expect(share.participant(userRecordName: "bob")?.acceptanceStatus == .pending)
        #expect(try await world.alice.privateDatabase.fetchShare(share.id) == share)
        let root = try await world.alice.privateDatabase.fetchRecords([try world.owned("folder").id])[0].result.get()
        #expect(root.system.share == Reference(recordID: share.id))
        // Pending: nothing in bob's shared database yet.
        #expect(try await world.bob.sharedDatabase.fetchDatabaseChanges(since: nil).changedZones.isEmpty)
    }

    @Test func aShareWhoseRootFailsToSaveIsNotSaved() async throws {
        let world = try await SharingWorld()
        var stale = try world.owned("folder")
        stale.system.changeTag = "stale"
        let share = RecordShare(rootRecordID: stale.id, shareRecordName: "folder-share")
        await #expect(throws: CloudError.self) { try await world.alice.privateDatabase.saveShare(share, rootRecord: stale) }
        await #expect(throws: CloudError.unknownItem(share.id)) { try await world.alice.privateDatabase.fetchShare(share.id) }
        #expect(await world.simulator.serverShares().isEmpty)
    }

    @Test func aRecordBelongsToOneShareOnly() async throws {
        let world = try await SharingWorld()
        _ = try await world.shareFolder(with: [("bob", .readOnly)])
        let inner = RecordShare(rootRecordID: try world.owned("n1").id, shareRecordName: "n1-share")
        await #expect(throws: CloudError.self) { try await world.alice.privateDatabase.saveShare(inner, rootRecord: try world.owned("n1")) }
        #expect(await world.simulator.serverShares().count == 1)
    }

    @Test func acceptingShowsTheOwnersZoneInTheSharedDatabaseUnderTheOwnersName() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readOnly)])
        let metadata = try await world.bob.fetchShareMetadata(try #require(share.url))
        #expect(metadata.participantStatus == .pending && metadata.participantPermission == .readOnly)
        #expect(metadata.participantRole == .privateUser && metadata.ownerIdentity.userRecordName == "alice")
        #expect(metadata.rootRecordID == SharingWorld.sharedID("folder"))
        let accepted = try await world.bob.acceptShare(metadata)
        #expect(accepted.participant(userRecordName: "bob")?.acceptanceStatus == .accepted)
        let database = try await world.bob.sharedDatabase.fetchDatabaseChanges(since: nil)
        #expect(database.changedZones == [SharingWorld.sharedZone])
        // The hierarchy, not the loose note.
        let page = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        #expect(page.changed.map(\.id.recordName).sorted() == ["folder", "n1", "n2"])
        #expect(page.changed.first { $0.id.recordName == "n1" }?.system.parent == Reference(recordID: SharingWorld.sharedID("folder")))
        let loose = try await world.bob.sharedDatabase.fetchRecords([SharingWorld.sharedID("loose")])
        #expect(loose[0].error == .unknownItem(SharingWorld.sharedID("loose")))
        // Bob's private database is still empty, and carol, not invited, sees nothing.
        #expect(try await world.bob.privateDatabase.fetchDatabaseChanges(since: nil).changedZones.isEmpty)
        #expect(try await world.carol.sharedDatabase.fetchDatabaseChanges(since: nil).changedZones.isEmpty)
    }

    @Test func someoneNotInvitedCannotOpenAPrivateShare() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readOnly)])
        await #expect(throws: CloudError.self) { try await world.carol.fetchShareMetadata(try #require(share.url)) }
        await #expect(throws: CloudError.self) { try await world.carol.fetchShareMetadata(URL(string: "https://www.icloud.com/share/none")!) }
    }

    @Test func anyoneWithThePublicURLJoinsWithThePublicPermission() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [], publicPermission: .readOnly)
        let metadata = try await world.carol.fetchShareMetadata(try #require(share.url))
        #expect(metadata.participantRole == .publicUser && metadata.participantPermission == .readOnly)
        try await world.accept(share, by: world.carol)
        #expect(await world.simulator.sharedRecords(of: "carol").map(\.id.recordName) == ["folder", "n1", "n2"])
    }

    @Test func recordsAddedUnderTheSharedRootLaterAreShared() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readOnly)])
        try await world.accept(share, by: world.bob)
        let database = try await world.bob.sharedDatabase.fetchDatabaseChanges(since: nil)
        let first = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        // A grandchild of the root (its parent is n1) and a record outside the hierarchy.
        var grandchild = Fixtures.noteRecord("n3")
        grandchild.system.parent = Reference(recordID: try world.owned("n1").id)
        _ = try await world.aliceSaves([grandchild, Fixtures.noteRecord("loose2")])
        let later = try await world.bob.sharedDatabase.fetchDatabaseChanges(since: database.token)
        #expect(later.changedZones == [SharingWorld.sharedZone])
        let next = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: first.token)
        #expect(next.changed.map(\.id) == [SharingWorld.sharedID("n3")])
    }

    @Test func aZoneShareCoversEveryRecordOfTheZone() async throws {
        let world = try await SharingWorld()
        let share = RecordShare(zoneID: Fixtures.zone, participants: [ShareParticipant(identity: ShareUserIdentity(userRecordName: "bob"))])
        let saved = try await world.alice.privateDatabase.saveShare(share, rootRecord: nil)
        #expect(saved.id.recordName == RecordShare.zoneShareRecordName)
        try await world.accept(saved, by: world.bob)
        let page = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        #expect(page.changed.map(\.id.recordName).sorted() == ["folder", "loose", "n1", "n2"])
    }

    @Test func aSharedFeedTokenIsNoTokenOfAnotherFeed() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readOnly), ("carol", .readOnly)])
        try await world.accept(share, by: world.bob)
        try await world.accept(share, by: world.carol)
        let bobs = try await world.bob.sharedDatabase.fetchDatabaseChanges(since: nil)
        await #expect(throws: CloudError.changeTokenExpired(nil)) { try await world.carol.sharedDatabase.fetchDatabaseChanges(since: bobs.token) }
        await #expect(throws: CloudError.changeTokenExpired(nil)) { try await world.alice.sharedDatabase.fetchDatabaseChanges(since: bobs.token) }
    }
}
