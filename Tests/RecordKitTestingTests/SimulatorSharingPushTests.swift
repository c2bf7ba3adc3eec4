import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Subscriptions belong to a user's database: a change in an owner's zone notifies the owner's private-database
/// subscriptions and the shared-database subscriptions of the participants who read it, never another user's.
@Suite struct SimulatorSharingPushTests {
    /// Alice's phone, bob's phone (both his databases) and carol's phone each subscribe to their databases.
    private func subscribedWorld() async throws -> (SharingWorld, RecordShare) {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readWrite)])
        try await world.accept(share, by: world.bob)
        let subscription = [Subscription(id: "changes", kind: .database)]
        for (user, device) in [(world.alice, "alice-phone"), (world.bob, "bob-phone"), (world.carol, "carol-phone")] {
            for scope in [DatabaseScope.private, .shared] {
                let database = SimulatedUserDatabase(user: user.name, scope: scope, simulator: world.simulator, deviceID: device)
                let result = try await database.modifySubscriptions(saving: subscription, deleting: [])
                _ = try result.saves[0].get()
            }
        }
        return (world, share)
    }

    private func pushes(_ world: SharingWorld, _ device: String) async -> [(DatabaseScope?, CloudNotification.Kind, String?)] {
        await world.simulator.takePushes(for: device).map { ($0.databaseScope, $0.kind, $0.userRecordName) }
    }

    @Test func anOwnersChangeNotifiesTheOwnerAndTheParticipantsWhoReadIt() async throws {
        let (world, _) = try await subscribedWorld()
        var n1 = try await world.alice.privateDatabase.fetchRecords([try world.owned("n1").id])[0].result.get()
        n1["title"] = .string("edited on the laptop")
        let laptop = SimulatedUserDatabase(user: "alice", scope: .private, simulator: world.simulator, deviceID: "alice-laptop")
        try await laptop.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(n1)])).throwingPartialFailure()
        let alices = await pushes(world, "alice-phone")
        #expect(alices.count == 1)
        #expect(alices.first?.0 == .private && alices.first?.1 == .database(zoneID: Fixtures.zone) && alices.first?.2 == "alice")
        let bobs = await pushes(world, "bob-phone")
        #expect(bobs.count == 1)  // his shared database's subscription only, not his private one
        #expect(bobs.first?.0 == .shared && bobs.first?.1 == .database(zoneID: SharingWorld.sharedZone) && bobs.first?.2 == "bob")
        #expect(await pushes(world, "carol-phone").isEmpty)
        #expect(await pushes(world, "alice-laptop").isEmpty)  // the device that made the change
    }

    @Test func aChangeOutsideWhatAParticipantReadsDoesNotNotifyThem() async throws {
        let (world, _) = try await subscribedWorld()
        var loose = try world.owned("loose")
        loose["title"] = .string("private")
        _ = try await world.aliceSaves([loose])
        #expect(await pushes(world, "alice-phone").count == 1)
        #expect(await pushes(world, "bob-phone").isEmpty)
    }

    @Test func aParticipantsEditNotifiesTheOwnerNotTheirOwnDevice() async throws {
        let (world, _) = try await subscribedWorld()
        let bobsShared = SimulatedUserDatabase(user: "bob", scope: .shared, simulator: world.simulator, deviceID: "bob-phone")
        var n1 = try await bobsShared.fetchRecords([SharingWorld.sharedID("n1")])[0].result.get()
        n1["title"] = .string("bob was here")
        try await bobsShared.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(n1)])).throwingPartialFailure()
        let alices = await pushes(world, "alice-phone")
        #expect(alices.count == 1 && alices.first?.0 == .private)
        #expect(await pushes(world, "bob-phone").isEmpty)
    }

    @Test func aRemovedParticipantHearsTheirSharedDatabaseChanged() async throws {
        let (world, share) = try await subscribedWorld()
        let laptop = SimulatedUserDatabase(user: "alice", scope: .private, simulator: world.simulator, deviceID: "alice-laptop")
        await world.simulator.registerForPushes(device: "alice-laptop", user: "alice", scope: .private)
        var current = try await laptop.fetchShare(share.id)
        current.participants.removeAll { $0.identity.userRecordName == "bob" }
        _ = try await laptop.saveShare(current, rootRecord: nil)
        #expect(await pushes(world, "alice-laptop").isEmpty)  // the device that changed the share
        let bobs = await pushes(world, "bob-phone")
        #expect(bobs.count == 1 && bobs.first?.0 == .shared && bobs.first?.1 == .database(zoneID: SharingWorld.sharedZone))
        // The owner hears of her share's change; carol, of nothing.
        #expect(await pushes(world, "alice-phone").map(\.0) == [.private])
        #expect(await pushes(world, "carol-phone").isEmpty)
    }

    @Test func theSharedDatabaseTakesDatabaseSubscriptionsOnlyAndEachUserHasTheirOwn() async throws {
        let world = try await SharingWorld()
        let zone = Subscription(id: "zone", kind: .recordZone(SharingWorld.sharedZone))
        let result = try await world.bob.sharedDatabase.modifySubscriptions(saving: [zone], deleting: [])
        guard case .failure(.invalidArguments) = result.saves[0] else {
            Issue.record("the shared database took a zone subscription: \(result.saves[0])")
            return
        }
        _ = try await world.alice.privateDatabase.modifySubscriptions(saving: [Subscription(id: "alices", kind: .database)], deleting: [])
        #expect(try await world.alice.privateDatabase.fetchAllSubscriptions().map(\.id) == ["alices"])
        #expect(try await world.bob.privateDatabase.fetchAllSubscriptions().isEmpty)
        #expect(try await world.alice.sharedDatabase.fetchAllSubscriptions().isEmpty)
        #expect(try await world.simulator.fetchAllSubscriptions().isEmpty)  // the single-user simulator's own
    }

    @Test func anOwnersZoneSubscriptionFiresUnderTheNameSheGaveItsZone() async throws {
        let world = try await SharingWorld()
        await world.simulator.registerForPushes(device: "alice-phone", user: "alice", scope: .private)
        _ = try await world.alice.privateDatabase.modifySubscriptions(saving: [Subscription(id: "zone", kind: .recordZone(Fixtures.zone))], deleting: [])
        var n1 = try world.owned("n1")
        n1["title"] = .string("edited")
        _ = try await world.aliceSaves([n1])
        #expect(await pushes(world, "alice-phone").map(\.1) == [.recordZone(Fixtures.zone)])
    }
}
