import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// At open: rebuilds the projections whose layout changed and installs the triggers that keep them.
    static func prepareProjection(
        _ projection: ProjectionTables, archives: ArchiveDecodeCache, in database: any DatabaseWriter
    ) throws(RecordStoreError) -> [ProjectionRebuildReport] {
        do {
            return try database.writeWithoutTransaction { db in
                // The triggers' statements (and the temporary table of released assets) journal in memory, not in
                // temporary files: a write of a row otherwise wrote its statement journal to disk page by page.
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
                return try projection.prepare(db, archives: archives)
            }
        } catch {
            throw RecordStoreError(error)
        }
    }

    /// The projection of `Model`; a typed error when the store was opened without it.
    func projectedType<Model: RecordModel>(_: Model.Type) throws(RecordStoreError) -> ProjectedType {
        guard let type = projection.type(Model.recordType) else { throw .notProjected(recordType: Model.recordType) }
        return type
    }

    /// The names of `Model`'s projection table, its columns and its full-text table, for SQL the query API does
    /// not cover (see <doc:QueryingTheStore>).
    public func projectionNames<Model: ProjectableRecordModel>(of _: Model.Type) throws(RecordStoreError) -> ProjectionTableNames {
        let type = try projectedType(Model.self)
        var columns: [String: [String]] = [:]
        for field in type.layout.fields { columns[field.field.key] = field.columns.map(\.name) }
        return ProjectionTableNames(table: type.table, fullTextTable: type.fullTextTable, columnsByField: columns)
    }

    /// The stored records of `Model`'s type that its projection leaves out because this app version cannot
    /// decode them (pending deletes aside), each error naming the record. They stay stored, and are sent and
    /// merged as they are.
    public func unprojected<Model: ProjectableRecordModel>(_ type: Model.Type) throws(RecordStoreError) -> [RecordStoreError] {
        let projected = try projectedType(Model.self)
        let table = schema.records
        return try read { db in
            try Self.collect(Model.self, db, table: table, sql: """
                SELECT r.ownerName, r.zoneName, r.recordName, r.value FROM \(table) r
                WHERE r.recordType = ? AND r.value IS NOT NULL AND NOT EXISTS (
                    SELECT 1 FROM \(projected.table) p
                    WHERE p.recordName = r.recordName AND p.zoneName = r.zoneName AND p.ownerName = r.ownerName)
                """, arguments: [Model.recordType]).undecodable
        }
    }
}

/// The SQL names of one model's projection: what the store's queries read, for the queries they do not cover.
/// Read them with the store's ``RecordStore/database``; never write them (the store rebuilds them at will).
public struct ProjectionTableNames: Sendable, Hashable {
    /// The projection table: one row per stored record of the type that this app version decodes.
    public let table: String
    /// The FTS5 table over the searchable string fields (its rowid is the projection row's `_rowid`); nil when the
    /// type has none.
    public let fullTextTable: String?
    /// The columns of each field, by record key: one for most kinds, three for a reference (record name, zone
    /// name, owner name), two for a location (latitude, longitude).
    public let columnsByField: [String: [String]]
}
