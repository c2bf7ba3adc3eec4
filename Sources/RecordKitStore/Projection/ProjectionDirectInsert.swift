import Foundation
import GRDB
import RecordKit

/// Writes the projection row (and full-text row) of a record row inserted with the projection's insert trigger
/// bypassed (``TriggerBypass``): the trigger's statements, with the column values computed from the record the row
/// archives, in hand, instead of decoding the archive again. The same `projectRecord` gives the values, so the row
/// is the trigger's (the archive round-trips every value exactly).
///
/// Made once per write transaction: the statements' SQL is built once per type.
struct ProjectionDirectInsert {
    private struct TypeStatements {
        let type: ProjectedType
        let deleteFullText: String?
        let delete: String
        /// `INSERT OR REPLACE`: a row left under the ID is replaced, as the trigger's delete then insert does (the
        /// full-text row of a type that has them is deleted first).
        let insert: String
        let insertFullText: String?
        /// How many field values the insert binds after the record's ID.
        let valueCount: Int
    }

    private let statements: [String: TypeStatements]

    init(_ tables: ProjectionTables) {
        var statements: [String: TypeStatements] = [:]
        let keyFilter = "recordName = ? AND zoneName = ? AND ownerName = ?"
        for type in tables.types {
            let columns = ProjectionLayout.systemColumns + type.layout.fieldColumnNames
            let names = type.layout.fullTextColumns
            statements[type.recordType] = TypeStatements(
                type: type,
                deleteFullText: type.fullTextTable.map {
                    "DELETE FROM \($0) WHERE rowid IN (SELECT _rowid FROM \(type.table) WHERE \(keyFilter))"
                },
                delete: "DELETE FROM \(type.table) WHERE \(keyFilter)",
                insert: "INSERT OR REPLACE INTO \(type.table) (\(columns.map(ProjectionNames.quoted).joined(separator: ", "))) VALUES ("
                    + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")",
                insertFullText: type.fullTextTable.map {
                    "INSERT INTO \($0) (rowid, \(names)) SELECT _rowid, \(names) FROM \(type.table) WHERE \(keyFilter)"
                },
                valueCount: columns.count - 3)
        }
        self.statements = statements
    }

    /// Writes the rows of `record`, just inserted into the records table with the insert trigger bypassed.
    func insert(_ db: Database, record: RecordKit.Record) throws {
        guard let type = statements[record.recordType] else { return }
        let id = record.id
        let key: StatementArguments = [id.recordName, id.zoneID.zoneName, id.zoneID.ownerName]
        // As the trigger: any row left under the ID goes, even when the record does not decode.
        if let deleteFullText = type.deleteFullText { try db.cachedStatement(sql: deleteFullText).execute(arguments: key) }
        guard let values = type.type.projectRecord(record) else {
            try db.cachedStatement(sql: type.delete).execute(arguments: key)
            return
        }
        // The trigger asks for each column by index; an index the values lack reads as NULL. (Existentials, not
        // `[DatabaseValue]`: GRDB's generic initializer maps through a key path built at run time, per call.)
        var arguments: [(any DatabaseValueConvertible)?] = [id.zoneID.ownerName, id.zoneID.zoneName, id.recordName]
        arguments.reserveCapacity(3 + type.valueCount)
        for index in 0..<type.valueCount { arguments.append(values.indices.contains(index) ? values[index] : nil) }
        try db.cachedStatement(sql: type.insert).execute(arguments: StatementArguments(arguments))
        if let insertFullText = type.insertFullText { try db.cachedStatement(sql: insertFullText).execute(arguments: key) }
    }
}
