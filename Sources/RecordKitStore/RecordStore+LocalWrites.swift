import Foundation
import GRDB
import GRDBSQLite
import RecordKit

/// A local save ready for its transaction: the record (its assets taken into the asset folder), its archive, the
/// clock field the store stamps on it, and the model type that made it.
struct LocalSave: Sendable {
    /// A model's record as the app saves it, before its assets are taken in.
    struct Request {
        let record: RecordKit.Record
        /// The model's last-writer-wins clock field when the store stamps it; nil when the app's value stands.
        let stampedField: String?
        /// The model type whose `record()` made `record`.
        let madeBy: ObjectIdentifier

        init<Model: RecordModel>(_ model: Model) {
            record = model.record()
            stampedField = Model.mergeClock.flatMap { $0.stamp == .store ? $0.field : nil }
            madeBy = ObjectIdentifier(Model.self)
        }
    }

    let record: RecordKit.Record
    let bytes: Data
    let stampedField: String?
    /// The model type whose `record()` made the record. Taking its assets in, keeping the server's assets and
    /// stamping its clock change values of its fields, each to one of the field's kind that the model decodes and
    /// gives back as it is: the record stays one the model would make.
    let madeBy: ObjectIdentifier
}

/// The write paths of local edits, run inside a write transaction: ``RecordStore/save(contentsOf:)``,
/// ``RecordStore/delete(_:ids:)`` and ``RecordStore/transaction(_:)`` all write through them.
extension RecordStore {
    /// Takes the assets of the records into the asset folder and encodes them, before the transaction that
    /// stores them (copying files under the write lock would stall every other writer). The first asset that
    /// cannot be taken in throws, naming the record and field, and nothing stays pinned.
    func prepareLocalSaves(_ requests: [LocalSave.Request]) throws(RecordStoreError) -> (saves: [LocalSave], pins: [String]) {
        let adopted = try adoptAssets(requests.map(\.record))
        let saves = zip(adopted.records, requests).map { record, request in
            LocalSave(record: record, bytes: NativeArchive.encode(record), stampedField: request.stampedField, madeBy: request.madeBy)
        }
        return (saves, adopted.pins)
    }

    /// Stores local saves with their pending saves (see ``save(contentsOf:)``), stamping clocks at `now`.
    func saveLocally(_ db: Database, _ saves: [LocalSave], now: Date) throws {
        guard !saves.isEmpty else { return }
        try refuseWritesIntoLostZones(db, saves.lazy.map { (id: $0.record.id, recordType: $0.record.recordType) })
        let table = schema.records
        var generation = try reserveGenerations(db, count: saves.count)
        // A record's projection row is written from the record in hand, with the projection's insert and update
        // triggers off: they would decode the archive just written again, in SQL functions called once per column,
        // and the update trigger rewrites the whole row where a save mostly changes a field or two.
        let projectionTriggers = TriggerBypass.flag(of: db, scope: .projection)
        var projectionRows = ProjectionDirectInsert(db, self.projectionRows)
        // A save unparks its record; with nothing parked (the common case) no DELETE runs per record.
        let anyParked = try RawStatementBinding(unchecked: db.cachedStatement(sql: localWrites.anyParked))
            .firstRow(db) { sqlite3_column_int64($0, 0) != 0 } ?? true
        // A record the store holds is updated (which keeps its server copy) when it is of the same type; its
        // projection row is then rewritten only where its values changed (an app saving a record again unchanged
        // writes none). Otherwise it is inserted, unless a record of another type holds its ID. Each record first
        // tries the statement that stored the record before it, the update for the first: an app's single saves
        // are mostly edits, where an insert that found the row (its conflict check, its write transaction on the
        // full-text table) cost about 6% of the save, and a batch mostly of one kind or the other.
        let update = try db.cachedStatement(sql: localWrites.updateSaved)
        let insert = try db.cachedStatement(sql: localWrites.insertSaved)
        var storedLast = LocalSaveStatement.update
        for save in saves {
            let (id, type) = (save.record.id, save.record.recordType)
            try RowCoding.checkStorable(id, recordType: type)
            var (record, bytes) = (save.record, save.bytes)
            let hasAssets = RecordAssetFields.hasAssets(record)
            let server = hasAssets || save.stampedField != nil ? try serverCopy(db, of: id) : nil
            if hasAssets, let server {
                // Assets (issue 26): an unchanged asset is the server's, as the server returned it.
                let kept = RecordAssetFields.keepingServerAssets(of: record, server: server)
                if kept != record { (record, bytes) = (kept, NativeArchive.encode(kept)) }
            }
            if let field = save.stampedField, let stamped = stamp(record, server: server, field: field, now: now) {
                (record, bytes) = stamped
            }
            let (owner, zone, name) = (id.zoneID.ownerName, id.zoneID.zoneName, id.recordName)
            let archived = ArchivedRecord(record: record, bytes: bytes, madeBy: save.madeBy)
            // Stores the record by `statement`; false when it changed no row.
            func store(by statement: LocalSaveStatement) throws -> Bool {
                switch statement {
                case .update:
                    try projectionTriggers.bypassing { try update.execute(arguments: [bytes, generation, owner, zone, name, type]) }
                    guard db.changesCount == 1 else { return false }
                    try projectionRows.update(archived)
                case .insert:
                    try projectionTriggers.bypassing { try insert.execute(arguments: [owner, zone, name, type, bytes, generation]) }
                    guard db.changesCount == 1 else { return false }
                    try projectionRows.insert([archived])
                }
                return true
            }
            if try !store(by: storedLast) {
                guard try store(by: storedLast.other) else {
                    let stored = try Row.fetchOne(
                        db, sql: "SELECT recordType FROM \(table) WHERE \(RecordIDFilter.sql)", arguments: try RecordIDFilter(id).arguments)
                    let storedType = try stored.map { (stored: Row) throws(RecordStoreError) in try StoredRow(stored, table: table, id: id).recordType }
                    throw RecordStoreError.typeMismatch(id, stored: storedType ?? "?", requested: type)
                }
                storedLast = storedLast.other
            }
            if anyParked { try unpark(db, try RowCoding.arguments(id)) }
            generation += 1
        }
    }

    /// Deletes records of `recordType` as local edits (see ``delete(_:id:)``). Returns how many there were to delete.
    func deleteLocally(_ db: Database, recordType requested: String, ids: [RecordID]) throws -> Int {
        let table = schema.records
        try refuseWritesIntoLostZones(db, ids.lazy.map { (id: $0, recordType: requested) })
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

    /// The record's last server copy; nil when there is none or it cannot be read (then it orders and keeps nothing).
    fileprivate func serverCopy(_ db: Database, of id: RecordID) throws -> RecordKit.Record? {
        let bytes = try Data.fetchOne(
            db, sql: "SELECT server FROM \(schema.records) WHERE \(RecordIDFilter.sql)", arguments: try RecordIDFilter(id).arguments)
        return bytes.flatMap { try? NativeArchive.decodeRecord($0) }
    }

    /// The record with its clock field stamped (see ``save(contentsOf:)``), and its archive; nil when the app's
    /// value stands.
    fileprivate func stamp(
        _ record: RecordKit.Record, server: RecordKit.Record?, field: String, now: Date
    ) -> (record: RecordKit.Record, bytes: Data)? {
        var latest = now
        // A server copy that cannot be read (or holds no clock) orders nothing: the other terms stand.
        if case let .timestamp(serverClock)? = server?[field] {
            latest = max(latest, serverClock.addingTimeInterval(0.001))
        }
        if case let .timestamp(appClock)? = record[field], appClock >= latest { return nil }
        var stamped = record
        stamped[field] = .timestamp(latest)
        return (stamped, NativeArchive.encode(stamped))
    }
}

/// The statement that stores a local save: an update of the row of a stored record of the same type, or an insert.
private enum LocalSaveStatement {
    case update
    case insert

    var other: LocalSaveStatement { self == .update ? .insert : .update }
}
