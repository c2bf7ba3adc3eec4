import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// Assets the store owns: taken into the asset folder (content-addressed) before the transaction that stores
/// them, read back from there, and removed only once nothing references them.
@Suite struct AssetFolderStoreTests {
    @Test func aLocalSaveCopiesTheAppsFileIntoTheFolder() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let appFile = try folder.appFile("cover.jpg", "cover bytes")
        try store.save(Fixtures.note("n1", file: appFile))

        let note = try #require(try store.fetch(Note.self, id: Fixtures.id("n1")))
        let owned = try #require(note.text.fileURL)
        #expect(owned.deletingLastPathComponent().standardizedFileURL.path == folder.assets.standardizedFileURL.path)
        #expect(owned.lastPathComponent == "e06cc5dc61902f1ec01216ae3298216b218ad494ca253a85557ed4e44a23994b", "named by the SHA-256 of its contents")
        // The app may change or delete its file afterwards: the stored note keeps its own copy.
        try Data("changed by the app".utf8).write(to: appFile)
        try FileManager.default.removeItem(at: appFile)
        #expect(try note.textContents() == "cover bytes")
        // The pending save carries the owned file, so what is sent is what was saved.
        let batch = try store.nextPendingBatch(maxCount: 10)
        #expect(batch.saves.first?.record["text"] == .asset(note.text))
    }

    @Test func theSameImageInTwoRecordsIsStoredOnce() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let first = try folder.appFile("a.jpg", "the same image")
        let second = try folder.appFile("b.jpg", "the same image")
        try store.save(contentsOf: [
            Fixtures.note("n1", file: first),
            Fixtures.note("n2", file: second),
        ])
        #expect(folder.assetFolderContents().count == 1)
        let notes = try store.fetchAll(Note.self).models
        #expect(Set(notes.map(\.text.fileURL)).count == 1)

        // Deleting one record keeps the file the other references; deleting both removes it.
        try store.delete(Note.self, id: Fixtures.id("n1"))
        #expect(folder.assetFolderContents().count == 1)
        #expect(try store.fetch(Note.self, id: Fixtures.id("n2"))?.textContents() == "the same image")
        try store.delete(Note.self, id: Fixtures.id("n2"))
        #expect(folder.assetFolderContents().isEmpty)
    }

    @Test func aFetchedAssetIsTakenOutOfCloudKitsCache() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let cached = try folder.cachedFile("ck-asset-1", "downloaded cover")
        let server = Fixtures.note("s1", file: cached)
        var record = server.record()
        record.system.changeTag = "e1"
        let token = ServerChangeToken(data: Data("t1".utf8))
        let report = try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [record], token: token))
        #expect(report.skipped.isEmpty)

        // CloudKit purges its cache: the store's copy stays.
        try FileManager.default.removeItem(atPath: folder.folder.file("cloudkit-cache"))
        let note = try #require(try store.fetch(Note.self, id: Fixtures.id("s1")))
        #expect(try note.textContents() == "downloaded cover")
        let state = try #require(try store.storedState(of: Fixtures.id("s1")))
        #expect(state.server?["text"] == .asset(note.text), "the server copy references the owned file too")
        #expect(try store.zone(Fixtures.zone)?.token == token)
    }

    @Test func aFetchedRecordWhoseAssetIsGoneIsSkippedAndTheTokenAdvances() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let gone = URL(fileURLWithPath: folder.folder.file("cloudkit-cache/purged"))
        let kept = try folder.cachedFile("present", "present")
        let records = [
            Fixtures.note("gone", file: gone).record(),
            Fixtures.note("kept", file: kept).record(),
        ]
        let token = ServerChangeToken(data: Data("t1".utf8))
        let report = try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: records, token: token))
        #expect(report.skipped.map(\.id) == [Fixtures.id("gone")])
        #expect(report.skipped.first?.error == .asset(Fixtures.id("gone"), recordType: "Note", field: "text", .missing(path: gone.path)))
        #expect(try store.fetch(Note.self, id: Fixtures.id("gone")) == nil)
        #expect(try store.fetch(Note.self, id: Fixtures.id("kept"))?.textContents() == "present")
        #expect(try store.zone(Fixtures.zone)?.token == token)
    }

    @Test func conflictResultsAreTakenInToo() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let cached = try folder.cachedFile("conflict", "the server's cover")
        var record = Fixtures.note("c1", file: cached, modified: 2_000).record()
        record.system.changeTag = "e9"
        try store.apply(serverRecords: [record])
        try FileManager.default.removeItem(at: cached)
        #expect(try store.fetch(Note.self, id: Fixtures.id("c1"))?.textContents() == "the server's cover")
    }

    @Test func aMissingAppFileIsATypedErrorNamingTheRecordAndField() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let missing = URL(fileURLWithPath: folder.folder.file("app/never-written.jpg"))
        let good = try folder.appFile("good.jpg", "good")
        let notes = [
            Fixtures.note("good", file: good),
            Fixtures.note("bad", file: missing),
        ]
        #expect(throws: RecordStoreError.asset(Fixtures.id("bad"), recordType: "Note", field: "text", .missing(path: missing.path))) {
            try store.save(contentsOf: notes)
        }
        // One transaction: nothing of it was stored, and the copy made for the good note went with it.
        #expect(try store.fetchAll(Note.self).models.isEmpty)
        #expect(folder.assetFolderContents().isEmpty)
    }

    @Test func diskFullWhileCopyingLeavesNothingBehind() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store(writer: DiskFullWriter(limit: 3_000))
        let big = URL(fileURLWithPath: folder.folder.file("app/big.bin"))
        try Data(repeating: 0x5A, count: 10_000).write(to: big)
        let note = Fixtures.note("big", file: big)
        let thrown = #expect(throws: RecordStoreError.self) { try store.save(note) }
        let parts = Self.assetErrorParts(thrown)
        #expect(parts?.id == Fixtures.id("big") && parts?.recordType == "Note" && parts?.field == "text")
        #expect(parts?.noSpace == true, "expected noSpace, got \(String(describing: thrown))")
        #expect(try store.storedState(of: Fixtures.id("big")) == nil, "the record is not half-stored")
        #expect(try store.pendingCount() == 0)
        #expect(folder.assetFolderContents().isEmpty, "no temporary file or partial copy is left")
    }

    /// The record, type and field of an asset error, and whether it is a full disk.
    static func assetErrorParts(_ error: RecordStoreError?) -> (id: RecordID, recordType: String, field: String, noSpace: Bool)? {
        guard let error, case let .asset(id, recordType, field, fileError) = error else { return nil }
        if case .noSpace = fileError { return (id, recordType, field, true) }
        return (id, recordType, field, false)
    }

    @Test func aServerCopyKeepsItsFileUntilTheDeletionIsSent() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let cached = try folder.cachedFile("s", "on the server")
        var record = Fixtures.note("s1", file: cached).record()
        record.system.changeTag = "e1"
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [record]))
        #expect(folder.assetFolderContents().count == 1)

        // A local delete leaves a tombstone whose server copy (the merge ancestor) still references the file.
        try store.delete(Note.self, id: Fixtures.id("s1"))
        #expect(folder.assetFolderContents().count == 1)
        let batch = try store.nextPendingBatch(maxCount: 10)
        let delete = try #require(batch.deletes.first)
        try store.markSent([.deleted(delete.id, generation: delete.generation)])
        #expect(folder.assetFolderContents().isEmpty)
    }

    @Test func aReplacedAssetsOldFileGoesWhenTheServerAcceptsTheNewOne() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("n1", file: try folder.appFile("v1", "version 1")))
        var batch = try store.nextPendingBatch(maxCount: 10)
        var sent = try #require(batch.saves.first)
        var returned = sent.record
        returned.system.changeTag = "e1"
        try store.markSent([.saved(serverRecord: returned, generation: sent.generation)])
        #expect(folder.assetFolderContents().count == 1)

        try store.save(Fixtures.note("n1", file: try folder.appFile("v2", "version 2"), modified: 2_000))
        #expect(folder.assetFolderContents().count == 2, "the ancestor still references version 1")
        batch = try store.nextPendingBatch(maxCount: 10)
        sent = try #require(batch.saves.first)
        returned = sent.record
        returned.system.changeTag = "e2"
        try store.markSent([.saved(serverRecord: returned, generation: sent.generation)])
        #expect(folder.assetFolderContents().count == 1)
        #expect(try store.fetch(Note.self, id: Fixtures.id("n1"))?.textContents() == "version 2")
    }

    @Test func forgetZoneAndDeleteAllDataRemoveTheFiles() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("n1", file: try folder.appFile("a", "a")))
        var record = Fixtures.note("s1", file: try folder.cachedFile("b", "b")).record()
        record.system.changeTag = "e1"
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [record]))
        #expect(folder.assetFolderContents().count == 2)

        try store.forgetZone(Fixtures.zone, keepingLocalChanges: true)
        #expect(folder.assetFolderContents().count == 1, "the pending save keeps its file")
        try store.deleteAllData()
        #expect(folder.assetFolderContents().isEmpty)
    }

    @Test func openingRemovesWhatACrashLeftBehind() throws {
        let folder = try AssetTestFolder()
        do {
            let store = try folder.store()
            try store.save(Fixtures.note("n1", file: try folder.appFile("a", "kept")))
        }
        // A copy cut short, and a finished copy whose transaction never committed.
        try Data("partial".utf8).write(to: folder.assets.appendingPathComponent(".incoming-0A1B"))
        let orphan = String(repeating: "ab", count: 32)
        try Data("orphan".utf8).write(to: folder.assets.appendingPathComponent(orphan))
        #expect(folder.assetFolderContents().count == 3)

        let reopened = try folder.store()
        #expect(folder.assetFolderContents().count == 1)
        #expect(try reopened.fetch(Note.self, id: Fixtures.id("n1"))?.textContents() == "kept")
    }

    @Test func aCorruptRowStopsTheCollectionInsteadOfLosingItsFiles() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("n1", file: try folder.appFile("a", "a")))
        // Damage the row (its bytes still name the folder, so the collector must read it, and cannot).
        try store.database.write { db in
            try db.execute(sql: "UPDATE recordkit_records SET value = substr(value, 1, length(value) - 1)")
        }
        #expect(store.collectUnreferencedAssets().isEmpty)
        #expect(folder.assetFolderContents().count == 1)
    }

    @Test func anInMemoryStoreKeepsItsFilesInATemporaryFolderItRemoves() throws {
        let queue = try DatabaseQueue()
        var store: RecordStore? = try RecordStore(database: queue, models: [Note.self], clock: Fixtures.clock)
        let folder = try #require(store?.assetFolderURL)
        try store?.save(Fixtures.note("n1"))
        let url = try #require(try store?.fetch(Note.self, id: Fixtures.id("n1"))?.text.fileURL)
        #expect(url.deletingLastPathComponent().path == folder.path, "the store's own copy, not the app's file")
        #expect(try Data(contentsOf: url) == Data("n1".utf8))
        // A second store on the same database while the first is alive shares its folder, so it reads the file.
        var second: RecordStore? = try RecordStore(database: queue, models: [Note.self], clock: Fixtures.clock)
        #expect(second?.assetFolderURL.path == folder.path)
        store = nil
        #expect(FileManager.default.fileExists(atPath: url.path), "the second store still holds the folder")
        #expect(Fixtures.textOf(try second?.fetch(Note.self, id: Fixtures.id("n1"))?.text) == "n1")
        second = nil
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the last store on the database removed it")
    }

    @Test func twoInMemoryStoresKeepTheirFilesApart() throws {
        let (one, two) = (try Fixtures.memoryStore(), try Fixtures.memoryStore())
        #expect(one.assetFolderURL.path != two.assetFolderURL.path)
    }

    @Test func aStoreInAnAppDatabaseFileKeepsItsFilesBesideIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("app.sqlite")
        let store = try RecordStore(database: try DatabaseQueue(path: path), models: [Note.self], clock: Fixtures.clock)
        #expect(store.assetFolderURL.path == URL(fileURLWithPath: path + ".assets").standardizedFileURL.path)
        try store.save(Fixtures.note("n1"))
        let url = try #require(try store.fetch(Note.self, id: Fixtures.id("n1"))?.text.fileURL)
        #expect(url.deletingLastPathComponent().path == store.assetFolderURL.path)
    }

    @Test func aSaveOfAFileThatDoesNotExistIsRefusedNamingTheRecordAndField() throws {
        let store = try Fixtures.memoryStore()
        var note = Fixtures.note("n1")
        note.text = Asset(fileURL: URL(fileURLWithPath: "/nonexistent/n1.txt"))
        #expect(throws: RecordStoreError.asset(note.recordID, recordType: "Note", field: "text", .missing(path: "/nonexistent/n1.txt"))) {
            try store.save(note)
        }
        #expect(try store.fetch(Note.self, id: note.recordID) == nil)
    }

    @Test func aStoreWhoseContainerMovedStillOpensEveryAsset() throws {
        let original = try TemporaryFolder()
        let options = RecordStoreOptions(assetFolder: .besideStore)
        do {
            let store = try RecordStore(path: original.file("store.sqlite"), models: [Note.self], options: options, clock: Fixtures.clock)
            let file = URL(fileURLWithPath: original.file("cover.jpg"))
            try Data("the cover".utf8).write(to: file)
            try store.save(Fixtures.note("n1", file: file))
        }
        // The app's container gets a new path (an update, a restore): everything moves, the old path is gone.
        let moved = try TemporaryFolder()
        for name in try FileManager.default.contentsOfDirectory(atPath: original.path) {
            try FileManager.default.copyItem(atPath: original.file(name), toPath: moved.file(name))
        }
        try FileManager.default.removeItem(atPath: original.path)

        let store = try RecordStore(path: moved.file("store.sqlite"), models: [Note.self], options: options, clock: Fixtures.clock)
        let note = try #require(try store.fetch(Note.self, id: Fixtures.id("n1")))
        #expect(note.text.fileURL?.deletingLastPathComponent().path == store.assetFolderURL.path)
        #expect(try note.textContents() == "the cover")
        #expect(try store.nextPendingBatch().saves.first?.record["text"] == .asset(note.text), "the pending save sends the moved file")
    }

    @Test func byDefaultTheFolderIsTheDatabasePathWithAssets() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.sqlite")
        let store = try RecordStore(path: path, models: [Note.self])
        #expect(store.assetFolderURL.path == URL(fileURLWithPath: path + ".assets").standardizedFileURL.path)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path + ".assets", isDirectory: &isFolder) && isFolder.boolValue)
    }
}
