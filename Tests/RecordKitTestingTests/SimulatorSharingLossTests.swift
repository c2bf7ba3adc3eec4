import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// How a participant loses a shared zone: removed, the share deleted, the root deleted, the zone deleted, or by
/// leaving; their shared database feed reports the zone deleted and requests on it fail.
@Suite struct SimulatorSharingLossTests {
    /// Bob and carol both accepted alice's folder share; returns the share and bob's shared feed token.
    private func sharedWithBobAndCarol(_ world: SharingWorld) async throws -> (RecordShare, ServerChangeToken) {
        let share = try await world.shareFolder(with: [("bob", .readWrite), ("carol", .readOnly)])
        try await world.accept(share, by: world.bob)
        try await world.accept(share, by: world.carol)
        let token = try await world.bob.sharedDatabase.fetchDatabaseChanges(since: nil).token
        return (try await world.alice.privateDatabase.fetchShare(share.id), token)
    }

    /// Bob's shared database no longer has alice's zone: the feed says it was deleted, and requests on it fail.
    private func expectBobLostTheZone(_ world: SharingWorld, since token: ServerChangeToken) async throws {
        let database = try await world.bob.sharedDatabase.fetchDatabaseChanges(since: token)
        #expect(database.deletedZones == [ZoneDeletion(zoneID: SharingWorld.sharedZone, reason: .deleted)])
        #expect(try await world.bob.sharedDatabase.fetchDatabaseChanges(since: nil).changedZones.isEmpty)
        await #expect(throws: CloudError.zoneNotFound(SharingWorld.sharedZone)) {
            try await world.bob.sharedDatabase.fetchZoneChanges(SharingWorld.sharedZone, since: nil)
        }
        let fetched = try await world.bob.sharedDatabase.fetchRecords([SharingWorld.sharedID("n1")])
        #expect(fetched[0].error == .zoneNotFound(SharingWorld.sharedZone))
        let saved = try await world.bob.sharedDatabase.modifyRecords(
            ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("n9", zone: SharingWorld.sharedZone))]))
        #expect(saved.saves[0].error == .zoneNotFound(SharingWorld.sharedZone))
        #expect(await world.simulator.sharedRecords(of: "bob").isEmpty)
    }

    @Test func aRemovedParticipantLosesTheZoneAndTheOthersKeepIt() async throws {
        let world = try await SharingWorld()
        var (share, token) = try await sharedWithBobAndCarol(world)
        share.participants.removeAll { $0.identity.userRecordName == "bob" }
        share = try await world.alice.privateDatabase.saveShare(share, rootRecord: nil)
        try await expectBobLostTheZone(world, since: token)
        #expect(await world.simulator.sharedRecords(of: "carol").count == 3)
        // Removed, bob cannot come back through the URL of a private share.
        await #expect(throws: CloudError.self) { try await world.bob.fetchShareMetadata(try #require(share.url)) }
    }

    @Test func aParticipantMarkedRemovedLosesTheZone() async throws {
        let world = try await SharingWorld()
        var (share, token) = try await sharedWithBobAndCarol(world)
        share.participants = share.participants.map { participant in
            var changed = participant
            if participant.identity.userRecordName == "bob" { changed.acceptanceStatus = .removed }
            return changed
        }
        _ = try await world.alice.privateDatabase.saveShare(share, rootRecord: nil)
        try await expectBobLostTheZone(world, since: token)
    }

    @Test func deletingTheShareRemovesAccessAndClearsTheRootsShare() async throws {
        let world = try await SharingWorld()
        let (share, token) = try await sharedWithBobAndCarol(world)
        try await world.alice.privateDatabase.deleteShare(share.id)
        try await expectBobLostTheZone(world, since: token)
        #expect(await world.simulator.sharedRecords(of: "carol").isEmpty)
        let root = try await world.alice.privateDatabase.fetchRecords([try world.owned("folder").id])[0].result.get()
        #expect(root.system.share == nil)
        // The records stay alice's.
        #expect(await world.simulator.serverRecords().count == 4)
    }

    @Test func theOwnerDeletingTheRootRemovesTheHierarchyForParticipants() async throws {
        let world = try await SharingWorld()
        let (_, token) = try await sharedWithBobAndCarol(world)
        let result = try await world.alice.privateDatabase.modifyRecords(ModifyRecordsRequest(deletes: [try world.owned("folder").id]))
        try result.throwingPartialFailure()
        try await expectBobLostTheZone(world, since: token)
        #expect(await world.simulator.serverShares().isEmpty)
    }

    @Test func theOwnerDeletingTheZoneRemovesItForParticipants() async throws {
        let world = try await SharingWorld()
        let (_, token) = try await sharedWithBobAndCarol(world)
        _ = try await world.alice.privateDatabase.deleteZones([Fixtures.zone])[0].get()
        try await expectBobLostTheZone(world, since: token)
    }

    @Test func aParticipantLeavesByDeletingTheShareFromTheirSharedDatabase() async throws {
        let world = try await SharingWorld()
        let (share, token) = try await sharedWithBobAndCarol(world)
        try await world.bob.sharedDatabase.deleteShare(RecordID(recordName: share.id.recordName, zoneID: SharingWorld.sharedZone))
        try await expectBobLostTheZone(world, since: token)
        #expect(await world.simulator.sharedRecords(of: "carol").count == 3)
        #expect(await world.simulator.serverShares().count == 1)
    }

    @Test func aParticipantCannotDeleteTheOwnersZone() async throws {
        let world = try await SharingWorld()
        _ = try await sharedWithBobAndCarol(world)
        let results = try await world.bob.sharedDatabase.deleteZones([SharingWorld.sharedZone])
        guard case .failure(.permissionFailure) = results[0] else {
            Issue.record("a participant deleted the owner's zone: \(results)")
            return
        }
        #expect(await world.simulator.sharedRecords(of: "bob").count == 3)
    }
}
