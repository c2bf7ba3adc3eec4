import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Shares in the zone change feeds, as CloudKit reports its `cloudkit.share` records: in the owner's private zone
/// feed and in each participant's shared zone feed, never as records.
@Suite struct SimulatorSharingFeedTests {
    @Test func theOwnersZoneFeedCarriesTheShareWhenSavedAndWhenItChanges() async throws {
        let world = try await SharingWorld()
        let start = try await world.alice.privateDatabase.fetchZoneChanges(Fixtures.zone, since: nil)
        #expect(start.shares.isEmpty)
        let share = try await world.shareFolder(with: [("bob", .readWrite)])
        let saved = try await world.alice.privateDatabase.fetchZoneChanges(Fixtures.zone, since: start.token)
        #expect(saved.shares == [share])
        #expect(saved.shares.first?.id.zoneID == Fixtures.zone)  // named as the owner names her zone
        #expect(saved.changed.map(\.id.recordName) == ["folder"])  // the root, now naming its share
        // Bob accepts: the owner's feed carries the share with bob accepted.
        try await world.accept(share, by: world.bob)
        let accepted = try await world.alice.privateDatabase.fetchZoneChanges(Fixtures.zone, since: saved.token)
        #expect(accepted.changed.isEmpty)
        #expect(accepted.shares.first?.participant(userRecordName: "bob")?.acceptanceStatus == .accepted)
        // A changed public permission.
        var current = try await world.alice.privateDatabase.fetchShare(share.id)
        current.publicPermission = .readOnly
        current = try await world.alice.privateDatabase.saveShare(current, rootRecord: nil)
        let opened = try await world.alice.privateDatabase.fetchZoneChanges(Fixtures.zone, since: accepted.token)
        #expect(opened.shares == [current] && opened.shares.first?.publicPermission == .readOnly)
        // Deleted: a deletion of record type cloudkit.share, and the root again, its share field cleared.
        try await world.alice.privateDatabase.deleteShare(share.id)
        let deleted = try await world.alice.privateDatabase.fetchZoneChanges(Fixtures.zone, since: opened.token)
        #expect(deleted.shares.isEmpty)
        #expect(deleted.deleted == [RecordDeletion(id: share.id, recordType: RecordShare.recordType)])
        #expect(deleted.changed.map(\.id.recordName) == ["folder"] && deleted.changed.first?.system.share == nil)
        // From no token, a deleted share is no news.
        #expect(try await world.alice.privateDatabase.fetchZoneChanges(Fixtures.zone, since: nil).shares.isEmpty)
    }

    @Test func aParticipantsZoneFeedCarriesTheSharesTheyAccepted() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readOnly), ("carol", .readOnly)])
        try await world.accept(share, by: world.bob)
        let page = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        #expect(page.shares.map(\.id) == [SharingWorld.sharedID("folder-share")])
        #expect(page.shares.first?.participant(userRecordName: "bob")?.acceptanceStatus == .accepted)
        // Carol accepts: bob's feed carries the share again, with carol accepted.
        try await world.accept(share, by: world.carol)
        let next = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: page.token)
        #expect(next.changed.isEmpty)
        #expect(next.shares.first?.participant(userRecordName: "carol")?.acceptanceStatus == .accepted)
    }

    @Test func aSharesIDNamesNoRecord() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readOnly)])
        try await world.accept(share, by: world.bob)
        let owners = try await world.alice.privateDatabase.fetchRecords([share.id])
        #expect(owners[0].error == .unknownItem(share.id))
        let participants = try await world.bob.sharedDatabase.fetchRecords([SharingWorld.sharedID("folder-share")])
        #expect(participants[0].error == .unknownItem(SharingWorld.sharedID("folder-share")))
        #expect(try await world.bob.sharedDatabase.fetchShare(SharingWorld.sharedID("folder-share")).id == SharingWorld.sharedID("folder-share"))
    }

    /// Bob accepted two hierarchy shares of alice's zone: the folder's and the loose note's. Returns bob's zone
    /// feed token after his first fetch, and his database feed token.
    private func bobHasTwoSharesOfOneZone(_ world: SharingWorld) async throws -> (RecordShare, ServerChangeToken, ServerChangeToken) {
        let folderShare = try await world.shareFolder(with: [("bob", .readOnly)])
        let looseShare = try await world.alice.privateDatabase.saveShare(
            RecordShare(rootRecordID: try world.owned("loose").id, shareRecordName: "loose-share",
                        participants: [ShareParticipant(identity: ShareUserIdentity(userRecordName: "bob"))]),
            rootRecord: try world.owned("loose"))
        try await world.accept(folderShare, by: world.bob)
        try await world.accept(looseShare, by: world.bob)
        let database = try await world.bob.sharedDatabase.fetchDatabaseChanges(since: nil)
        let page = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        #expect(page.changed.map(\.id.recordName).sorted() == ["folder", "loose", "n1", "n2"])
        #expect(page.shares.map(\.id.recordName).sorted() == ["folder-share", "loose-share"])
        return (try await world.alice.privateDatabase.fetchShare(folderShare.id), page.token, database.token)
    }

    /// Bob lost the folder's hierarchy and kept the loose note's: the zone stays in his shared database, and his
    /// zone feed reports the records (and the share) he no longer reads deleted.
    private func expectBobLostTheFolderOnly(
        _ world: SharingWorld, zoneToken: ServerChangeToken, databaseToken: ServerChangeToken, shareDeleted: Bool = true
    ) async throws {
        let database = try await world.bob.sharedDatabase.fetchDatabaseChanges(since: databaseToken)
        #expect(database.deletedZones.isEmpty)
        #expect(try await world.bob.sharedDatabase.fetchDatabaseChanges(since: nil).changedZones == [SharingWorld.sharedZone])
        let page = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: zoneToken)
        let records = page.deleted.filter { $0.recordType != RecordShare.recordType }.map(\.id.recordName).sorted()
        #expect(records == ["folder", "n1", "n2"])
        if shareDeleted {
            #expect(page.deleted.filter { $0.recordType == RecordShare.recordType }.map(\.id) == [SharingWorld.sharedID("folder-share")])
        }
        #expect(page.changed.isEmpty)
        let n1 = try await world.bob.sharedDatabase.fetchRecords([SharingWorld.sharedID("n1")])
        #expect(n1[0].error == .unknownItem(SharingWorld.sharedID("n1")))
        #expect(await world.simulator.sharedRecords(of: "bob").map(\.id.recordName) == ["loose"])
    }

    @Test func losingOneOfTwoSharesOfAZoneDeletesWhatItCoveredFromTheParticipantsFeed() async throws {
        let world = try await SharingWorld()
        let (folderShare, zoneToken, databaseToken) = try await bobHasTwoSharesOfOneZone(world)
        try await world.alice.privateDatabase.deleteShare(folderShare.id)
        try await expectBobLostTheFolderOnly(world, zoneToken: zoneToken, databaseToken: databaseToken)
    }

    @Test func beingRemovedFromOneOfTwoSharesOfAZoneDeletesWhatItCovered() async throws {
        let world = try await SharingWorld()
        let (share, zoneToken, databaseToken) = try await bobHasTwoSharesOfOneZone(world)
        var folderShare = share
        folderShare.participants.removeAll { $0.identity.userRecordName == "bob" }
        _ = try await world.alice.privateDatabase.saveShare(folderShare, rootRecord: nil)
        try await expectBobLostTheFolderOnly(world, zoneToken: zoneToken, databaseToken: databaseToken)
    }

    @Test func theOwnerDeletingOneSharedRootDeletesItsHierarchyFromTheParticipantsFeed() async throws {
        let world = try await SharingWorld()
        let (_, zoneToken, databaseToken) = try await bobHasTwoSharesOfOneZone(world)
        let result = try await world.alice.privateDatabase.modifyRecords(ModifyRecordsRequest(deletes: [try world.owned("folder").id]))
        try result.throwingPartialFailure()
        try await expectBobLostTheFolderOnly(world, zoneToken: zoneToken, databaseToken: databaseToken)
        // The notes stay alice's.
        #expect(await world.simulator.serverRecord(SharingWorld.sharedID("n1")) != nil)
    }

    @Test func acceptingASecondShareOfAZoneBringsWhatItCoversIntoTheParticipantsFeed() async throws {
        let world = try await SharingWorld()
        let looseShare = try await world.alice.privateDatabase.saveShare(
            RecordShare(rootRecordID: try world.owned("loose").id, shareRecordName: "loose-share",
                        participants: [ShareParticipant(identity: ShareUserIdentity(userRecordName: "bob"))]),
            rootRecord: try world.owned("loose"))
        try await world.accept(looseShare, by: world.bob)
        let first = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        #expect(first.changed.map(\.id.recordName) == ["loose"])
        let folderShare = try await world.shareFolder(with: [("bob", .readOnly)])
        try await world.accept(folderShare, by: world.bob)
        // The notes under the folder were saved long before bob's token: his feed brings them now that a share
        // covers them (the folder itself was saved again with its share).
        let next = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: first.token)
        #expect(next.changed.map(\.id.recordName).sorted() == ["folder", "n1", "n2"])
        #expect(next.shares.map(\.id.recordName) == ["folder-share"])
        #expect(next.deleted.isEmpty)
    }

    @Test func aRecordMovedOutOfTheSharedHierarchyIsDeletedFromTheParticipantsFeed() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readOnly)])
        try await world.accept(share, by: world.bob)
        let first = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        var moved = try world.owned("n2")
        moved.system.parent = nil
        _ = try await world.aliceSaves([moved])
        let next = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: first.token)
        #expect(next.deleted == [RecordDeletion(id: SharingWorld.sharedID("n2"), recordType: "Note")])
        #expect(next.changed.isEmpty)
        // A change outside the hierarchy, which bob never read, reports nothing to him.
        var loose = try world.owned("loose")
        loose["title"] = .string("still private")
        _ = try await world.aliceSaves([loose])
        let outside = try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: next.token)
        #expect(outside.changed.isEmpty && outside.deleted.isEmpty && outside.shares.isEmpty)
    }
}
