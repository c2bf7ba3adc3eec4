import Foundation
import GRDB
import RecordKit
@testable import RecordKitStore
import Testing

/// The asset references went from one row per slot (`asset_refs`) to one row per record and file
/// (`asset_record_refs`, issue 25): a store written before is converted, and a store an older version wrote to
/// since (its table per slot refilled, its state key back) has this version's table refilled at open.
@Suite struct AssetRecordRefsMigrationTests {
    /// The rows of the table per record, as `recordName/digest/slots`, sorted.
    private func rows(_ store: RecordStore) throws -> [String] {
        try store.database.read { db in
            try String.fetchAll(db, sql: """
                SELECT recordName || '/' || digest || '/' || slots FROM recordkit_asset_record_refs ORDER BY recordName, digest
                """)
        }
    }

    /// The state keys of the two tables present.
    private func stateKeys(_ store: RecordStore) throws -> Set<String> {
        try store.database.read { db in
            Set(try String.fetchAll(db, sql: "SELECT key FROM recordkit_state WHERE key IN ('assetRefsFolder', 'assetRecordRefsFolder')"))
        }
    }

    @Test func referencesPerSlotAreConvertedToOneRowPerRecordAndFile() throws {
        let folder = try AssetTestFolder()
        let digest = SHA256Digest.hex(of: Data("kept".utf8))
        // A reference a refill would not find (no row names this digest): only a conversion keeps it.
        let other = String(repeating: "ab", count: 32)
        do {
            let store = try folder.store()
            try store.save(Fixtures.note("n1", file: try folder.appFile("a", "kept")))
            // Back to the store as the version before this table left it: references per slot, under its key.
            try store.database.write { db in
                try db.execute(sql: """
                    DROP TABLE recordkit_asset_record_refs;
                    DELETE FROM grdb_migrations WHERE identifier = 'recordkit_store-v1-asset-refs-per-record';
                    UPDATE recordkit_state SET key = 'assetRefsFolder' WHERE key = 'assetRecordRefsFolder';
                    INSERT INTO recordkit_asset_refs (digest, ownerName, zoneName, recordName, slot) VALUES
                        ('\(digest)', '\(RecordZoneID.defaultOwnerName)', 'note-zone', 'n1', 0),
                        ('\(other)', '\(RecordZoneID.defaultOwnerName)', 'note-zone', 'n2', 0),
                        ('\(other)', '\(RecordZoneID.defaultOwnerName)', 'note-zone', 'n2', 1);
                    """)
            }
        }
        let reopened = try folder.store()
        #expect(try rows(reopened) == ["n1/\(digest)/1", "n2/\(other)/3"])
        #expect(try stateKeys(reopened) == ["assetRecordRefsFolder"], "the old key goes with the old rows")
        let legacyRows = try reopened.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recordkit_asset_refs") }
        #expect(legacyRows == 0)
        // The converted rows keep the file, and follow the next writes.
        #expect(folder.assetFolderContents() == [digest])
        try reopened.delete(Note.self, id: Fixtures.id("n1"))
        #expect(try rows(reopened) == ["n2/\(other)/3"])
        #expect(folder.assetFolderContents().isEmpty)
    }

    @Test func aStoreAnOlderVersionWroteToHasItsReferencesRefilledAtOpen() throws {
        let folder = try AssetTestFolder()
        let digest = SHA256Digest.hex(of: Data("kept".utf8))
        do {
            let store = try folder.store()
            try store.save(Fixtures.note("n1", file: try folder.appFile("a", "kept")))
            // An older version opened the store: it refilled its table per slot and noted its key; its writes did
            // not touch this version's table (here: as if it had lost n1's row).
            try store.database.write { db in
                try db.execute(sql: """
                    DELETE FROM recordkit_asset_record_refs;
                    INSERT INTO recordkit_asset_refs (digest, ownerName, zoneName, recordName, slot)
                        VALUES ('\(digest)', '\(RecordZoneID.defaultOwnerName)', 'note-zone', 'n1', 0);
                    INSERT INTO recordkit_state (key, value) VALUES ('assetRefsFolder', 'a folder');
                    """)
            }
        }
        let reopened = try folder.store()
        #expect(try rows(reopened) == ["n1/\(digest)/1"])
        #expect(folder.assetFolderContents() == [digest], "the refilled table keeps the file")
        #expect(try stateKeys(reopened) == ["assetRecordRefsFolder"])
        let legacyRows = try reopened.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recordkit_asset_refs") }
        #expect(legacyRows == 0, "emptied, so that an older version refills it when it opens the store again")
    }
}
