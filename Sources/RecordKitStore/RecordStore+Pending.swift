import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// The next pending changes to send, oldest edit first: at most `maxCount` of them, and records adding up to
    /// at most `maxBytes` of archive (CloudKit takes about 400 items and 2 MB per request). The first change is
    /// always included, however large, so a big record cannot block the queue.
    ///
    /// Each save carries the local value with the system fields of the last server record, so the server sees
    /// the change tag it expects (no change tag when the store has no server copy). Nothing is cleared: call ``markSent(_:)`` with what the server accepted.
    public func nextPendingBatch(maxCount: Int = 400, maxBytes: Int = 1_500_000) throws(RecordStoreError) -> PendingBatch {
        let table = schema.records
        return try read { db in
            var batch = PendingBatch(saves: [], deletes: [], unreadable: [])
            var bytes = 0
            let rows = try Row.fetchCursor(db, sql: """
                SELECT ownerName, zoneName, recordName, recordType, pending, generation, value, server, length(value)
                FROM \(table) WHERE pending <> 0 ORDER BY generation
                """)
            while let row = try rows.next(), batch.saves.count + batch.deletes.count < maxCount {
                do {
                    let id = try RowCoding.recordID(row, at: 0, table: table)
                    let recordType: String = try RowCoding.column(row, 3, table: table, id: id)
                    let generation: Int64 = try RowCoding.column(row, 5, table: table, id: id)
                    if try RowCoding.pendingCode(row, 4, table: table, id: id) == .delete {
                        batch.deletes.append(PendingDelete(id: id, recordType: recordType, generation: generation))
                        continue
                    }
                    let size: Int = try RowCoding.column(row, 8, table: table, id: id) ?? 0
                    if bytes + size > maxBytes && !(batch.saves.isEmpty && batch.deletes.isEmpty) { break }
                    guard let value: Data = try RowCoding.column(row, 6, table: table, id: id) else { continue }
                    var record = try RowCoding.record(value, id: id, recordType: recordType, copy: .local)
                    if let server: Data = try RowCoding.column(row, 7, table: table, id: id) {
                        record.system = try RowCoding.record(server, id: id, recordType: recordType, copy: .server).system
                    } else {
                        // No server copy (never sent, deleted on the server, or its zone forgotten): send it as new,
                        // not with a change tag the local value kept from an older server record.
                        record.system.changeTag = nil
                    }
                    batch.saves.append(PendingSave(record: record, generation: generation))
                    bytes += size
                } catch let error as RecordStoreError {
                    batch.unreadable.append(error)
                }
            }
            return batch
        }
    }
}
