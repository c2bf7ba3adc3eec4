import GRDB

extension StoreSchema {
    /// Asset references per record (issue 25, initial sync speed): one row per (record, digest) whose `slots` says
    /// which of the row's archives reference the file (``AssetReferences/valueSlot``, ``AssetReferences/serverSlot``),
    /// instead of one row per slot. A fetched record (its value and server copy the same archive) writes one row,
    /// not two, into a table and its digest index.
    ///
    /// The rows of the table per slot are converted, and that table is emptied with its state key removed: an
    /// older version that opens the store finds its table stale and refills it from the records, and this version
    /// refills its own when it finds that key again (``AssetReferences/fill(_:folderPath:force:)``). So the store
    /// schema version stays 1.
    func registerAssetRecordRefsMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("\(prefix)store-v1-asset-refs-per-record") { [self] db in
            try db.execute(sql: """
                CREATE TABLE \(assetRefs) (
                    digest TEXT NOT NULL,
                    ownerName TEXT NOT NULL,
                    zoneName TEXT NOT NULL,
                    recordName TEXT NOT NULL,
                    slots INTEGER NOT NULL,
                    PRIMARY KEY (ownerName, zoneName, recordName, digest)
                ) WITHOUT ROWID;
                CREATE INDEX \(assetRefs)_digest ON \(assetRefs) (digest);
                INSERT INTO \(assetRefs) (digest, ownerName, zoneName, recordName, slots)
                    SELECT digest, ownerName, zoneName, recordName, SUM(DISTINCT 1 << slot) FROM \(legacyAssetRefs)
                    GROUP BY ownerName, zoneName, recordName, digest;
                DELETE FROM \(legacyAssetRefs);
                UPDATE \(state) SET key = '\(AssetReferences.stateKey)' WHERE key = '\(AssetReferences.legacyStateKey)';
                """)
        }
    }
}
