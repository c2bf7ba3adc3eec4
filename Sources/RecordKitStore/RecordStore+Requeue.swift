import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Queues every stored record of a zone to be uploaded again as new (after the user reset their encrypted
    /// data, or the app chose to upload a zone the user deleted): the server copies and the zone's token are
    /// forgotten, each stored value becomes a pending save, and pending deletes are dropped (the server no
    /// longer has those records). One transaction.
    ///
    /// - Returns: how many records are queued.
    @discardableResult
    public func requeueZone(_ zoneID: RecordZoneID) throws(RecordStoreError) -> Int {
        let zone = try RowCoding.arguments(zoneID)
        return try write { db in try requeueZone(db, zone: zone) }
    }

    /// Queues a zone's records again inside a write transaction (see ``requeueZone(_:)``).
    func requeueZone(_ db: Database, zone: StatementArguments) throws -> Int {
        let count = try requeueRecords(db, inZone: zone)
        try db.execute(sql: "DELETE FROM \(schema.zones) WHERE ownerName = ? AND zoneName = ?", arguments: zone)
        try dropRefetchNotes(db, zone: zone)
        return count
    }

    /// Forgets everything the store knows of the server (server copies, tokens, engine states) and queues every
    /// stored record to be uploaded as new; pending deletes are dropped (the account they were for is gone).
    /// One transaction. For a user who signed in to another account and keeps the data made on this device.
    ///
    /// The records of zones shared with the old account (``StoredZone/scope`` `.shared`, local copies included)
    /// are removed: they are other people's, which the account signed in next has no access to, and uploading
    /// them would copy them into its private database.
    ///
    /// - Returns: how many records are queued.
    @discardableResult
    public func requeueAll() throws(RecordStoreError) -> Int {
        try write { db in try requeueAll(db) }
    }

    /// Queues every record again inside a write transaction (see ``requeueAll()``).
    func requeueAll(_ db: Database) throws -> Int {
        let records = schema.records
        try db.execute(sql: """
            DELETE FROM \(records) WHERE EXISTS (SELECT 1 FROM \(schema.zones) z WHERE z.ownerName = \(records).ownerName
            AND z.zoneName = \(records).zoneName AND z.scope = '\(DatabaseScope.shared.rawValue)')
            """)
        let count = try requeueRecords(db, inZone: nil)
        try forgetServerState(db)
        return count
    }

    /// Drops the pending deletes and makes every stored value a pending save with no server copy, in ID order,
    /// in one zone or in all; returns how many records are queued.
    private func requeueRecords(_ db: Database, inZone zone: StatementArguments?) throws -> Int {
        let table = schema.records
        let inScope = zone == nil ? "1" : "ownerName = ? AND zoneName = ?"
        let arguments = zone ?? StatementArguments()
        try db.execute(sql: "DELETE FROM \(table) WHERE \(inScope) AND value IS NULL", arguments: arguments)
        // By rowid: the rows are taken as stored, whatever their names hold.
        let rowids = try Int64.fetchAll(
            db, sql: "SELECT rowid FROM \(table) WHERE \(inScope) ORDER BY ownerName, zoneName, recordName", arguments: arguments)
        var generation = try reserveGenerations(db, count: rowids.count)
        let update = try db.cachedStatement(sql: """
            UPDATE \(table) SET server = NULL, pending = \(PendingCode.save.rawValue), generation = ? WHERE rowid = ?
            """)
        for rowid in rowids {
            try update.execute(arguments: [generation, rowid])
            generation += 1
        }
        return rowids.count
    }

    /// Forgets every zone, the database token, every engine state, the parked records, the refetch notes and the
    /// shares.
    func forgetServerState(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(schema.zones)")
        let keys = Self.databaseTokenKeys + EngineStateKey.all.map(\.name)
        try db.execute(
            sql: "DELETE FROM \(schema.state) WHERE key IN (\(keys.map { _ in "?" }.joined(separator: ", ")))",
            arguments: StatementArguments(keys))
        try db.execute(sql: "DELETE FROM \(schema.parked)")
        try db.execute(sql: "DELETE FROM \(schema.refetch)")
        try db.execute(sql: "DELETE FROM \(schema.shares)")
    }
}
