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
///
/// The names are resolved to positions once per statement (``Layout``), not on every read: GRDB looks a name up
/// case-insensitively, lowercasing it (and, in a row copied out of its statement, every column's name) on each
/// call, an allocation per column per row on the store's hottest paths (loading all records, applying a page).
struct StoredRow {
    /// The records table's columns, as the queries name them.
    enum Column: String, CaseIterable {
        case ownerName, zoneName, recordName, recordType, value, server, pending, generation
        /// Not stored: `length(value) AS valueSize`, the local archive's size without reading it.
        case valueSize

        /// The column's place in ``Layout``.
        fileprivate var ordinal: Int {
            switch self {
            case .ownerName: 0
            case .zoneName: 1
            case .recordName: 2
            case .recordType: 3
            case .value: 4
            case .server: 5
            case .pending: 6
            case .generation: 7
            case .valueSize: 8
            }
        }
    }

    /// Where each ``Column`` sits in a statement's rows: resolved once from the statement's column names (exactly
    /// as the queries spell them), then every read is by position.
    struct Layout {
        /// The position of each column by its ordinal; nil for a column the statement does not select.
        private var positions = [Int?](repeating: nil, count: Column.allCases.count)

        /// The layout of the rows `statement` produces.
        init(_ statement: Statement) {
            self.init(columnNames: statement.columnNames)
        }

        /// The layout of `row`, for a row read once (a statement's layout serves all its rows).
        init(of row: Row) {
            self.init(columnNames: row.columnNames)
        }

        private init(columnNames: some Sequence<String>) {
            // The leftmost column of a name wins, as GRDB's lookup by name does.
            for (position, name) in columnNames.enumerated() {
                if let column = Column(rawValue: name), positions[column.ordinal] == nil {
                    positions[column.ordinal] = position
                }
            }
        }

        subscript(_ column: Column) -> Int? { positions[column.ordinal] }
    }

    let row: Row
    let table: String
    let id: RecordID
    let layout: Layout

    /// Reads the ID from the row's `ownerName`, `zoneName` and `recordName` columns; `layout` is the row's
    /// statement's (computed from the row when nil).
    init(_ row: Row, table: String, layout: Layout? = nil) throws(RecordStoreError) {
        let layout = layout ?? Layout(of: row)
        self.row = row
        self.table = table
        self.layout = layout
        let ownerName = try RowCoding.text(row, at: layout[.ownerName], Column.ownerName.rawValue, table: table, id: nil)
        let zoneName = try RowCoding.text(row, at: layout[.zoneName], Column.zoneName.rawValue, table: table, id: nil)
        let recordName = try RowCoding.text(row, at: layout[.recordName], Column.recordName.rawValue, table: table, id: nil)
        id = RecordID(recordName: recordName, zoneID: RecordZoneID(zoneName: zoneName, ownerName: ownerName))
    }

    /// A row fetched by its ID, which it need not select; `layout` is the row's statement's (computed from the
    /// row when nil).
    init(_ row: Row, table: String, id: RecordID, layout: Layout? = nil) {
        self.row = row
        self.table = table
        self.id = id
        self.layout = layout ?? Layout(of: row)
    }

    /// Every column of the row of `id`; nil if there is none.
    static func fetch(_ db: Database, schema: StoreSchema, id: RecordID) throws -> StoredRow? {
        let statement = try db.cachedStatement(sql: "SELECT * FROM \(schema.records) WHERE \(RecordIDFilter.sql)")
        guard let row = try Row.fetchOne(statement, arguments: try RecordIDFilter(id).arguments) else { return nil }
        return StoredRow(row, table: schema.records, id: id, layout: Layout(statement))
    }

    /// A column as `Value`; a value of another type (or a column the query did not select) is a corrupt column.
    func column<Value: DatabaseValueConvertible>(_ column: Column, as _: Value.Type = Value.self) throws(RecordStoreError) -> Value {
        try RowCoding.column(row, at: layout[column], column.rawValue, table: table, id: id)
    }

    /// The local archive's bytes, borrowed from SQLite's buffer for the duration of `body` (no copy): valid only
    /// for a row read from a cursor, which reuses the row. Nil for a pending delete; a value SQLite cannot give as
    /// bytes is a corrupt column.
    func withLocalBytes<T>(_ body: (Data?) throws(RecordStoreError) -> T) throws(RecordStoreError) -> T {
        try RowCoding.withBytes(row, at: layout[.value], Column.value.rawValue, table: table, id: id, body)
    }

    var recordType: String {
        get throws(RecordStoreError) { try RowCoding.text(row, at: layout[.recordType], Column.recordType.rawValue, table: table, id: id) }
    }

    var generation: Int64 {
        get throws(RecordStoreError) { try column(.generation) }
    }

    /// The pending-change code; a code the store never writes is a corrupt column.
    var pendingCode: PendingCode {
        get throws(RecordStoreError) {
            guard let code = PendingCode(rawValue: try column(.pending)) else {
                throw RowCoding.corruptColumn(row, at: layout[.pending], Column.pending.rawValue, table: table, id: id)
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
