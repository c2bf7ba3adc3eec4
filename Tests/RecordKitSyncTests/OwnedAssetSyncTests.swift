import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// Assets through a sync, with stores that own their asset files and a simulator that keeps asset contents and
/// serves them from a download cache it can drop, as CloudKit's is purged.
@Suite struct OwnedAssetSyncTests {
    /// A folder for the test's stores, app files and the simulator's download cache, removed at the end.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recordkit-assets-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// The events an engine emitted.
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [SyncEvent] = []
        func append(_ event: SyncEvent) {
            lock.lock()
            defer { lock.unlock() }
            list.append(event)
        }
        var all: [SyncEvent] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }
    }

    static func store(_ folder: Folder, _ name: String) throws -> RecordStore {
        try RecordStore(path: folder.path(name), models: [Note.self], options: RecordStoreOptions(assetFolder: .besideStore))
    }

    /// The engine's documented limit and the figure the store checks before sending are one figure.
    @Test func theStoreChecksCloudLimitsAssetSize() {
        #expect(CloudLimits.maximumAssetBytes == AssetSizeLimit.cloudKitMaximumBytes)
    }

    @Test func anOfflineStoreOpensEveryAssetAfterCloudKitsCacheIsGone() async throws {
        let folder = try Folder()
        let simulator = CloudKitSimulator(seed: 26)
        try await simulator.keepAssetContents(downloadCache: URL(fileURLWithPath: folder.path("cloudkit-cache")))
        let configuration = SyncConfiguration(zones: [Fixtures.zone])

        let writer = try Self.store(folder, "writer.sqlite")
        var covers: [String: String] = [:]
        for number in 1...3 {
            let file = URL(fileURLWithPath: folder.path("cover-\(number).jpg"))
            covers["n\(number)"] = "cover \(number)"
            try Data("cover \(number)".utf8).write(to: file)
            try writer.save(Fixtures.note("n\(number)", file: file))
        }
        try await SyncEngine(store: writer, database: simulator, configuration: configuration).sync()
        #expect(await simulator.storedAssetCount == 3)

        do {
            let reader = try Self.store(folder, "reader.sqlite")
            try await SyncEngine(store: reader, database: simulator, configuration: configuration).fetchChanges()
            #expect(try reader.fetchAll(Note.self).models.count == 3)
        }
        // CloudKit purges its download cache, and the app's own files are gone too; the reader is offline.
        await simulator.dropDownloadCache()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("cloudkit-cache")).isEmpty)
        for number in 1...3 { try FileManager.default.removeItem(atPath: folder.path("cover-\(number).jpg")) }

        let reopened = try Self.store(folder, "reader.sqlite")
        let notes = try reopened.fetchAll(Note.self).models
        #expect(notes.count == 3)
        for note in notes {
            let url = try #require(note.text.fileURL)
            #expect(url.deletingLastPathComponent().path == reopened.assetFolderURL.path, "\(note.recordID.recordName) points into the store's folder")
            #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == covers[note.recordID.recordName])
        }
    }

    @Test func aMissingAssetFileIsReportedAndTheRestOfTheBatchIsSent() async throws {
        let folder = try Folder()
        let simulator = CloudKitSimulator(seed: 26)
        try await simulator.keepAssetContents(downloadCache: URL(fileURLWithPath: folder.path("cloudkit-cache")))
        let events = Events()
        let configuration = SyncConfiguration(zones: [Fixtures.zone], onEvent: { events.append($0) })
        let store = try Self.store(folder, "device.sqlite")
        for name in ["good", "lost"] {
            let file = URL(fileURLWithPath: folder.path("\(name).jpg"))
            try Data("\(name) bytes".utf8).write(to: file)
            try store.save(Fixtures.note(name, file: file))
        }
        // The owned file of one note disappears behind the store's back.
        let lostID = Fixtures.id("lost")
        let lostFile = try #require(try store.fetch(Note.self, id: lostID)?.text.fileURL)
        try FileManager.default.removeItem(at: lostFile)

        try await SyncEngine(store: store, database: simulator, configuration: configuration).sync()
        #expect(await simulator.serverRecords().map(\.id.recordName) == ["good"])
        #expect(events.all.contains(.undecodable(.asset(lostID, recordType: "Note", field: "text", .missing(path: lostFile.path)))))
        #expect(try store.pendingItems().map(\.id) == [lostID], "the record stays pending, to be sent once its file is back")
    }
}
