import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// The bookkeeping of asset references: kept in the transaction of each write, so the collection after a write
/// looks only at the files that write released, and filled from the rows of a store that predates it.
@Suite struct AssetReferenceTests {
    @Test func aWriteCollectsOnlyTheFilesItReleased() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("n1", file: try folder.appFile("a", "a")))
        // A file nothing references, put there behind the store's back: a write that did not release it leaves it.
        let stray = String(repeating: "cd", count: 32)
        try Data("stray".utf8).write(to: folder.assets.appendingPathComponent(stray))
        try store.save(Fixtures.note("n2", file: try folder.appFile("b", "b")))
        try store.delete(Note.self, id: Fixtures.id("n2"))
        #expect(folder.assetFolderContents().count == 2, "n1's file and the stray one; n2's file went with n2")
        #expect(folder.assetFolderContents().contains(stray))
        // The full collection (as at open) finds it.
        #expect(store.collectUnreferencedAssets() == [stray])
        #expect(try store.fetch(Note.self, id: Fixtures.id("n1"))?.textContents() == "a")
    }

    @Test func theBookkeepingFollowsEveryWriteOfARow() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("n1", file: try folder.appFile("a", "shared")))
        try store.save(Fixtures.note("n2", file: try folder.appFile("b", "shared")))
        #expect(try references(store) == [["n1", "0"], ["n2", "0"]])
        // n1 moves to another file: its old reference goes, n2's stays, and so does the shared file.
        try store.save(Fixtures.note("n1", file: try folder.appFile("c", "own"), modified: 2_000))
        #expect(try references(store).count == 2)
        #expect(folder.assetFolderContents().count == 2)
        try store.delete(Note.self, id: Fixtures.id("n2"))
        #expect(try references(store) == [["n1", "0"]])
        #expect(folder.assetFolderContents().count == 1)
        #expect(try store.fetch(Note.self, id: Fixtures.id("n1"))?.textContents() == "own")
    }

    /// A local delete of a record the server has empties the row's value: the value's reference goes and the server
    /// copy's stays, though the new value names no file (the update trigger skips its statements only when neither
    /// the new value names the folder nor the record has references).
    @Test func aLocalDeleteReleasesTheValuesReferenceAndKeepsTheServerCopys() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("n1", file: try folder.appFile("a", "a")))
        let sent = try #require(try store.nextPendingBatch().saves.first)
        var accepted = sent.record
        accepted.system.changeTag = "e1"
        try store.markSent([.saved(serverRecord: accepted, generation: sent.generation)])
        #expect(try references(store) == [["n1", "0"], ["n1", "1"]])
        try store.delete(Note.self, id: Fixtures.id("n1"))
        #expect(try references(store) == [["n1", "1"]])
        #expect(folder.assetFolderContents().count == 1, "the server copy keeps the file until the deletion is sent")
    }

    /// An update that makes a row with no references name a file of the folder adds the file's reference (the update
    /// trigger's other test: the new value names the folder).
    @Test func anUpdateThatFirstNamesAFileAddsItsReference() throws {
        let folder = try AssetTestFolder()
        let store = try folder.store()
        try store.save(Fixtures.note("n1", file: try folder.appFile("a", "a")))
        // The row as a record without assets leaves it: no references.
        try store.database.write { db in try db.execute(sql: "DELETE FROM recordkit_asset_record_refs") }
        try store.save(Fixtures.note("n1", file: try folder.appFile("b", "b"), modified: 2_000))
        #expect(try references(store) == [["n1", "0"]])
    }

    @Test func aStoreFromBeforeTheBookkeepingIsFilledAtOpenAndKeepsItsFiles() throws {
        let folder = try AssetTestFolder()
        do {
            let store = try folder.store()
            try store.save(Fixtures.note("n1", file: try folder.appFile("a", "kept")))
            // Back to the store as the version before the bookkeeping left it.
            try store.database.write { db in
                try db.execute(sql: """
                    DROP TABLE recordkit_asset_refs;
                    DROP TABLE recordkit_asset_record_refs;
                    DELETE FROM grdb_migrations WHERE identifier IN ('recordkit_store-v1-asset-refs', 'recordkit_store-v1-asset-refs-per-record');
                    DELETE FROM recordkit_state WHERE key IN ('assetRefsFolder', 'assetRecordRefsFolder');
                    """)
            }
        }
        let reopened = try folder.store()
        #expect(folder.assetFolderContents().count == 1, "the sweep at open keeps the file the filled table names")
        #expect(try reopened.fetch(Note.self, id: Fixtures.id("n1"))?.textContents() == "kept")
        #expect(try references(reopened) == [["n1", "0"]])
        try reopened.delete(Note.self, id: Fixtures.id("n1"))
        #expect(folder.assetFolderContents().isEmpty)
    }

    @Test func aStoreOpenedWithoutItsFolderIsRefilledWhenTheFolderComesBack() throws {
        let folder = try AssetTestFolder()
        do {
            let store = try folder.store()
            try store.save(Fixtures.note("n1", file: try folder.appFile("a", "a")))
        }
        do {
            // Without the folder, writes are not noted: this one drops n1's reference behind the bookkeeping.
            let queue = try DatabaseQueue(path: folder.path + "/store.sqlite")
            let plain = try RecordStore(database: queue, models: [Note.self], clock: Fixtures.clock)
            try plain.database.write { db in try db.execute(sql: "DELETE FROM recordkit_asset_record_refs") }
        }
        let reopened = try folder.store()
        #expect(try references(reopened) == [["n1", "0"]])
        #expect(try reopened.fetch(Note.self, id: Fixtures.id("n1"))?.textContents() == "a")
    }

    /// The (record name, slot) pairs of the bookkeeping (0 the value, 1 the server copy: a row's `slots` bits), sorted.
    private func references(_ store: RecordStore) throws -> [[String]] {
        try store.database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT recordName, s.slot FROM recordkit_asset_record_refs, (SELECT 0 AS slot UNION ALL SELECT 1) s
                WHERE slots & (1 << s.slot) ORDER BY recordName, s.slot
                """)
                .map { [$0[0] as String, String($0[1] as Int)] }
        }
    }
}
