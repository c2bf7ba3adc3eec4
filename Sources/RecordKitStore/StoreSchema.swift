import GRDB
import RecordKit

/// The store's tables, named with its prefix, and the migrations that create them.
///
/// Tables: `<prefix>records` (one row per record: ID, type, local value, last server record, pending change and
/// its generation; a pending delete is a row whose value is NULL), `<prefix>zones` (change token, whether the
/// zone exists, the database it is in, and whether it is a lost shared zone kept as a local copy, per zone), `<prefix>state` (store schema version, generation counter, database token,
/// engine state), `<prefix>parked` (records the server refuses, parked at the generation refused),
/// `<prefix>refetch` (during a zone's fetch from no token, the records with a server copy it has not listed yet) and
/// `<prefix>asset_record_refs` (the asset files each row references, see `AssetReferences`; `<prefix>asset_refs`,
/// one row per slot, is what versions before it kept) and `<prefix>shares` (the zones' shares, see
/// `StoreSchema+Shares.swift`).
struct StoreSchema: Sendable {
    /// The store schema version this code writes and reads. A store with a larger one is refused.
    static let version = 1

    let prefix: String
    var records: String { prefix + "records" }
    var zones: String { prefix + "zones" }
    var state: String { prefix + "state" }
    var parked: String { prefix + "parked" }
    var refetch: String { prefix + "refetch" }
    /// One row per (record, digest) with the slots that reference the file (see `AssetReferences`).
    var assetRefs: String { prefix + "asset_record_refs" }
    /// One row per (record, slot, digest): the bookkeeping of versions before `assetRefs`, kept empty (an older
    /// version that opens the store refills it; see `AssetReferences.fill`).
    var legacyAssetRefs: String { prefix + "asset_refs" }
    var shares: String { prefix + "shares" }

    /// Checks the prefix is a plain identifier, so it can be spliced into SQL.
    init(prefix: String) throws(RecordStoreError) {
        let allowed = prefix.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
        guard allowed, let first = prefix.utf8.first, !(first >= 0x30 && first <= 0x39) else {
            throw .invalidTablePrefix(prefix)
        }
        self.prefix = prefix
    }

    /// Refuses a store written by a newer schema, then runs the migrations this version knows.
    func prepare(_ writer: any DatabaseWriter) throws(RecordStoreError) {
        do {
            try writer.write { db in
                if try db.tableExists(state), let found = try Int.fetchOne(db, sql: "SELECT value FROM \(state) WHERE key = 'schemaVersion'"),
                    found > Self.version
                {
                    throw RecordStoreError.newerStoreSchema(found: found, supported: Self.version)
                }
            }
            try migrator.migrate(writer)
        } catch {
            throw RecordStoreError(error)
        }
    }

    /// The store's own migrations, named with the prefix so they never collide with the app's.
    private var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("\(prefix)store-v1") { [self] db in
            try db.execute(sql: """
                CREATE TABLE \(records) (
                    ownerName TEXT NOT NULL,
                    zoneName TEXT NOT NULL,
                    recordName TEXT NOT NULL,
                    recordType TEXT NOT NULL,
                    value BLOB,
                    server BLOB,
                    pending INTEGER NOT NULL DEFAULT 0,
                    generation INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (ownerName, zoneName, recordName)
                );
                CREATE INDEX \(records)_type ON \(records) (recordType);
                CREATE INDEX \(records)_pending ON \(records) (generation) WHERE pending <> 0;
                CREATE TABLE \(zones) (
                    ownerName TEXT NOT NULL,
                    zoneName TEXT NOT NULL,
                    token BLOB,
                    zoneExists INTEGER NOT NULL DEFAULT 1,
                    PRIMARY KEY (ownerName, zoneName)
                );
                CREATE TABLE \(state) (key TEXT NOT NULL PRIMARY KEY, value);
                INSERT INTO \(state) (key, value) VALUES ('schemaVersion', 1), ('generation', 0);
                """)
        }
        // Two tables only: a store that an older version opens still reads and syncs (it only retries parked
        // records, and reconciles no refetch), so the store schema version stays 1.
        migrator.registerMigration("\(prefix)store-v1-parked-refetch") { [self] db in
            try db.execute(sql: """
                CREATE TABLE \(parked) (
                    ownerName TEXT NOT NULL,
                    zoneName TEXT NOT NULL,
                    recordName TEXT NOT NULL,
                    generation INTEGER NOT NULL,
                    reason TEXT NOT NULL,
                    PRIMARY KEY (ownerName, zoneName, recordName)
                );
                CREATE TABLE \(refetch) (
                    ownerName TEXT NOT NULL,
                    zoneName TEXT NOT NULL,
                    recordName TEXT NOT NULL,
                    PRIMARY KEY (ownerName, zoneName, recordName)
                );
                """)
        }
        // Each engine keeps its own state: the slot both shared goes to the engine that wrote it. SyncEngine's
        // state starts with its magic "RKSE" (RecordKitSync's EngineState); anything else is CKSyncEngine's
        // serialization. An older version then finds no state and starts its engine afresh (a full fetch that
        // merges what the store has); the tokens are kept.
        migrator.registerMigration("\(prefix)store-v1-engine-state-keys") { [self] db in
            try db.execute(sql: """
                UPDATE \(state)
                SET key = CASE WHEN substr(CAST(value AS BLOB), 1, 4) = CAST('RKSE' AS BLOB) THEN ? ELSE ? END
                WHERE key = ?
                """, arguments: [EngineStateKey.syncEngine.name, EngineStateKey.ckSyncEngine.name, EngineStateKey.shared.name])
        }
        // Assets (issue 26): which rows reference which asset files (see AssetReferences). An older version
        // ignores the table; the store refills it at open when it was not kept (the state key is gone).
        migrator.registerMigration("\(prefix)store-v1-asset-refs") { [self] db in
            try db.execute(sql: """
                CREATE TABLE \(legacyAssetRefs) (
                    digest TEXT NOT NULL,
                    ownerName TEXT NOT NULL,
                    zoneName TEXT NOT NULL,
                    recordName TEXT NOT NULL,
                    slot INTEGER NOT NULL,
                    PRIMARY KEY (ownerName, zoneName, recordName, slot, digest)
                ) WITHOUT ROWID;
                CREATE INDEX \(legacyAssetRefs)_digest ON \(legacyAssetRefs) (digest);
                """)
        }
        // Sharing (issue 29): the database each zone is in (a zone the store has no row for, or a row from before
        // this migration, is private) and whether a shared zone that was lost is kept as a local, unsynced copy.
        // An older version ignores both columns (it would send a shared zone's pending changes to the private
        // database, as it syncs one database only), so the store schema version stays 1.
        migrator.registerMigration("\(prefix)store-v1-zone-scope") { [self] db in
            try db.execute(sql: """
                ALTER TABLE \(zones) ADD COLUMN scope TEXT NOT NULL DEFAULT '\(DatabaseScope.private.rawValue)';
                ALTER TABLE \(zones) ADD COLUMN localCopy INTEGER NOT NULL DEFAULT 0;
                """)
        }
        // A shared zone lost with its records deleted keeps its row, marked lost, so that a local write into it is
        // refused rather than taken for a private zone's (which the private engine would send to the user's own
        // database). An older version ignores the column and sees a shared zone that does not exist.
        migrator.registerMigration("\(prefix)store-v1-lost-shared-zone") { [self] db in
            try db.execute(sql: "ALTER TABLE \(zones) ADD COLUMN lost INTEGER NOT NULL DEFAULT 0")
        }
        registerSharesMigration(&migrator)
        registerAssetRecordRefsMigration(&migrator)
        return migrator
    }
}
