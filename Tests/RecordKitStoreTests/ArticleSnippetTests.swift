import Foundation
import RecordKit
import RecordKitStore
import Testing

/// The code of RecordKit's DocC articles "Getting Started" and "Offline Storage and Encryption", run against the
/// note app's model, and the article's claims about where encrypted fields' values are plain text.
@Suite struct ArticleSnippetTests {
    @Test func gettingStartedModelArchiveAndToken() throws {
        let folder = try TemporaryFolder()
        let textFile = URL(fileURLWithPath: folder.file("n1.txt"))
        let stateFile = URL(fileURLWithPath: folder.file("sync-state"))
        let tokenBytes = Data("token-1".utf8)

        // --- "Use the generated model" ---
        var note = Note(text: Asset(fileURL: textFile), modified: Date())
        let record: Record = note.record()
        do {
            note = try Note(record: record)
        } catch {
            Issue.record("the model's own record does not read back: \(error)")
        }
        // --- "Archive it for offline use" ---
        let bytes = try note.archived()
        let restored = try Note(archived: bytes)
        // --- "Keep the change token" ---
        let zoneID = RecordZoneID(zoneName: "note-zone")
        var state = SyncState()
        state.zoneTokens[zoneID] = ServerChangeToken(data: tokenBytes)
        try NativeArchive.encode(state).write(to: stateFile, options: .atomic)
        let saved = try NativeArchive.decodeSyncState(Data(contentsOf: stateFile))
        let token = saved.zoneTokens[zoneID]
        // --- end of the snippets ---

        #expect(note.id.zoneID == zoneID, "the record ID defaults to the schema's zone")
        #expect(record.recordType == "Note" && record["version"] == .int64(1))
        #expect(restored == note)
        #expect(token == ServerChangeToken(data: tokenBytes))
    }

    @Test func gettingStartedNewerVersionErrorReadsAsTheArticleSays() {
        var record = Fixtures.note("n1").record()
        record["version"] = .int64(2)
        #expect {
            _ = try Note(record: record)
        } throws: { error in
            "\(error)" == "Note record 'n1' has version 2, but this app reads Note records up to version 1: update the app to read it"
        }
    }

    @Test func storeOptionsSnippetOpensAStore() throws {
        let folder = try TemporaryFolder()
        let databasePath = folder.file("notes.sqlite")
        // --- "What the store does" ---
        let options = RecordStoreOptions(fileProtection: .complete)
        let store = try RecordStore(path: databasePath, models: [Note.self], options: options)
        // --- end of the snippet ---
        try store.save(Fixtures.note("n1"))
        #expect(try store.fetch(Note.self, id: Fixtures.id("n1")) != nil)
    }

    /// A fetched Note whose record carries an encrypted field the model does not declare (kept as unknown).
    static func recordWithSecret(_ secret: String) -> Record {
        var record = Fixtures.serverRecord(Fixtures.note("n1"), tag: "e1")
        record.encryptedFields["secret"] = .string(secret)
        return record
    }

    @Test func encryptedValuesArePlainTextInNativeArchives() throws {
        let secret = "the combination is 12-34-56"
        let record = Self.recordWithSecret(secret)
        #expect(NativeArchive.encode(record).range(of: Data(secret.utf8)) != nil)
        #expect(NativeArchive.encode([record]).range(of: Data(secret.utf8)) != nil)
        let model = try Note(record: record)
        #expect(try model.archived().range(of: Data(secret.utf8)) != nil, "an unknown encrypted field travels with the model")
        #expect(KeyedArchive.encodeSystemFields(of: record).range(of: Data(secret.utf8)) == nil, "system fields hold no values")
    }

    @Test func encryptedValuesArePlainTextInTheStoreFiles() throws {
        let folder = try TemporaryFolder()
        let databasePath = folder.file("notes.sqlite")
        let secret = "the combination is 12-34-56"
        let store = try RecordStore(path: databasePath, models: [Note.self])
        try store.apply(FetchedPage(
            zoneID: Fixtures.zone, changed: [Self.recordWithSecret(secret)], deleted: [], token: ServerChangeToken(data: Data([1]))))
        let stored = try #require(try store.fetch(Note.self, id: Fixtures.id("n1")))
        #expect(stored.record().encryptedFields["secret"] == .string(secret))
        // The database file or its WAL (until a checkpoint) holds the value as written.
        let files = [databasePath, databasePath + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }
        #expect(files.contains { $0.range(of: Data(secret.utf8)) != nil })
    }
}
