import Foundation
import GRDB
import GRDBSQLite
import RecordKit

extension RecordStore {
    /// Applies `policy` to a shared zone the user lost access to, in one transaction: the zone's records and
    /// pending changes go (``SharedZoneLossPolicy/deleteRecords``; the zone stays known as lost, ``StoredZone/isLost``,
    /// and a local save or delete into it throws ``RecordStoreError/lostSharedZone(_:recordType:)``), or the records stay as a local copy that is
    /// never sent (``SharedZoneLossPolicy/keepLocalCopy``). Either way the zone's token, refetch notes and parked
    /// records go, so nothing of the zone is fetched or sent until it is shared with the user again.
    ///
    /// - Returns: how many records were removed (deleteRecords) or kept (keepLocalCopy).
    @discardableResult
    public func loseSharedZone(_ zoneID: RecordZoneID, policy: SharedZoneLossPolicy) throws(RecordStoreError) -> Int {
        let zone = try RowCoding.arguments(zoneID)
        return try write { db in try loseSharedZone(db, zone: zone, policy: policy) }
    }

    /// Applies the shared-zone-loss policy inside a write transaction (see ``loseSharedZone(_:policy:)``).
    func loseSharedZone(_ db: Database, zone: StatementArguments, policy: SharedZoneLossPolicy) throws -> Int {
        let (records, zones) = (schema.records, schema.zones)
        try db.execute(sql: "DELETE FROM \(schema.parked) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
        try dropShares(db, zone: zone)
        switch policy {
        case .deleteRecords:
            try db.execute(sql: "DELETE FROM \(records) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
            let removed = db.changesCount
            // The row stays, marked lost: a later local write into the zone is refused (it is another owner's
            // zone, which no engine may send to), until the shared database lists the zone again.
            try db.execute(sql: """
                INSERT INTO \(zones) (ownerName, zoneName, token, zoneExists, scope, localCopy, lost)
                VALUES (?, ?, NULL, 0, '\(DatabaseScope.shared.rawValue)', 0, 1)
                ON CONFLICT (ownerName, zoneName) DO UPDATE
                SET token = NULL, zoneExists = 0, scope = excluded.scope, localCopy = 0, lost = 1
                """, arguments: zone)
            try dropRefetchNotes(db, zone: zone)
            return removed
        case .keepLocalCopy:
            // A pending delete is the user's: the record stays deleted. Unsent edits stay in the local values.
            try db.execute(sql: "DELETE FROM \(records) WHERE ownerName = ? AND zoneName = ? AND value IS NULL", arguments: zone)
            try db.execute(
                sql: "UPDATE \(records) SET pending = 0, generation = 0 WHERE ownerName = ? AND zoneName = ?", arguments: zone)
            let kept = db.changesCount
            try db.execute(sql: """
                INSERT INTO \(zones) (ownerName, zoneName, token, zoneExists, scope, localCopy)
                VALUES (?, ?, NULL, 0, '\(DatabaseScope.shared.rawValue)', 1)
                ON CONFLICT (ownerName, zoneName) DO UPDATE
                SET token = NULL, zoneExists = 0, scope = excluded.scope, localCopy = 1, lost = 0
                """, arguments: zone)
            try dropRefetchNotes(db, zone: zone)
            return kept
        }
    }

    /// Rolls back a change the server refused because the user may not make it (a read-only participant's write
    /// in a shared zone: `permissionFailure`), and drops it from the pending queue, so it is never sent again;
    /// one transaction. The record's server copy becomes its local value again (an edit undone, a deletion
    /// restored); a record the server never had is removed. Only the change of `generation` (the one sent) is
    /// rolled back: an edit made since stays pending.
    @discardableResult
    public func rollBackRefusedChange(_ id: RecordID, generation: Int64) throws(RecordStoreError) -> WriteRollback {
        let filter = try RecordIDFilter(id)
        return try write { db in try rollBackRefusedChange(db, id: id, filter: filter, generation: generation) }
    }

    /// Rolls back a refused change inside a write transaction (see ``rollBackRefusedChange(_:generation:)``).
    func rollBackRefusedChange(_ db: Database, id: RecordID, filter: RecordIDFilter, generation: Int64) throws -> WriteRollback {
        let table = schema.records
        let row = try Row.fetchOne(
            db, sql: "SELECT pending, generation, server IS NOT NULL AS serverHasIt FROM \(table) WHERE \(RecordIDFilter.sql)",
            arguments: filter.arguments)
        guard let row else { return .nothingPending }
        let stored = StoredRow(row, table: table, id: id)
        guard try stored.pendingCode != .none else { return .nothingPending }
        guard try stored.generation == generation else { return .keptLaterEdit }
        try unpark(db, filter.arguments)
        let serverHasIt: Bool = try RowCoding.column(row, "serverHasIt", table: table, id: id)
        if serverHasIt {
            try db.execute(
                sql: "UPDATE \(table) SET value = server, pending = 0, generation = 0 WHERE \(RecordIDFilter.sql)",
                arguments: filter.arguments)
            return .restoredServerCopy
        }
        try db.execute(sql: "DELETE FROM \(table) WHERE \(RecordIDFilter.sql)", arguments: filter.arguments)
        return .removedUnsavedRecord
    }

    /// Throws ``RecordStoreError/lostSharedZone(_:recordType:)`` for the first record whose zone is a shared zone
    /// the user lost (``SharedZoneLossPolicy/deleteRecords``): the zone is another owner's, so a write into it would
    /// otherwise count as a private zone's and be sent to the user's own database. Each zone is read once.
    func refuseWritesIntoLostZones(_ db: Database, _ records: some Sequence<(id: RecordID, recordType: String)>) throws {
        var lostByZone: [RecordZoneID: Bool] = [:]
        for (id, recordType) in records {
            let zoneID = id.zoneID
            let lost: Bool
            if let known = lostByZone[zoneID] {
                lost = known
            } else {
                // From the connection's cache (preparing it on every save took about 40% of the transaction body of
                // a one-record save), bound and stepped through SQLite's C API (GRDB's arguments and cursor cost
                // more than the read).
                try RowCoding.checkStorable(zoneID)
                let read = RawStatementBinding(
                    unchecked: try db.cachedStatement(sql: localWrites.lostZone))
                read.bind(zoneID.ownerName, at: 1)
                read.bind(zoneID.zoneName, at: 2)
                lost = try read.firstRow(db) { sqlite3_column_int64($0, 0) != 0 } ?? false
                lostByZone[zoneID] = lost
            }
            if lost { throw RecordStoreError.lostSharedZone(id, recordType: recordType) }
        }
    }
}
