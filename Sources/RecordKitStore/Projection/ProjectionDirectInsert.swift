import Foundation
import GRDB
import GRDBSQLite
import RecordKit

/// Writes the projection row (and full-text row) of a record row inserted with the projection's insert trigger
/// bypassed (``TriggerBypass``): the trigger's statements, with the column values computed from the record the row
/// archives, in hand, instead of decoding the archive again. A local save's update of a row is kept the same way
/// (``update(_:)``), writing only what changed. The same values as the trigger's `projectRecord` (the
/// archive round-trips every value exactly), so the row is the trigger's.
///
/// Made once per write transaction from SQL built once per store (``SQL``): a type's statements are prepared (taken
/// from the connection's cache) the first time the transaction writes one of its records, and each row's values are
/// bound through SQLite's C API (``RawStatementBinding``) as they are computed, with no array per record. When a call
/// brings at least a batch of records of a type without a full-text table, its rows go in by one multi-row
/// statement as each batch of them fills.
struct ProjectionDirectInsert {
    /// The SQL of the direct writes of every projected type, built once per store: it names every column, quoted,
    /// and building it per transaction cost a single-record save more than its own statements.
    struct SQL: Sendable {
        fileprivate struct TypeSQL: Sendable {
            let type: ProjectedType
            let deleteFullText: String?
            let delete: String
            /// `INSERT OR REPLACE`: a row left under the ID is replaced, as the trigger's delete then insert does
            /// (the full-text row of a type that has them is deleted first).
            let insert: String
            /// The same for `batchSize` rows of one zone, which bind its owner and zone names once (`?1`, `?2`)
            /// and then each row's record name and values; nil for a type with a full-text table (its rows go one
            /// by one).
            let insertBatch: String?
            let insertFullText: String?
            /// How many field values the insert binds after the record's ID.
            let valueCount: Int
            /// The row under an ID: its `_rowid`, then the columns after the ID (the values ``valueCount`` counts).
            let selectRow: String
            /// For each column after the ID, in order, the `UPDATE` that sets it (`?1`) in the row of `_rowid` `?2`:
            /// an update sets only the columns whose values changed.
            let updateColumn: [String]
            /// The positions, among the columns after the ID, of the full-text table's columns, in its order; empty
            /// for a type without one.
            let fullTextPositions: [Int]
            /// `UPDATE` of the full-text row `?1` with the full-text columns (`?2`…); nil without a full-text table.
            let updateFullText: String?
        }

        fileprivate let types: [String: TypeSQL]
        /// How many rows a batch insert writes.
        let batchSize: Int

        init(_ tables: ProjectionTables, batchSize: Int) {
            var types: [String: TypeSQL] = [:]
            let keyFilter = "recordName = ? AND zoneName = ? AND ownerName = ?"
            for type in tables.types {
                let columns = ProjectionLayout.systemColumns + type.layout.fieldColumnNames
                let valueColumns = columns.dropFirst(3).map(ProjectionNames.quoted)
                let names = type.layout.fullTextColumns
                let insertInto = "INSERT OR REPLACE INTO \(type.table) (\(columns.map(ProjectionNames.quoted).joined(separator: ", "))) VALUES "
                let insert = insertInto + "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
                // Row r binds its record name and values at 3 + r * (columns - 2) on.
                let perRow = columns.count - 2
                let batchRows = (0..<batchSize).map { row in
                    "(?1, ?2, " + (0..<perRow).map { "?\(3 + row * perRow + $0)" }.joined(separator: ", ") + ")"
                }
                types[type.recordType] = TypeSQL(
                    type: type,
                    deleteFullText: type.fullTextTable.map {
                        "DELETE FROM \($0) WHERE rowid IN (SELECT _rowid FROM \(type.table) WHERE \(keyFilter))"
                    },
                    delete: "DELETE FROM \(type.table) WHERE \(keyFilter)",
                    insert: insert,
                    // 999: the fewest parameters a statement may have in SQLite's builds (before 3.32).
                    insertBatch: type.fullTextTable == nil && batchSize > 1 && 2 + perRow * batchSize <= 999
                        ? insertInto + batchRows.joined(separator: ", ") : nil,
                    insertFullText: type.fullTextTable.map {
                        "INSERT INTO \($0) (rowid, \(names)) SELECT _rowid, \(names) FROM \(type.table) WHERE \(keyFilter)"
                    },
                    valueCount: columns.count - 3,
                    selectRow: "SELECT _rowid, \(valueColumns.joined(separator: ", ")) FROM \(type.table) WHERE \(keyFilter)",
                    updateColumn: valueColumns.map { "UPDATE \(type.table) SET \($0) = ?1 WHERE _rowid = ?2" },
                    fullTextPositions: type.layout.searchableFields.compactMap { field in
                        columns.dropFirst(3).firstIndex(of: field.main).map { $0 - 3 }
                    },
                    updateFullText: type.fullTextTable.map { table in
                        let names = type.layout.searchableFields.map { ProjectionNames.quoted($0.main) }
                        let sets = names.enumerated().map { "\($1) = ?\($0 + 2)" }.joined(separator: ", ")
                        return "UPDATE \(table) SET \(sets) WHERE rowid = ?1"
                    })
            }
            self.types = types
            self.batchSize = batchSize
        }
    }

    /// A type's statements, prepared for this transaction from its SQL, and its rows waiting for a full batch. A
    /// class: the insert loop looks it up once per run of records of one type and holds it without copying it.
    private final class TypeStatements {
        let sql: SQL.TypeSQL
        let deleteFullText: Statement?
        let delete: Statement
        let insert: RawStatementBinding
        let insertBatch: RawStatementBinding?
        let insertFullText: Statement?
        /// The positions, in the rows being inserted, of the records bound into `insertBatch` since it last ran (a
        /// type without a full-text table).
        var batched: [Int] = []
        /// The texts bound into `insert` and `insertBatch` (IDs, strings, paths, lists), bound without a copy by
        /// SQLite: each is rewound as its statement starts a new row or batch.
        let insertTexts = BoundTextArena()
        let batchTexts = BoundTextArena()

        init(_ db: Database, _ sql: SQL.TypeSQL) throws {
            self.sql = sql
            deleteFullText = try sql.deleteFullText.map { try db.cachedStatement(sql: $0) }
            delete = try db.cachedStatement(sql: sql.delete)
            insert = try RawStatementBinding(db.cachedStatement(sql: sql.insert))
            insertBatch = try sql.insertBatch.map { try RawStatementBinding(db.cachedStatement(sql: $0)) }
            insertFullText = try sql.insertFullText.map { try db.cachedStatement(sql: $0) }
        }

        deinit {
            // The statements stay in the connection's cache: none of their parameters may point into the arenas.
            insert.clearBindings()
            insertBatch?.clearBindings()
        }
    }

    private let sql: SQL
    private let db: Database
    /// The statements of the types met so far: a transaction prepares only the types it writes.
    private var statements: [String: TypeStatements] = [:]
    /// The type of the last record written and its statements (nil: it has no projection): a page mostly holds one
    /// type, so most records skip the dictionary.
    private var last: (recordType: String, statements: TypeStatements?)?
    private var batchSize: Int { sql.batchSize }

    init(_ db: Database, _ sql: SQL) {
        self.db = db
        self.sql = sql
    }

    /// The statements of `recordType`, prepared (taken from the connection's cache) on first use; nil for a type
    /// with no projection.
    private mutating func statements(of recordType: String) throws -> TypeStatements? {
        if let last, last.recordType == recordType { return last.statements }
        let found: TypeStatements?
        if let prepared = statements[recordType] {
            found = prepared
        } else if let type = sql.types[recordType] {
            let prepared = try TypeStatements(db, type)
            statements[recordType] = prepared
            found = prepared
        } else {
            found = nil
        }
        last = (recordType, found)
        return found
    }

    /// Writes the projection rows of `rows` (records of distinct IDs, with their archives, which are not read),
    /// just inserted into the records table with the insert trigger bypassed. The values are bound into the
    /// statements as they are computed; the rows of a type that fills a batch go in by the multi-row statement as
    /// each batch fills, the rest one by one.
    ///
    /// The records are read in place, by index (``ArchivedRecord``): a collection mapped to its records, or an array
    /// of records kept for a batch, copied each record it handed out, retaining every string and array in it, which
    /// cost the initial sync more than binding the record's texts.
    mutating func insert(_ rows: [ArchivedRecord]) throws {
        let batching = Self.typesFillingABatch(rows, batchSize: batchSize)
        // Nearly always one type: compared as a string, not hashed per record.
        let onlyBatchingType = batching.count == 1 ? batching.first : nil
        for index in rows.indices {
            let recordType = rows[index].record.recordType
            guard let type = try statements(of: recordType) else { continue }
            // Built only for the statements that need it (a full-text table, a record that does not decode).
            var key: StatementArguments {
                let id = rows[index].record.id
                return [id.recordName, id.zoneID.zoneName, id.zoneID.ownerName]
            }
            // As the trigger: any row left under the ID goes, even when the record does not decode.
            try type.deleteFullText?.execute(arguments: key)
            if let insertBatch = type.insertBatch,
               onlyBatchingType.map({ $0 == recordType }) ?? batching.contains(recordType) {
                if type.batched.isEmpty {
                    insertBatch.reset()
                    type.batchTexts.rewind()
                    // The batch's zone (every row's: ``typesFillingABatch(_:batchSize:)``).
                    let zone = rows[index].record.id.zoneID
                    insertBatch.bind(zone.ownerName, at: 1, heldBy: type.batchTexts)
                    insertBatch.bind(zone.zoneName, at: 2, heldBy: type.batchTexts)
                }
                guard Self.bindBatchRow(rows[index], of: type, to: insertBatch, texts: type.batchTexts, row: type.batched.count) else {
                    try type.delete.execute(arguments: key)
                    continue
                }
                type.batched.append(index)
                if type.batched.count == batchSize {
                    try insertBatch.execute()
                    type.batched.removeAll(keepingCapacity: true)
                }
                continue
            }
            type.insert.reset()
            type.insertTexts.rewind()
            guard Self.bind(rows[index], of: type, to: type.insert, texts: type.insertTexts) else {
                try type.delete.execute(arguments: key)
                continue
            }
            try type.insert.execute()
            try type.insertFullText?.execute(arguments: key)
        }
        // The records short of a batch, bound again one by one.
        for type in statements.values where !type.batched.isEmpty {
            for index in type.batched {
                type.insert.reset()
                type.insertTexts.rewind()
                if Self.bind(rows[index], of: type, to: type.insert, texts: type.insertTexts) {
                    try type.insert.execute()
                }
            }
            type.batched.removeAll(keepingCapacity: true)
        }
    }

    /// Keeps the projection row (and full-text row) of `row`, a record the records table held already, which a local
    /// save has just updated with the projection's update trigger bypassed: from the record in hand, without decoding
    /// the archive again. Only the columns whose values changed are written, in place (the row keeps its `_rowid`),
    /// and the full-text row only when one of its columns changed. The trigger deletes and inserts the row, its
    /// full-text row and every index entry: a save that changed one field of a book wrote every index and a new
    /// full-text segment, and took four times as long as the same save into a store without the projection.
    mutating func update(_ row: ArchivedRecord) throws {
        // The type's SQL, not its insert statements: preparing those (and binding their NULLs) cost a save of one
        // record more than its own statements.
        guard let type = sql.types[row.record.recordType] else { return }
        let id = row.record.id
        guard let found = try Self.changes(to: row, of: type, db) else {
            // No row: the record did not decode before. It goes in as a new record's row.
            try insert([row])
            return
        }
        guard let changes = found.changes else {
            // The record no longer decodes: its row goes, as the trigger's delete does.
            let key: StatementArguments = [id.recordName, id.zoneID.zoneName, id.zoneID.ownerName]
            if let deleteFullText = type.deleteFullText { try db.cachedStatement(sql: deleteFullText).execute(arguments: key) }
            try db.cachedStatement(sql: type.delete).execute(arguments: key)
            return
        }
        // A statement per changed column: one per column at most in the connection's cache, where a statement per
        // set of changed columns could fill it. SQLite writes only the indexes of the columns a statement sets.
        for change in changes.changed {
            try db.cachedStatement(sql: type.updateColumn[change.position]).execute(arguments: [change.value, found.rowid])
        }
        if let updateFullText = type.updateFullText, let texts = changes.fullText {
            try db.cachedStatement(sql: updateFullText).execute(arguments: StatementArguments([found.rowid.databaseValue] + texts))
        }
    }

    /// The `_rowid` of the projection row of `row`'s record and how its stored values differ from the record's (nil
    /// when the model cannot decode the record); nil when there is no row. Stepped and read through SQLite's C API,
    /// each column compared where it lies (``ChangedColumnSink``): a fetched `Row` copied every column first, a
    /// cursor's setup cost as much as the reads, and reading each stored text into a string to compare it cost a
    /// one-book save more than its update.
    private static func changes(
        to row: ArchivedRecord, of type: SQL.TypeSQL, _ db: Database
    ) throws -> (rowid: Int64, changes: ChangedColumnSink?)? {
        let binding = RawStatementBinding(unchecked: try db.cachedStatement(sql: type.selectRow))
        let id = row.record.id
        binding.reset()
        binding.bind(id.recordName, at: 1)
        binding.bind(id.zoneID.zoneName, at: 2)
        binding.bind(id.zoneID.ownerName, at: 3)
        // Read before the statement is reset, which comes before the caller writes the row.
        return try binding.firstRow(db) { handle in
            let rowid = sqlite3_column_int64(handle, 0)
            var changes = ChangedColumnSink(stepped: handle, count: type.valueCount, fullTextPositions: type.fullTextPositions)
            guard type.type.write(row, to: &changes) else { return (rowid, nil) }
            changes.finish()
            return (rowid, changes)
        }
    }

    /// The record types of which `rows` holds at least a batch: the others go one by one (bound into the batch
    /// statement and short of a batch, their rows would be bound a second time). None when the records are not
    /// all of one zone (a fetched page's are), which a batch statement binds once.
    private static func typesFillingABatch(_ rows: [ArchivedRecord], batchSize: Int) -> Set<String> {
        guard rows.count >= batchSize, let first = rows.first?.record else { return [] }
        let (type, zone) = (first.recordType, first.id.zoneID)
        guard rows.indices.allSatisfy({ rows[$0].record.id.zoneID == zone }) else { return [] }
        // Nearly always one type (a page of the initial sync): no count per type.
        if rows.indices.allSatisfy({ rows[$0].record.recordType == type }) { return [type] }
        var counts: [String: Int] = [:]
        for index in rows.indices { counts[rows[index].record.recordType, default: 0] += 1 }
        return Set(counts.filter { $0.value >= batchSize }.keys)
    }

    /// Binds the projection row of `row`'s record (its ID, then the values ``ProjectedType/bind(_:to:)`` gives) to
    /// `statement`, the one-row insert of `type`, its texts held by `texts`; false, binding nothing, when the model
    /// cannot decode the record.
    private static func bind(
        _ row: ArchivedRecord, of type: TypeStatements, to statement: RawStatementBinding, texts: BoundTextArena
    ) -> Bool {
        var sink = StatementColumnSink(statement: statement, texts: texts, from: 4, count: Int32(type.sql.valueCount))
        guard type.sql.type.bind(row, to: &sink) else { return false }
        sink.finish()
        let id = row.record.id
        statement.bind(id.zoneID.ownerName, at: 1, heldBy: texts)
        statement.bind(id.zoneID.zoneName, at: 2, heldBy: texts)
        statement.bind(id.recordName, at: 3, heldBy: texts)
        return true
    }

    /// Binds the projection row of `archived`'s record (its record name, then the values
    /// ``ProjectedType/bind(_:to:)`` gives) as row `row` of the batch insert of `type`, `statement`, whose zone is bound
    /// already; false, binding nothing, when the model cannot decode the record.
    private static func bindBatchRow(
        _ archived: ArchivedRecord, of type: TypeStatements, to statement: RawStatementBinding, texts: BoundTextArena, row: Int
    ) -> Bool {
        let valueCount = Int32(type.sql.valueCount)
        let first = 3 + Int32(row) * (1 + valueCount)
        var sink = StatementColumnSink(statement: statement, texts: texts, from: first + 1, count: valueCount)
        guard type.sql.type.bind(archived, to: &sink) else { return false }
        sink.finish()
        statement.bind(archived.record.id.recordName, at: first, heldBy: texts)
        return true
    }
}

/// Binds a record's column values (``ProjectionLayout/write(_:to:)``) to consecutive parameters of a statement.
/// As the trigger asks for each column by index, values past the last parameter are left out and the parameters
/// the values do not reach are bound NULL (``finish()``). Rewound, it binds the parameters again from the mark on
/// (SQLite keeps the last value bound to each).
struct StatementColumnSink: ProjectionColumnSink {
    private let statement: RawStatementBinding
    private let texts: BoundTextArena
    private let first: Int32
    private var next: Int32
    private let end: Int32

    var position: Int { Int(next - first) }

    /// A sink binding `count` parameters from the 1-based `first` on, its texts held by `texts`.
    init(statement: RawStatementBinding, texts: BoundTextArena, from first: Int32, count: Int32) {
        self.statement = statement
        self.texts = texts
        self.first = first
        next = first
        end = first + count
    }

    mutating func rewind(to position: Int) {
        next = first + Int32(position)
    }

    mutating func append(_ value: DatabaseValue) {
        if next < end { statement.bind(value, at: next, heldBy: texts) }
        next += 1
    }

    mutating func appendText(_ utf8: UnsafeBufferPointer<UInt8>) {
        if next < end { statement.bind(utf8: utf8, at: next, heldBy: texts) }
        next += 1
    }

    mutating func appendDouble(_ value: Double) {
        if next < end { statement.bind(value, at: next) }
        next += 1
    }

    /// Binds NULL to the parameters no value reached.
    mutating func finish() {
        while next < end {
            statement.bindNull(at: next)
            next += 1
        }
    }
}
