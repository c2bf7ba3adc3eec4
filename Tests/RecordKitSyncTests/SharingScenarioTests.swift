import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// People sharing notes through the harness: alice owns a folder of notes and shares it with bob; each has two
/// devices, each device one store with a private and a shared engine.
///
/// Most scenarios sync each device through the engine of one database (alice's private, bob's shared);
/// `everyDeviceSyncsBothDatabasesIntoOneStoreAndSettles` runs both engines over each device's one store.
@Suite struct SharingScenarioTests {
    private let sharedZone = RecordZoneID(zoneName: Fixtures.zone.zoneName, ownerName: "alice")

    /// A note under the folder (or the folder itself, with no parent).
    private func noteInFolder(_ name: String, text: String, parent: String? = "folder") -> Note {
        var note = Fixtures.note(name, text: text, modified: 1)
        note.metadata.system.parent = parent.map { Reference(recordID: RecordID(recordName: $0, zoneID: Fixtures.zone)) }
        return note
    }

    /// Alice's folder with two notes, synced from her first device; then shared with bob at `permission`, bob
    /// accepted. Returns the harness and the share as saved.
    private func aliceSharesTheFolder(with permission: SharePermission) async throws -> (SyncHarness, RecordShare) {
        let harness = try SyncHarness(people: ["alice", "bob"], devicesEach: 2, models: [Note.self], zones: [Fixtures.zone], seed: 3)
        let alice = try #require(harness.person("alice")), bob = try #require(harness.person("bob"))
        try alice[0].store.save(contentsOf: [
            noteInFolder("folder", text: "Trip", parent: nil), noteInFolder("n1", text: "tickets"), noteInFolder("n2", text: "hotel"),
            noteInFolder("loose", text: "private", parent: nil),
        ])
        try await alice[0].syncPrivate()
        let folderID = RecordID(recordName: "folder", zoneID: Fixtures.zone)
        let folder = try await alice.user.privateDatabase.fetchRecords([folderID])[0].result.get()
        let share = RecordShare(
            rootRecordID: folderID, title: "Trip",
            participants: [ShareParticipant(identity: ShareUserIdentity(userRecordName: "bob"), permission: permission)])
        let saved = try await alice.user.privateDatabase.saveShare(share, rootRecord: folder)
        _ = try await bob.user.acceptShare(try await bob.user.fetchShareMetadata(try #require(saved.url)))
        return (harness, saved)
    }

    private func noteIDs(on device: PersonDevice) throws -> [RecordID] {
        try device.store.fetchAll(Note.self).models.map(\.recordID).sorted()
    }

    @Test func aParticipantAcceptsEditsAndTheOwnerSeesTheEdit() async throws {
        let (harness, _) = try await aliceSharesTheFolder(with: .readWrite)
        let alice = try #require(harness.person("alice")), bob = try #require(harness.person("bob"))
        try await bob[0].syncShared()
        // The hierarchy arrives under alice's name, the loose note does not.
        #expect(try noteIDs(on: bob[0]) == ["folder", "n1", "n2"].map { RecordID(recordName: $0, zoneID: sharedZone) })
        var edited = try #require(try bob[0].store.fetch(Note.self, id: RecordID(recordName: "n1", zoneID: sharedZone)))
        edited.text = TestAssetFiles.asset(containing: "tickets, seats 4A and 4B")
        try bob[0].store.save(edited)
        try await bob[0].syncShared()
        try await bob[1].syncShared()
        try await alice[1].syncPrivate()
        let seen = try #require(try alice[1].store.fetch(Note.self, id: RecordID(recordName: "n1", zoneID: Fixtures.zone)))
        #expect(seen.textName == "tickets, seats 4A and 4B")
        #expect(try bob[1].store.fetch(Note.self, id: edited.recordID)?.textName == "tickets, seats 4A and 4B")
        #expect(await harness.simulator.serverRecord(RecordID(recordName: "n1", zoneID: sharedZone))?.system.lastModifiedUserRecordName == "bob")
    }

    @Test func aNoteTheOwnerAddsToTheFolderLaterReachesTheParticipant() async throws {
        let (harness, _) = try await aliceSharesTheFolder(with: .readOnly)
        let alice = try #require(harness.person("alice")), bob = try #require(harness.person("bob"))
        try await bob[0].syncShared()
        try await alice[0].syncPrivate()
        try alice[0].store.save(noteInFolder("n3", text: "car rental"))
        try await alice[0].syncPrivate()
        try await bob[0].syncShared()
        #expect(try bob[0].store.fetch(Note.self, id: RecordID(recordName: "n3", zoneID: sharedZone))?.textName == "car rental")
    }

    @Test func theOwnerRemovesTheParticipantAndTheParticipantsStoreLosesTheZone() async throws {
        let (harness, share) = try await aliceSharesTheFolder(with: .readWrite)
        let alice = try #require(harness.person("alice")), bob = try #require(harness.person("bob"))
        try await bob[0].syncShared()
        #expect(try noteIDs(on: bob[0]).count == 3)
        // Edited on the server's copy: bob's acceptance changed the share (and its change tag) since it was saved.
        var removed = try await alice.user.privateDatabase.fetchShare(share.id)
        removed.participants.removeAll { $0.identity.userRecordName == "bob" }
        _ = try await alice.user.privateDatabase.saveShare(removed, rootRecord: nil)
        try await bob[0].syncShared()
        #expect(try noteIDs(on: bob[0]).isEmpty)
        #expect(bob[0].events.events.contains(.sharedZoneLost(sharedZone, .deleteRecords)))
        // Alice keeps everything.
        try await alice[1].syncPrivate()
        #expect(try noteIDs(on: alice[1]).count == 4)
    }

    @Test func aReadOnlyParticipantsEditNeverReachesTheServer() async throws {
        let (harness, _) = try await aliceSharesTheFolder(with: .readOnly)
        let bob = try #require(harness.person("bob"))
        try await bob[0].syncShared()
        var edited = try #require(try bob[0].store.fetch(Note.self, id: RecordID(recordName: "n1", zoneID: sharedZone)))
        edited.text = TestAssetFiles.asset(containing: "bob's scribble")
        try bob[0].store.save(edited)
        try? await bob[0].syncShared()
        let server = try #require(await harness.simulator.serverRecord(RecordID(recordName: "n1", zoneID: sharedZone)))
        #expect(server.system.lastModifiedUserRecordName == "alice")
        let id = RecordID(recordName: "n1", zoneID: sharedZone)
        #expect(bob[0].events.events.contains { event in
            if case .writeRefused(id, .restoredServerCopy, .permissionFailure) = event { true } else { false }
        })
        // Rolled back to the owner's text and no longer pending: the next sync sends nothing.
        let local = try #require(try bob[0].store.fetch(Note.self, id: id))
        #expect(Fixtures.textOf(local.text) == "tickets")
        #expect(try bob[0].store.pendingCount() == 0)
    }

    @Test func divergencesNameWhatAPersonsDeviceLacks() async throws {
        let (harness, _) = try await aliceSharesTheFolder(with: .readOnly)
        let problems = try await harness.divergences()
        // Bob's devices have not synced: they lack the shared hierarchy, and only it.
        #expect(problems.contains("bob's device 0 lacks record \(RecordID(recordName: "n1", zoneID: sharedZone)), which the server holds"))
        #expect(!problems.contains { $0.contains("bob's device") && $0.contains("loose") })
    }

    @Test
    func everyDeviceSyncsBothDatabasesIntoOneStoreAndSettles() async throws {
        let (harness, share) = try await aliceSharesTheFolder(with: .readWrite)
        let alice = try #require(harness.person("alice")), bob = try #require(harness.person("bob"))
        // Bob keeps notes of his own beside alice's folder, in the same store.
        try bob[1].store.save(Fixtures.note("bobs-own", text: "mine", modified: 1))
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
        var edited = try #require(try bob[0].store.fetch(Note.self, id: RecordID(recordName: "n2", zoneID: sharedZone)))
        edited.text = TestAssetFiles.asset(containing: "hotel, two nights")
        try bob[0].store.save(edited)
        try await harness.settle()
        #expect(try alice[0].store.fetch(Note.self, id: RecordID(recordName: "n2", zoneID: Fixtures.zone))?.textName == "hotel, two nights")
        // Edited on the server's copy: bob's acceptance changed the share (and its change tag) since it was saved.
        var removed = try await alice.user.privateDatabase.fetchShare(share.id)
        removed.participants.removeAll { $0.identity.userRecordName == "bob" }
        _ = try await alice.user.privateDatabase.saveShare(removed, rootRecord: nil)
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
        #expect(try noteIDs(on: bob[0]) == [RecordID(recordName: "bobs-own", zoneID: Fixtures.zone)])
    }
}
