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
        let prepared = try prepareLocalSaves(models)
        guard !prepared.rows.isEmpty else { return }
        try write(releasing: prepared.pins) { db in try saveLocalEdits(db, prepared) }
    }

    /// Local edits ready for their transaction: encoded, their assets taken into the folder, with the clock field
    /// to stamp and the time to stamp it with.
    struct PreparedLocalSaves: Sendable {
        var rows: [(id: RecordID, type: String, record: RecordKit.Record, bytes: Data)]
        /// The asset digests pinned until the transaction ends (see ``write(releasing:_:)``).
        var pins: [String]
        var stampedField: String?
        var now: Date
    }

    /// Encodes models before the write lock is taken, so the transaction only writes (and stamps). Assets
    /// (issue 26): the app's files are copied into the asset folder before the transaction.
    func prepareLocalSaves<Model: RecordModel>(_ models: some Sequence<Model>) throws(RecordStoreError) -> PreparedLocalSaves {
        let adopted = try adoptAssets(models.map { $0.record() })
        return PreparedLocalSaves(
            rows: adopted.records.map { record in
                (id: record.id, type: record.recordType, record: record, bytes: NativeArchive.encode(record))
            },
            pins: adopted.pins, stampedField: Model.mergeClock.flatMap { $0.stamp == .store ? $0.field : nil },
            now: clock.currentDate())
    }

    /// Saves prepared local edits inside a write transaction (see ``save(contentsOf:)``).
    func saveLocalEdits(_ db: Database, _ prepared: PreparedLocalSaves) throws {
        let table = schema.records
        var generation = try reserveGenerations(db, count: prepared.rows.count)
        // The upsert keeps the server copy; the WHERE refuses to turn a record into another type.
        let statement = try db.cachedStatement(sql: """
            INSERT INTO \(table) (ownerName, zoneName, recordName, recordType, value, pending, generation)
            VALUES (?, ?, ?, ?, ?, \(PendingCode.save.rawValue), ?)
            ON CONFLICT (ownerName, zoneName, recordName) DO UPDATE
            SET value = excluded.value, pending = excluded.pending, generation = excluded.generation
            WHERE recordType = excluded.recordType
            """)
        for row in prepared.rows {
            try RowCoding.checkStorable(row.id, recordType: row.type)
            var bytes = row.bytes
            if let stampedField = prepared.stampedField {
                bytes = try stamp(db, row.record, field: stampedField, now: prepared.now) ?? bytes
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
        try write { db in try deleteLocalEdits(db, recordType: Model.recordType, ids: ids) }
    }

    /// Deletes records of `recordType` as local edits inside a write transaction (see ``delete(_:ids:)``).
    func deleteLocalEdits(_ db: Database, recordType requested: String, ids: [RecordID]) throws -> Int {
        let table = schema.records
        var deleted = 0
        for id in ids {
            let filter = try RecordIDFilter(id)
            guard let row = try Row.fetchOne(
                db, sql: "SELECT recordType, server IS NOT NULL AS serverHasIt, pending FROM \(table) WHERE \(RecordIDFilter.sql)",
                arguments: filter.arguments)
            else { continue }
            let stored = StoredRow(row, table: table, id: id)
            let recordType = try stored.recordType
            guard recordType == requested else {
                throw RecordStoreError.typeMismatch(id, stored: recordType, requested: requested)
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

extension RecordStore {
    /// The record's archive with its clock field stamped (see ``save(contentsOf:)``); nil when the app's value stands.
    fileprivate func stamp(_ db: Database, _ record: RecordKit.Record, field: String, now: Date) throws -> Data? {
        var latest = now
        let serverCopy = try Data.fetchOne(
            db, sql: "SELECT server FROM \(schema.records) WHERE \(RecordIDFilter.sql)", arguments: try RecordIDFilter(record.id).arguments)
        // A server copy that cannot be read (or holds no clock) orders nothing: the other terms stand.
        if let serverCopy, let server = try? NativeArchive.decodeRecord(serverCopy),
            case let .timestamp(serverClock)? = server[field]
        {
            latest = max(latest, serverClock.addingTimeInterval(0.001))
        }
        if case let .timestamp(appClock)? = record[field], appClock >= latest { return nil }
        var stamped = record
        stamped[field] = .timestamp(latest)
        return NativeArchive.encode(stamped)
    }
}
