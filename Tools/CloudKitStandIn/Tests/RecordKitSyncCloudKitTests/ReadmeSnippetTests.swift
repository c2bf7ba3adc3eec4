import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

// The "Syncing with CKSyncEngine" article's example, as written there (its `import RecordKitSync` is this package's
// RecordKitSyncOnStandIn). The README links to the article instead of repeating the code.

/// The note app's side of sync: the store, the generated `Note` and the bridge do the rest.
@available(iOS 17.0, macOS 14.0, *)
final class NoteSync: Sendable {
    let store: RecordStore
    let sync: CKSyncEngineAdapter

    init(databasePath: String) throws {
        store = try RecordStore(path: databasePath, models: [Note.self])
        var configuration = SyncConfiguration(zones: [RecordZoneID(zoneName: "note-zone")])
        configuration.onAccountChange = .deleteLocalData    // the default: no notes stay behind a sign-out
        configuration.onEvent = { event in print("sync:", event) }
        sync = CKSyncEngineAdapter(
            store: store, database: CKContainer.default().privateCloudDatabase, configuration: configuration)
    }

    /// At launch: the engine starts from the stored state, with every edit the store still has to send.
    func start() async { await sync.start() }

    /// An edit: stored with its pending change in one transaction, then handed to the engine.
    func save(_ note: Note) async throws { try await sync.save(note) }

    func delete(_ id: RecordID) async throws { try await sync.delete(Note.self, id: id) }

    /// Pull to refresh: fetch the server's changes, then send what is pending.
    func syncNow() async throws {
        let engine = await sync.start()
        try await engine.fetchChanges()
        try await engine.sendChanges()
    }

    /// What the UI shows (or observe `store.values(of: Note.self)`).
    func notes() throws -> [Note] { try store.fetchAll(Note.self).models }
}

@Suite struct ReadmeSnippetTests {
    @Test func theNoteAppsSyncRunsAsWritten() async throws {
        let folder = NSTemporaryDirectory() + "cksync-readme-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try NoteSync(databasePath: folder + "/notes.sqlite")
        await app.start()
        let note = makeNote("groceries", text: "milk", modified: 1)
        try await app.save(note)
        #expect(try app.notes().map(\.recordID) == [note.recordID])
        #expect(await app.sync.start().state.pendingRecordZoneChanges == [.saveRecord(CKRecord.ID(note.recordID))])
        try await app.syncNow()
        try await app.delete(note.recordID)
        #expect(try app.notes().isEmpty)
    }

    /// The DocC article shows the class above, line for line.
    @Test(arguments: ["Sources/RecordKitSync/RecordKitSync.docc/SyncingWithCKSyncEngine.md"])
    func theDocumentationShowsThisCode(file: String) throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let tested = try Self.noteSync(in: String(contentsOf: here, encoding: .utf8))
        let documented = try Self.noteSync(in: String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
        #expect(!tested.isEmpty)
        #expect(documented == tested)
    }

    /// The lines from `@available` to the closing brace of `NoteSync`.
    private static func noteSync(in text: String) throws -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("@available(iOS 17.0, macOS 14.0, *)") })
        let end = try #require(lines[start...].firstIndex { $0 == "}" })
        return Array(lines[start...end])
    }
}
