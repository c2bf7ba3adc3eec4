import Foundation
import GRDB
import RecordKit

/// A record with a pending save that the server refuses whatever is tried (too large for any request, say):
/// parked so that the changes behind it are sent, and retried once the app edits it again.
public struct ParkedRecord: Sendable, Hashable {
    /// The record.
    public var id: RecordID
    /// Its record type.
    public var recordType: String
    /// The generation of the edit the server refused; a later edit has another and is sent.
    public var generation: Int64
    /// Why the server refuses it, as the sync engine reported it.
    public var reason: String
}

extension RecordStore {
    /// Parks a pending change the server refuses: ``nextPendingBatch(maxCount:maxBytes:including:)`` and
    /// ``pendingItems()`` leave it out while its generation is `generation`. A later local edit (or a merge with a
    /// fetched record) makes a new generation, which is sent. The change itself stays pending and is counted by
    /// ``pendingCount()``.
    public func park(_ id: RecordID, generation: Int64, reason: String) throws(RecordStoreError) {
        let filter = try RecordIDFilter(id)
        try write { db in try park(db, filter: filter, generation: generation, reason: reason) }
    }

    /// Parks a pending change inside a write transaction (see ``park(_:generation:reason:)``).
    func park(_ db: Database, filter: RecordIDFilter, generation: Int64, reason: String) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(schema.parked) (ownerName, zoneName, recordName, generation, reason) VALUES (?, ?, ?, ?, ?)",
            arguments: filter.arguments + [generation, reason])
    }

    /// The records parked at the generation of their pending change, oldest edit first.
    public func parkedRecords() throws(RecordStoreError) -> [ParkedRecord] {
        let (records, parked) = (schema.records, schema.parked)
        return try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT r.ownerName AS ownerName, r.zoneName AS zoneName, r.recordName AS recordName,
                    r.recordType AS recordType, r.generation AS generation, p.reason AS reason
                FROM \(records) r JOIN \(parked) p
                ON p.ownerName = r.ownerName AND p.zoneName = r.zoneName AND p.recordName = r.recordName AND p.generation = r.generation
                WHERE r.pending <> 0 ORDER BY r.generation
                """)
            var result: [ParkedRecord] = []
            for row in rows {
                let stored = try StoredRow(row, table: records)
                result.append(ParkedRecord(
                    id: stored.id, recordType: try stored.recordType, generation: try stored.generation,
                    reason: try RowCoding.column(row, "reason", table: parked, id: stored.id)))
            }
            return result
        }
    }

    /// The SQL condition, on the records table aliased `r`, that its row is not parked at its generation.
    var notParked: String {
        """
        NOT EXISTS (SELECT 1 FROM \(schema.parked) p WHERE p.ownerName = r.ownerName AND p.zoneName = r.zoneName
        AND p.recordName = r.recordName AND p.generation = r.generation)
        """
    }

    /// Forgets that a record is parked: the app edited it, so it is sent again. A cached statement: a bulk save
    /// runs it once per record, and preparing it each time was a quarter of the save's CPU time.
    func unpark(_ db: Database, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: "DELETE FROM \(schema.parked) WHERE \(RecordIDFilter.sql)").execute(arguments: arguments)
    }
}
