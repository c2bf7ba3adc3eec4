import Foundation
import RecordKit
import RecordKitStore
import Testing

/// The DocC article "Offline Storage"'s snippet, run: store the note app's notes and the zone's
/// token, read them back after a restart, send what is pending.
@Suite struct OfflineStorageSnippetTests {
    @Test func notesAndTheTokenReadBackAfterARestart() throws {
        let folder = try TemporaryFolder()
        let databasePath = folder.file("notes.sqlite")
        let zoneID = RecordZoneID(zoneName: "note-zone")
        let textFile = URL(fileURLWithPath: folder.file("n1.txt"))
        try Data("Buy milk".utf8).write(to: textFile)
        var server = Fixtures.note("n2", text: "from the server")
        server.metadata.system.changeTag = "e1"
        let fetchedRecords = [server.record()]
        let deletedIDs: [RecordID] = []
        let newToken = ServerChangeToken(data: Data("token-1".utf8))
        let modified = Date(timeIntervalSince1970: 1_000)

        // --- the snippet (Date() fixed to `modified`) ---
        do {
            let store = try RecordStore(path: databasePath, models: [Note.self])
            let note = Note(recordID: RecordID(recordName: "n1", zoneID: zoneID), text: Asset(fileURL: textFile), modified: modified)
            try store.save(note)
            try store.apply(FetchedPage(zoneID: zoneID, changed: fetchedRecords, deleted: deletedIDs, token: newToken))
        }
        let reopened = try RecordStore(path: databasePath, models: [Note.self])
        let notes = try reopened.fetchAll(Note.self).models
        let token = try reopened.zone(zoneID)?.token
        let batch = try reopened.nextPendingBatch(maxCount: 400)
        // --- end of the snippet, but for markSent below ---

        #expect(Set(notes.map(\.recordID.recordName)) == ["n1", "n2"])
        let stored = try #require(notes.first { $0.recordID.recordName == "n1" }?.text.fileURL)
        #expect(stored.deletingLastPathComponent().path == reopened.assetFolderURL.path, "the store's own copy")
        #expect(try Data(contentsOf: stored) == Data("Buy milk".utf8))
        #expect(token == newToken)
        #expect(batch.saves.map(\.record.id.recordName) == ["n1"], "only the local edit is pending")

        // The server accepts the save and returns its record with a change tag.
        try reopened.markSent(batch.saves.map { save in
            var returned = save.record
            returned.system.changeTag = "e9"
            return .saved(serverRecord: returned, generation: save.generation)
        })
        #expect(try reopened.nextPendingBatch().isEmpty)
        #expect(try reopened.fetch(Note.self, id: RecordID(recordName: "n1", zoneID: zoneID))?.metadata.system.changeTag == "e9")
    }
}
