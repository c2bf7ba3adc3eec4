import CardsV2
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The faults of people's devices the sharing property test injects, each on its own: a device offline, a device
/// killed at once, and one killed with its send in flight, then launched again with new engines over its store.
@Suite struct SharingPropertyHarnessTests {
    private static let zone = RecordZoneID(zoneName: "cards")
    private static let sharedZone = RecordZoneID(zoneName: "cards", ownerName: "alice")

    private static func card(_ name: String, title: String, parent: String? = nil, zone: RecordZoneID = zone) -> Card {
        var card = Card(
            recordID: RecordID(recordName: name, zoneID: zone), title: title, body: "", color: 0, tags: [],
            modified: Date(timeIntervalSince1970: 1))
        card.metadata.system.parent = parent.map { Reference(recordID: RecordID(recordName: $0, zoneID: zone)) }
        return card
    }

    /// Alice's folder with one card, shared read-write with bob, who accepted; everybody settled.
    private func sharedFolder() async throws -> SyncHarness {
        let harness = try SyncHarness(people: ["alice", "bob"], devicesEach: 2, models: [Card.self], zones: [Self.zone], seed: 5)
        let alice = try #require(harness.person("alice")), bob = try #require(harness.person("bob"))
        try alice[0].store.save(contentsOf: [Self.card("folder", title: "folder"), Self.card("c1", title: "one", parent: "folder")])
        try await alice[0].syncPrivate()
        let folderID = RecordID(recordName: "folder", zoneID: Self.zone)
        let folder = try await alice.user.privateDatabase.fetchRecords([folderID])[0].result.get()
        let share = RecordShare(
            rootRecordID: folderID, participants: [ShareParticipant(identity: ShareUserIdentity(userRecordName: "bob"), permission: .readWrite)])
        let saved = try await alice.user.privateDatabase.saveShare(share, rootRecord: folder)
        _ = try await bob.user.acceptShare(try await bob.user.fetchShareMetadata(try #require(saved.url)))
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
        return harness
    }

    private func editTitle(of name: String, to title: String, on device: PersonDevice, zone: RecordZoneID) throws {
        var card = try #require(try device.store.fetch(Card.self, id: RecordID(recordName: name, zoneID: zone)))
        card.title = title
        try device.store.save(card)
    }

    private func serverTitle(_ name: String, in harness: SyncHarness) async -> FieldValue? {
        await harness.simulator.serverRecord(RecordID(recordName: name, zoneID: Self.sharedZone))?.fields["title"]
    }

    @Test func anOfflineDeviceQueuesItsEditAndSendsItOnceSettled() async throws {
        let harness = try await sharedFolder()
        let bob = try #require(harness.person("bob"))
        bob[0].goOffline()
        #expect(!bob[0].isOnline)
        try editTitle(of: "c1", to: "offline edit", on: bob[0], zone: Self.sharedZone)
        await #expect(throws: SyncError.self) { try await bob[0].syncShared() }
        #expect(await serverTitle("c1", in: harness) == .string("one"))
        // Offline, the private line is down too: the device is one process with one network.
        await #expect(throws: SyncError.self) { try await bob[0].syncPrivate() }
        try await harness.settle()
        #expect(bob[0].isOnline)
        #expect(await serverTitle("c1", in: harness) == .string("offline edit"))
        #expect(try await harness.divergences().isEmpty)
    }

    @Test func aDeviceKilledAtOnceFailsUntilItsRelaunchBuildsNewEngines() async throws {
        let harness = try await sharedFolder()
        let alice = try #require(harness.person("alice"))
        let (oldPrivate, oldShared, store) = (alice[1].privateEngine, alice[1].sharedEngine, alice[1].store)
        alice[1].kill(afterRequests: 0)
        #expect(alice[1].isDead)
        try editTitle(of: "c1", to: "after the kill", on: alice[1], zone: Self.zone)
        await #expect(throws: SyncError.self) { try await alice[1].sync() }
        alice[1].relaunch()
        #expect(!alice[1].isDead)
        #expect(alice[1].privateEngine !== oldPrivate && alice[1].sharedEngine !== oldShared)
        #expect(alice[1].store === store)
        #expect(try alice[1].store.pendingCount() == 1)
        try await harness.settle()
        #expect(await serverTitle("c1", in: harness) == .string("after the kill"))
        #expect(try await harness.divergences().isEmpty)
    }

    @Test func aSendWhoseResponseIsLostInTheKillIsSettledAfterTheRelaunch() async throws {
        let harness = try await sharedFolder()
        let bob = try #require(harness.person("bob"))
        await bob[1].sharedConnection.recordTraffic(true)
        try editTitle(of: "c1", to: "in flight", on: bob[1], zone: Self.sharedZone)
        bob[1].kill(afterRequests: 1)
        await #expect(throws: SyncError.self) { try await bob[1].sharedEngine.sendChanges() }
        #expect(bob[1].isDead)
        // The server took the save; the device never heard back.
        let traffic = await bob[1].sharedConnection.takeTraffic()
        #expect(traffic.count == 1 && traffic.allSatisfy(\.responseLost))
        #expect(await serverTitle("c1", in: harness) == .string("in flight"))
        bob[1].relaunch()
        try await harness.settle()
        #expect(try bob[1].store.pendingCount() == 0)
        #expect(await serverTitle("c1", in: harness) == .string("in flight"))
        #expect(try await harness.divergences().isEmpty)
    }
}
