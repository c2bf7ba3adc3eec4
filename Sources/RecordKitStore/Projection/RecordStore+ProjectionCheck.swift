import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Compares every projection table and full-text table with what the stored records say, the way an
    /// integrity check does: each record of a projected type with a local value that this app version decodes
    /// has exactly its row, with the column values its archive gives, and nothing else is there. Returns one line
    /// per difference; empty when the projection is exact. Reads every record: for tests and diagnostics.
    public func projectionMismatches() throws(RecordStoreError) -> [String] {
        let (projection, records) = (projection, schema.records)
        return try read { db in
            var problems: [String] = []
            for type in projection.types {
                problems += try Self.mismatches(of: type, records: records, in: db)
            }
            return problems
        }
    }

    private static func mismatches(of type: ProjectedType, records: String, in db: Database) throws -> [String] {
        var expected: [String: [DatabaseValue]] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT ownerName, zoneName, recordName, value FROM \(records) WHERE recordType = ? AND value IS NOT NULL",
            arguments: [type.recordType])
        while let row = try rows.next() {
            let key = [row["ownerName"], row["zoneName"], row["recordName"]].map { (value: String?) in value ?? "" }.joined(separator: "/")
            let bytes: Data? = row["value"]
            if let bytes, let values = type.project(bytes) { expected[key] = values }
        }
        let columns = (ProjectionLayout.systemColumns + type.layout.fieldColumnNames).map(ProjectionNames.quoted)
        var problems: [String] = []
        var seen = Set<String>()
        for row in try Row.fetchAll(db, sql: "SELECT _rowid, \(columns.joined(separator: ", ")) FROM \(type.table)") {
            let values = Array(row.databaseValues)
            let key = values[1...3].map { String.fromDatabaseValue($0) ?? "" }.joined(separator: "/")
            seen.insert(key)
            guard let wanted = expected[key] else {
                problems.append("\(type.table): row \(key) has no decodable record")
                continue
            }
            if Array(values.dropFirst(4)) != wanted {
                problems.append("\(type.table): row \(key) is \(Array(values.dropFirst(4))), its record says \(wanted)")
            }
        }
        for key in expected.keys where !seen.contains(key) {
            problems.append("\(type.table): record \(key) has no row")
        }
        if let fullText = type.fullTextTable {
            let names = type.layout.fullTextColumns
            let projected = try Row.fetchAll(db, sql: "SELECT _rowid, \(names) FROM \(type.table) ORDER BY _rowid")
            let indexed = try Row.fetchAll(db, sql: "SELECT rowid, \(names) FROM \(fullText) ORDER BY rowid")
            if projected.map({ Array($0.databaseValues) }) != indexed.map({ Array($0.databaseValues) }) {
                problems.append("\(fullText): \(indexed.count) full-text rows differ from the \(projected.count) projection rows")
            }
        }
        return problems
    }
}
