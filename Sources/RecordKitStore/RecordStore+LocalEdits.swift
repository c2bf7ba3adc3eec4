import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Saves a model as a local edit: its record (with the unknown fields it kept) and a pending save commit in
    /// one transaction. A pending save or delete of the same record is replaced by this save.
    public func save<Model: RecordModel>(_ model: Model) throws(RecordStoreError) {
        try save(contentsOf: CollectionOfOne(model))
    }

    /// Saves models as local edits, all in one transaction.
    ///
    /// A model with a last-writer-wins clock stamped by the store (`MergeClock.Stamp.store`, the
    /// schema's default) is saved with its clock field set to the latest of the app's value, the store's clock
    /// (``RecordStoreClock``) and the clock of the last server copy plus one millisecond: an edit is never older
    /// than the server record it edits, so a device with a slow clock, or an app that forgets to set the
    /// field, still wins with a later edit. With `MergeClock.Stamp.app` the app's value is kept.
    public func save<Model: RecordModel>(contentsOf models: some Sequence<Model>) throws(RecordStoreError) {
        // Encode before taking the write lock, so the transaction only writes (and stamps).
        // Assets (issue 26): the app's files are copied into the asset folder before the transaction.
        let adopted = try adoptAssets(models.map { $0.record() })
        let rows = adopted.records.map { record in
            (id: record.id, type: record.recordType, record: record, bytes: NativeArchive.encode(record))
        }
        guard !rows.isEmpty else { return }
        let table = schema.records
        let stampedField = Model.mergeClock.flatMap { $0.stamp == .store ? $0.field : nil }
        let now = clock.currentDate()
        try write(releasing: adopted.pins) { db in
            var generation = try reserveGenerations(db, count: rows.count)
            // The upsert keeps the server copy; the WHERE refuses to turn a record into another type.
            let statement = try db.cachedStatement(sql: """
                INSERT INTO \(table) (ownerName, zoneName, recordName, recordType, value, pending, generation)
                VALUES (?, ?, ?, ?, ?, \(PendingCode.save.rawValue), ?)
                ON CONFLICT (ownerName, zoneName, recordName) DO UPDATE
                SET value = excluded.value, pending = excluded.pending, generation = excluded.generation
                WHERE recordType = excluded.recordType
                """)
            for row in rows {
                try RowCoding.checkStorable(row.id, recordType: row.type)
                var (record, bytes) = (row.record, row.bytes)
                let hasAssets = RecordAssetFields.hasAssets(record)
                let server = hasAssets || stampedField != nil ? try serverCopy(db, of: row.id) : nil
                if hasAssets, let server {
                    // Assets (issue 26): an unchanged asset is the server's, as the server returned it.
                    let kept = RecordAssetFields.keepingServerAssets(of: record, server: server)
                    if kept != record { (record, bytes) = (kept, NativeArchive.encode(kept)) }
                }
                if let stampedField {
                    bytes = stamp(record, server: server, field: stampedField, now: now) ?? bytes
                }
                try statement.execute(arguments: [
                    row.id.zoneID.ownerName, row.id.zoneID.zoneName, row.id.recordName, row.type, bytes, generation,
                ])
                if db.changesCount == 0 {
                    let stored = try Row.fetchOne(
                        db, sql: "SELECT recordType FROM \(table) WHERE \(RecordIDFilter.sql)", arguments: try RecordIDFilter(row.id).arguments)
                    let storedType = try stored.map { (stored: Row) throws(RecordStoreError) in try StoredRow(stored, table: table, id: row.id).recordType }
                    throw RecordStoreError.typeMismatch(row.id, stored: storedType ?? "?", requested: row.type)
                }
                try unpark(db, try RowCoding.arguments(row.id))
                generation += 1
            }
        }
    }

    /// Deletes a record as a local edit, with its pending delete, in one transaction. A record the server never
    /// saw is removed outright (nothing to send); otherwise a tombstone stays until the delete is sent.
    ///
    /// - Returns: whether there was a record to delete.
    @discardableResult
    public func delete<Model: RecordModel>(_ type: Model.Type, id: RecordID) throws(RecordStoreError) -> Bool {
        try delete(type, ids: [id]) > 0
    }

    /// Deletes records as local edits, all in one transaction. Returns how many there were to delete.
    @discardableResult
    public func delete<Model: RecordModel>(_ type: Model.Type, ids: [RecordID]) throws(RecordStoreError) -> Int {
        let table = schema.records
        return try write { db in
            var deleted = 0
            for id in ids {
                let filter = try RecordIDFilter(id)
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT recordType, server IS NOT NULL AS serverHasIt, pending FROM \(table) WHERE \(RecordIDFilter.sql)",
                    arguments: filter.arguments)
                else { continue }
                let stored = StoredRow(row, table: table, id: id)
                let recordType = try stored.recordType
                guard recordType == Model.recordType else {
                    throw RecordStoreError.typeMismatch(id, stored: recordType, requested: Model.recordType)
                }
                let serverHasIt: Bool = try RowCoding.column(row, "serverHasIt", table: table, id: id)
                try unpark(db, filter.arguments)
                if try stored.pendingCode == .delete { continue }
                if serverHasIt {
                    let generation = try reserveGenerations(db, count: 1)
                    try db.execute(
                        sql: "UPDATE \(table) SET value = NULL, pending = \(PendingCode.delete.rawValue), generation = ? WHERE \(RecordIDFilter.sql)",
                        arguments: [generation] + filter.arguments)
                } else {
                    try db.execute(sql: "DELETE FROM \(table) WHERE \(RecordIDFilter.sql)", arguments: filter.arguments)
                }
                deleted += 1
            }
            return deleted
        }
    }
}

extension RecordStore {
    /// The record's last server copy; nil when there is none or it cannot be read (then it orders and keeps nothing).
    fileprivate func serverCopy(_ db: Database, of id: RecordID) throws -> RecordKit.Record? {
        let bytes = try Data.fetchOne(
            db, sql: "SELECT server FROM \(schema.records) WHERE \(RecordIDFilter.sql)", arguments: try RecordIDFilter(id).arguments)
        return bytes.flatMap { try? NativeArchive.decodeRecord($0) }
    }

    /// The record's archive with its clock field stamped (see ``save(contentsOf:)``); nil when the app's value stands.
    fileprivate func stamp(_ record: RecordKit.Record, server: RecordKit.Record?, field: String, now: Date) -> Data? {
        var latest = now
        // A server copy that cannot be read (or holds no clock) orders nothing: the other terms stand.
        if case let .timestamp(serverClock)? = server?[field] {
            latest = max(latest, serverClock.addingTimeInterval(0.001))
        }
        if case let .timestamp(appClock)? = record[field], appClock >= latest { return nil }
        var stamped = record
        stamped[field] = .timestamp(latest)
        return NativeArchive.encode(stamped)
    }
}
