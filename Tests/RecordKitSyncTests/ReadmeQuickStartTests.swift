import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The README's quick start, run: its Swift block is the code between the markers below, and its schema block is
/// `Schemas/Notes.records.xml`; `readmeShowsThisCode` fails (printing the block to paste) when either drifts.
@Suite struct ReadmeQuickStartTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func quickStartSyncsANoteToAnotherDevice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quick-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let databasePath = folder.appendingPathComponent("notes.sqlite").path
        let textFile = folder.appendingPathComponent("groceries.txt")
        try Data("milk, eggs".utf8).write(to: textFile)
        let database = CloudKitSimulator()

        // README quick start begin
        // The offline store: every note, its last server copy and its pending change, in one SQLite file.
        let store = try RecordStore(path: databasePath, models: [Note.self])

        // The sync engine between the store and CloudKit. `database` is a CloudDatabase:
        // CloudKitDatabase(CKContainer.default().privateCloudDatabase) in an app, a WebServicesDatabase on a
        // server, a CloudKitSimulator in tests.
        let sync = SyncEngine(store: store, database: database, configuration: SyncConfiguration(zones: [Note.zoneID]))

        // An edit is stored with its pending change, online or not...
        try store.save(Note(text: Asset(fileURL: textFile), modified: Date()))
        // ...and a sync sends it and fetches what other devices changed.
        try await sync.sync()

        // The list to show: every note, the latest edit first.
        let notes = try store.fetch(ModelQuery<Note>().sorted(by: Note.Fields.modified.descending))
        // README quick start end

        #expect(notes.count == 1)
        #expect(try store.nextPendingBatch().isEmpty, "the sync sent the edit")
        // Another device with an empty store fetches the note from the same database.
        let laptop = try RecordStore.inMemory(models: [Note.self])
        try await SyncEngine(store: laptop, database: database, configuration: SyncConfiguration(zones: [Note.zoneID])).sync()
        #expect(try laptop.fetchAll(Note.self).models.map(\.id) == notes.map(\.id))
    }

    @Test func readmeShowsThisCode() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let schema = try String(contentsOf: Self.root.appendingPathComponent("Schemas/Notes.records.xml"), encoding: .utf8)
        let code = try #require(Self.quickStart(in: source), "the quick start markers are missing from this file")
        let blocks = MarkdownFences.blocks(in: readme).map { (language: $0.language, text: $0.lines.joined(separator: "\n")) }
        #expect(blocks.contains { $0.language == "swift" && $0.text == code }, "README.md's quick start should read:\n\(code)")
        #expect(
            blocks.contains { $0.language == "xml" && $0.text == schema.trimmingCharacters(in: .newlines) },
            "README.md's schema block should be Schemas/Notes.records.xml")
    }

    /// The lines between the begin and end markers, indentation removed, with `import` lines in front.
    static func quickStart(in source: String) -> String? {
        guard let body = MarkdownFences.markedLines(
            in: source, begin: { $0.hasSuffix("// README quick start begin") }, end: { $0.hasSuffix("// README quick start end") })
        else { return nil }
        return (["import RecordKit", "import RecordKitStore", "import RecordKitSync", ""] + body).joined(separator: "\n")
    }
}
