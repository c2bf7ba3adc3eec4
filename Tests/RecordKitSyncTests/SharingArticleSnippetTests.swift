import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The people-and-devices code of the DocC article "Sharing records" (RecordKitTesting.docc/SharingRecords.md),
/// run as the article shows it: alice shares a folder of notes, bob edits one, alice's other device sees the edit,
/// alice removes bob and his store loses the zone. `articleShowsThisCode` fails, printing the block to paste, when
/// the article and this file drift apart.
@Suite struct SharingArticleSnippetTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let article = "Sources/RecordKitTesting/RecordKitTesting.docc/SharingRecords.md"

    /// A note of alice's zone whose parent is the folder (none for the folder itself).
    private static func note(_ name: String, text: String, parent: Note?, zone: RecordZoneID = Note.zoneID) -> Note {
        var note = Note(recordID: RecordID(recordName: name, zoneID: zone), text: TestAssetFiles.asset(containing: text), modified: Date(timeIntervalSince1970: 1))
        note.metadata.system.parent = parent.map { Reference(recordID: RecordID(recordName: $0.recordID.recordName, zoneID: zone)) }
        return note
    }

    @Test func anOwnerSharesAFolderAParticipantEditsAndIsRemoved() async throws {
        let folder = Self.note("folder", text: "Trip", parent: nil)
        let tickets = Self.note("tickets", text: "tickets", parent: folder)
        let hotel = Self.note("hotel", text: "hotel", parent: folder)
        let bobReadWrite = ShareParticipant(identity: ShareUserIdentity(userRecordName: "bob"), permission: .readWrite)
        // bob's edit of the tickets note, named in alice's zone as his shared database names it
        let alicesZone = RecordZoneID(zoneName: Note.zoneID.zoneName, ownerName: "alice")
        let editedTickets = Self.note("tickets", text: "tickets, seats 4A and 4B", parent: folder, zone: alicesZone)

        // --- "The same with people and devices" ---
        let harness = try SyncHarness(people: ["alice", "bob"], devicesEach: 2, models: [Note.self], zones: [Note.zoneID])
        let alice = harness.person("alice")!, bob = harness.person("bob")!
        try alice[0].store.save(contentsOf: [folder, tickets, hotel])     // notes whose parent is the folder
        try await alice[0].syncPrivate()
        let root = try await alice.user.privateDatabase.fetchRecords([folder.recordID])[0].result.get()
        let share = try await alice.user.privateDatabase.saveShare(
            RecordShare(rootRecordID: folder.recordID, participants: [bobReadWrite]), rootRecord: root)
        _ = try await bob.user.acceptShare(try await bob.user.fetchShareMetadata(share.url!))

        try await bob[0].syncShared()                      // alice's folder arrives in bob's store
        try bob[0].store.save(editedTickets)               // bob edits a note of the folder
        try await bob[0].syncShared()
        try await alice[1].syncPrivate()                   // alice's other device has bob's edit
        // --- "The owner removes the participant" ---
        var removed = try await alice.user.privateDatabase.fetchShare(share.id)   // bob's acceptance changed it
        removed.participants.removeAll { $0.identity.userRecordName == "bob" }
        _ = try await alice.user.privateDatabase.saveShare(removed, rootRecord: nil)
        try await bob[0].syncShared()                      // the zone is gone from bob's store
        // --- end of the snippets ---

        let seen = try #require(try alice[1].store.fetch(Note.self, id: tickets.recordID))
        #expect(TestAssetFiles.text(of: seen.text) == "tickets, seats 4A and 4B", "alice's other device has bob's edit")
        #expect(try bob[0].store.fetchAll(Note.self).models.isEmpty, "bob's store lost alice's zone")
        #expect(try alice[0].store.fetchAll(Note.self).models.count == 3, "alice keeps her notes")
    }

    @Test func articleShowsThisCode() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent(Self.article), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let blocks = MarkdownFences.blocks(in: article).filter { $0.language == "swift" }.map { $0.lines.joined(separator: "\n") }
        for (title, next) in [("The same with people and devices", "The owner removes the participant"),
                              ("The owner removes the participant", "end of the snippets")] {
            let code = try #require(Self.snippet(in: source, from: title, to: next), "the markers of \"\(title)\" are missing")
            #expect(blocks.contains(code), "\(Self.article)'s block under \"\(title)\" should read:\n\(code)")
        }
    }

    /// The lines between the marker comment naming `from` and the next one naming `to`, indentation removed.
    private static func snippet(in source: String, from: String, to: String) -> String? {
        MarkdownFences.markedLines(
            in: source, begin: { $0.hasSuffix("// --- \"\(from)\" ---") }, end: { $0.contains("// --- ") && $0.contains(to) }
        )?.joined(separator: "\n")
    }
}
