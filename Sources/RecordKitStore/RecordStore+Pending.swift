import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// The next pending changes to send, oldest edit first: at most `maxCount` of them, and records adding up to
    /// at most `maxBytes` of archive (CloudKit takes about 400 items and 2 MB per request). The first change is
    /// always included, however large; if the server refuses it for good, ``park(_:generation:reason:)`` sets it
    /// aside until the app edits it again, so a big record cannot block the queue.
    ///
    /// A save whose asset file is missing or unreadable is not sent but reported in ``PendingBatch/unreadable``
    /// (``RecordStoreError/asset(_:recordType:field:_:)``), and the rest of the batch goes.
    ///
    /// Each save carries the local value with the system fields of the last server record, so the server sees
    /// the change tag it expects (no change tag when the store has no server copy), except the parent, which is
    /// the local value's (the app may set it); and the keys that differ from that record
    /// (``PendingSave/changedKeys``). Nothing is cleared: call ``markSent(_:)`` with what the server accepted.
    ///
    /// - Parameters:
    ///   - maxCount: the most saves and deletes in the batch.
    ///   - maxBytes: the most bytes of record archives in the batch (the first change counts whatever its size).
    ///   - including: which records may go in the batch (a send limited to some zones, records already tried in
    ///     this send); the others are skipped, not counted.
    public func nextPendingBatch(
        maxCount: Int = 400, maxBytes: Int = 1_500_000, including: (RecordID) -> Bool = { _ in true }
    ) throws(RecordStoreError) -> PendingBatch {
        try read { db in try pendingBatch(db, scope: nil, maxCount: maxCount, maxBytes: maxBytes, including: including) }
    }

    /// The next pending changes to send to one database: those of the zones the store holds as in `scope`
    /// (``StoredZone/scope``; a zone it has no row for is private), so the engine of the private database never
    /// sends a shared zone's record, nor the reverse. Otherwise as ``nextPendingBatch(maxCount:maxBytes:including:)``.
    public func nextPendingBatch(
        for scope: DatabaseScope, maxCount: Int = 400, maxBytes: Int = 1_500_000, including: (RecordID) -> Bool = { _ in true }
    ) throws(RecordStoreError) -> PendingBatch {
        try read { db in try pendingBatch(db, scope: scope, maxCount: maxCount, maxBytes: maxBytes, including: including) }
    }

    /// The next pending changes to send to the database of `scope` (nil: any), read in `db` (see
    /// ``nextPendingBatch(maxCount:maxBytes:including:)``). A zone kept as a local copy sends nothing.
    func pendingBatch(
        _ db: Database, scope: DatabaseScope?, maxCount: Int, maxBytes: Int, including: (RecordID) -> Bool
    ) throws -> PendingBatch {
        let table = schema.records
        var batch = PendingBatch(saves: [], deletes: [], unreadable: [])
        var bytes = 0
        let statement = try db.makeStatement(sql: """
            SELECT ownerName, zoneName, recordName, recordType, pending, generation, value, server, length(value) AS valueSize
            FROM \(table) r WHERE pending <> 0 AND \(notParked) AND \(sendsTo(scope)) ORDER BY generation
            """)
        let layout = StoredRow.Layout(statement)
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next(), batch.saves.count + batch.deletes.count < maxCount {
            do throws(RecordStoreError) {
                let stored = try StoredRow(row, table: table, layout: layout)
                let id = stored.id
                guard including(id) else { continue }
                let recordType = try stored.recordType
                let generation = try stored.generation
                if try stored.pendingCode == .delete {
                    batch.deletes.append(PendingDelete(id: id, recordType: recordType, generation: generation))
                    continue
                }
                let size = try stored.column(.valueSize, as: Int?.self) ?? 0
                if bytes + size > maxBytes && !(batch.saves.isEmpty && batch.deletes.isEmpty) { break }
                guard var record = try stored.localRecord() else { continue }
                var changedKeys: [String]?
                if let server = try stored.serverRecord() {
                    // The server copy's system fields (its change tag), but the parent the app set locally.
                    let parent = record.system.parent
                    record.system = server.system
                    record.system.parent = parent
                    changedKeys = record.keysChanged(since: server)
                } else {
                    // No server copy (never sent, deleted on the server, or its zone forgotten): send it as new,
                    // not with a change tag the local value kept from an older server record.
                    record.system.changeTag = nil
                }
                try checkAssetFiles(of: record)  // Assets (issue 26): a missing file is reported, not sent.
                batch.saves.append(PendingSave(record: record, generation: generation, changedKeys: changedKeys))
                bytes += size
            } catch {
                batch.unreadable.append(error)
            }
        }
        return batch
    }
}

extension RecordKit.Record {
    /// The keys whose value differs from `server`'s: the record's changed keys in byte order, then the keys only
    /// `server` has. A key moved between the plain and the encrypted fields counts as changed.
    func keysChanged(since server: RecordKit.Record) -> [String] {
        // An asset naming the file the server copy's names is unchanged (see `FieldValue.holdsTheSameValue(as:)`).
        let changed = allKeys.filter { key in
            if let value = fields[key] { return !value.holdsTheSameValue(as: server.fields[key]) }
            if let value = encryptedFields[key] { return !value.holdsTheSameValue(as: server.encryptedFields[key]) }
            return false
        }
        return changed + server.allKeys.filter { self[$0] == nil }
    }
}

/// A record with a pending change, without its value.
public struct PendingItem: Sendable, Hashable {
    /// The record.
    public var id: RecordID
    /// Its record type.
    public var recordType: String
    /// The change waiting to be sent.
    public var change: PendingChange
}

extension RecordStore {
    /// Every record with a pending change that is not parked, oldest edit first, without reading the values: what a sync engine
    /// that tracks pending changes itself (CKSyncEngine) is told at start. A row whose columns are damaged is
    /// left out here; ``nextPendingBatch(maxCount:maxBytes:including:)`` reports it.
    public func pendingItems() throws(RecordStoreError) -> [PendingItem] {
        try read { db in try pendingItems(db, scope: nil) }
    }

    /// The pending queue of one database: the records of the zones the store holds as in `scope` (see
    /// ``nextPendingBatch(for:maxCount:maxBytes:including:)``), for the CKSyncEngine of that database.
    public func pendingItems(for scope: DatabaseScope) throws(RecordStoreError) -> [PendingItem] {
        try read { db in try pendingItems(db, scope: scope) }
    }

    /// The pending queue of the database of `scope` (nil: any), read in `db` (see ``pendingItems()``). A zone kept
    /// as a local copy sends nothing.
    func pendingItems(_ db: Database, scope: DatabaseScope?) throws -> [PendingItem] {
        let table = schema.records
        let statement = try db.makeStatement(sql: """
            SELECT ownerName, zoneName, recordName, recordType, pending, generation FROM \(table) r
            WHERE pending <> 0 AND \(notParked) AND \(sendsTo(scope)) ORDER BY generation
            """)
        let layout = StoredRow.Layout(statement)
        let rows = try Row.fetchCursor(statement)
        var items: [PendingItem] = []
        while let row = try rows.next() {
            do throws(RecordStoreError) {
                let stored = try StoredRow(row, table: table, layout: layout)
                guard let change = try stored.pendingChange() else { continue }
                items.append(PendingItem(id: stored.id, recordType: try stored.recordType, change: change))
            } catch {
                _ = error  // Reported by nextPendingBatch, which reads the same rows.
            }
        }
        return items
    }
}
