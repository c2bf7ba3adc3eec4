import Foundation
import GRDB
import RecordKit

/// The filter on one record's ID and its arguments: every statement about one record says it this way.
struct RecordIDFilter {
    /// The SQL condition; bind ``arguments`` to it.
    static let sql = "ownerName = ? AND zoneName = ? AND recordName = ?"
    /// The ID's owner name, zone name and record name.
    let arguments: StatementArguments

    /// The filter on `id`, refused if the store cannot keep its names (``RowCoding/checkStorable(_:recordType:)``).
    init(_ id: RecordID) throws(RecordStoreError) {
        arguments = try RowCoding.arguments(id)
    }
}

/// A row of the records table, read by column name: the one decoder of the store's record rows. The ID is read
/// when the row is made (from the row's ID columns, NUL-safe, or given when the query filtered on it); the other
/// columns when asked, each failure a typed ``RecordStoreError/corruptColumn(_:table:column:found:)`` naming the
/// record. A query selects the columns it needs, under their table names.
struct StoredRow {
    /// The records table's columns, as the queries name them.
    enum Column: String {
        case ownerName, zoneName, recordName, recordType, value, server, pending, generation
        /// Not stored: `length(value) AS valueSize`, the local archive's size without reading it.
        case valueSize
    }

    let row: Row
    let table: String
    let id: RecordID

    /// Reads the ID from the row's `ownerName`, `zoneName` and `recordName` columns.
    init(_ row: Row, table: String) throws(RecordStoreError) {
        self.row = row
        self.table = table
        let ownerName: String = try RowCoding.text(row, Column.ownerName.rawValue, table: table, id: nil)
        let zoneName: String = try RowCoding.text(row, Column.zoneName.rawValue, table: table, id: nil)
        let recordName: String = try RowCoding.text(row, Column.recordName.rawValue, table: table, id: nil)
        id = RecordID(recordName: recordName, zoneID: RecordZoneID(zoneName: zoneName, ownerName: ownerName))
    }

    /// A row fetched by its ID, which it need not select.
    init(_ row: Row, table: String, id: RecordID) {
        self.row = row
        self.table = table
        self.id = id
    }

    /// Every column of the row of `id`; nil if there is none.
    static func fetch(_ db: Database, schema: StoreSchema, id: RecordID) throws -> StoredRow? {
        let statement = try db.cachedStatement(sql: "SELECT * FROM \(schema.records) WHERE \(RecordIDFilter.sql)")
        guard let row = try Row.fetchOne(statement, arguments: try RecordIDFilter(id).arguments) else { return nil }
        return StoredRow(row, table: schema.records, id: id)
    }

    /// A column as `Value`; a value of another type is a corrupt column.
    func column<Value: DatabaseValueConvertible>(_ column: Column, as _: Value.Type = Value.self) throws(RecordStoreError) -> Value {
        try RowCoding.column(row, column.rawValue, table: table, id: id)
    }

    var recordType: String {
        get throws(RecordStoreError) { try RowCoding.text(row, Column.recordType.rawValue, table: table, id: id) }
    }

    var generation: Int64 {
        get throws(RecordStoreError) { try column(.generation) }
    }

    /// The pending-change code; a code the store never writes is a corrupt column.
    var pendingCode: PendingCode {
        get throws(RecordStoreError) {
            guard let code = PendingCode(rawValue: try column(.pending)) else {
                throw RowCoding.corruptColumn(row, Column.pending.rawValue, table: table, id: id)
            }
            return code
        }
    }

    /// The pending change with its generation; nil when nothing is pending.
    func pendingChange() throws(RecordStoreError) -> PendingChange? {
        switch try pendingCode {
        case .save: .save(generation: try generation)
        case .delete: .delete(generation: try generation)
        case .none: nil
        }
    }

    /// The local value's archive; nil for a pending delete.
    var localBytes: Data? {
        get throws(RecordStoreError) { try column(.value) }
    }

    /// The last server record's archive; nil when the store has none.
    var serverBytes: Data? {
        get throws(RecordStoreError) { try column(.server) }
    }

    /// The local value, decoded; nil for a pending delete.
    func localRecord() throws(RecordStoreError) -> RecordKit.Record? {
        guard let bytes = try localBytes else { return nil }
        return try RowCoding.record(bytes, id: id, recordType: try recordType, copy: .local)
    }

    /// The last server record, decoded; nil when the store has none.
    func serverRecord() throws(RecordStoreError) -> RecordKit.Record? {
        guard let bytes = try serverBytes else { return nil }
        return try RowCoding.record(bytes, id: id, recordType: try recordType, copy: .server)
    }
}
