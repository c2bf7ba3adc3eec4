import Foundation
import GRDB
import RecordKit

/// Writes the projection row (and full-text row) of a record row inserted with the projection's insert trigger
/// bypassed (``TriggerBypass``): the trigger's statements, with the column values computed from the record the row
/// archives, in hand, instead of decoding the archive again. The same `projectRecord` gives the values, so the row
/// is the trigger's (the archive round-trips every value exactly).
///
/// Made once per write transaction: the statements are prepared (taken from the connection's cache) once per type,
/// and the insert's values are bound through SQLite's C API (``RawStatementBinding``).
struct ProjectionDirectInsert {
    /// A type's statements, prepared for this transaction.
    private struct TypeStatements {
        let type: ProjectedType
        let deleteFullText: Statement?
        let delete: Statement
        /// `INSERT OR REPLACE`: a row left under the ID is replaced, as the trigger's delete then insert does (the
        /// full-text row of a type that has them is deleted first).
        let insert: RawStatementBinding
        let insertFullText: Statement?
        /// How many field values the insert binds after the record's ID.
        let valueCount: Int
    }

    private let statements: [String: TypeStatements]

    init(_ db: Database, _ tables: ProjectionTables) throws {
        var statements: [String: TypeStatements] = [:]
        let keyFilter = "recordName = ? AND zoneName = ? AND ownerName = ?"
        for type in tables.types {
            let columns = ProjectionLayout.systemColumns + type.layout.fieldColumnNames
            let names = type.layout.fullTextColumns
            let insert = "INSERT OR REPLACE INTO \(type.table) (\(columns.map(ProjectionNames.quoted).joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
            statements[type.recordType] = TypeStatements(
                type: type,
                deleteFullText: try type.fullTextTable.map {
                    try db.cachedStatement(sql: "DELETE FROM \($0) WHERE rowid IN (SELECT _rowid FROM \(type.table) WHERE \(keyFilter))")
                },
                delete: try db.cachedStatement(sql: "DELETE FROM \(type.table) WHERE \(keyFilter)"),
                insert: try RawStatementBinding(db.cachedStatement(sql: insert)),
                insertFullText: try type.fullTextTable.map {
                    try db.cachedStatement(sql: "INSERT INTO \($0) (rowid, \(names)) SELECT _rowid, \(names) FROM \(type.table) WHERE \(keyFilter)")
                },
                valueCount: columns.count - 3)
        }
        self.statements = statements
    }

    /// Writes the rows of `record`, just inserted into the records table with the insert trigger bypassed.
    func insert(_ db: Database, record: RecordKit.Record) throws {
        guard let type = statements[record.recordType] else { return }
        let id = record.id
        // Built only for the statements that need it (a full-text table, a record that does not decode).
        var key: StatementArguments { [id.recordName, id.zoneID.zoneName, id.zoneID.ownerName] }
        // As the trigger: any row left under the ID goes, even when the record does not decode.
        try type.deleteFullText?.execute(arguments: key)
        guard let values = type.type.projectRecord(record) else {
            try type.delete.execute(arguments: key)
            return
        }
        // The trigger asks for each column by index; an index the values lack reads as NULL.
        let insert = type.insert
        insert.reset()
        insert.bind(id.zoneID.ownerName, at: 1)
        insert.bind(id.zoneID.zoneName, at: 2)
        insert.bind(id.recordName, at: 3)
        for index in 0..<type.valueCount {
            let parameter = Int32(4 + index)
            if values.indices.contains(index) { insert.bind(values[index], at: parameter) } else { insert.bindNull(at: parameter) }
        }
        try insert.execute()
        try type.insertFullText?.execute(arguments: key)
    }
}
