import GRDB

extension StoreSchema {
    /// Sharing (issue 29): the shares of the zones the store syncs, one row per share, by the share's record ID. A
    /// hierarchy share names its root record (`rootRecordName`, in the share's zone); a zone share has none. The
    /// share itself is its JSON (`RecordShare`'s `Codable`), participants included. An older version ignores the
    /// table (it knows no shares), so the store schema version stays 1.
    func registerSharesMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("\(prefix)store-v1-shares") { [self] db in
            try db.execute(sql: """
                CREATE TABLE \(shares) (
                    ownerName TEXT NOT NULL,
                    zoneName TEXT NOT NULL,
                    recordName TEXT NOT NULL,
                    rootRecordName TEXT,
                    share BLOB NOT NULL,
                    PRIMARY KEY (ownerName, zoneName, recordName)
                );
                CREATE INDEX \(shares)_root ON \(shares) (ownerName, zoneName, rootRecordName);
                """)
        }
    }
}
