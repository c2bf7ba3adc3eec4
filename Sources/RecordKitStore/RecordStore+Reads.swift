import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// The model stored under `id`, or nil if there is none (or only a pending delete).
    ///
    /// - Throws: ``RecordStoreError/typeMismatch(_:stored:requested:)`` if the ID holds another type,
    ///   ``RecordStoreError/corruptRecord(_:recordType:copy:_:)`` or ``RecordStoreError/undecodable(_:recordType:_:)``
    ///   if it cannot be read; the record stays stored either way.
    public func fetch<Model: RecordModel>(_ type: Model.Type, id: RecordID) throws(RecordStoreError) -> Model? {
        try read { db in try fetch(type, id: id, in: db) }
    }

    /// Every stored model of a type (pending deletes excluded), and the records of that type it cannot read.
    public func fetchAll<Model: RecordModel>(_ type: Model.Type) throws(RecordStoreError) -> StoredModels<Model> {
        try read { db in try fetchAll(type, in: db) }
    }

    /// Every stored model of a type in one zone, and the records there it cannot read.
    public func fetchAll<Model: RecordModel>(_ type: Model.Type, inZone zoneID: RecordZoneID) throws(RecordStoreError) -> StoredModels<Model> {
        let table = schema.records
        return try read { db in
            try Self.collect(Model.self, db, table: table, sql: """
                SELECT ownerName, zoneName, recordName, value FROM \(table)
                WHERE ownerName = ? AND zoneName = ? AND recordType = ? AND value IS NOT NULL
                """, arguments: try RowCoding.arguments(zoneID) + [Model.recordType])
        }
    }

    /// Calls `body` with every stored model of a type, read through a database cursor: memory stays bounded by
    /// one model, whatever the count. Returns the records the model could not read.
    @discardableResult
    public func forEach<Model: RecordModel>(_ type: Model.Type, _ body: (Model) throws -> Void) throws(RecordStoreError) -> [RecordStoreError] {
        let table = schema.records
        return try read { db in
            var failures: [RecordStoreError] = []
            let statement = try db.makeStatement(sql: "SELECT ownerName, zoneName, recordName, value FROM \(table) WHERE recordType = ? AND value IS NOT NULL")
            let layout = StoredRow.Layout(statement)
            let rows = try Row.fetchCursor(statement, arguments: [Model.recordType])
            while let row = try rows.next() {
                switch Self.decode(Model.self, row, table: table, layout: layout) {
                case let .success(model): try body(model)
                case let .failure(error): failures.append(error)
                }
            }
            return failures
        }
    }

    /// Both stored copies of a record and its pending change; nil if the store has no row for it.
    public func storedState(of id: RecordID) throws(RecordStoreError) -> StoredRecordState? {
        let filter = try RecordIDFilter(id)
        return try read { db in try storedState(db, of: id, filter: filter) }
    }

    /// Both stored copies of a record and its pending change, read in `db` (see ``storedState(of:)``).
    func storedState(_ db: Database, of id: RecordID, filter: RecordIDFilter) throws -> StoredRecordState? {
        let table = schema.records
        let row = try Row.fetchOne(
            db, sql: "SELECT recordType, value, server, pending, generation FROM \(table) WHERE \(RecordIDFilter.sql)",
            arguments: filter.arguments)
        guard let row else { return nil }
        let stored = StoredRow(row, table: table, id: id)
        let recordType = try stored.recordType
        let local = try stored.localBytes
        let server = try stored.serverBytes
        let pending = try stored.pendingChange()
        return StoredRecordState(
            id: id, recordType: recordType,
            local: try local.map { (bytes: Data) throws(RecordStoreError) in try RowCoding.record(bytes, id: id, recordType: recordType, copy: RecordStoreError.Copy.local) },
            server: try server.map { (bytes: Data) throws(RecordStoreError) in try RowCoding.record(bytes, id: id, recordType: recordType, copy: RecordStoreError.Copy.server) },
            pending: pending)
    }

    /// How many records have a pending change.
    public func pendingCount() throws(RecordStoreError) -> Int {
        let table = schema.records
        return try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE pending <> 0") ?? 0 }
    }

    // MARK: Decoding rows

    /// Decodes rows `ownerName, zoneName, recordName, value` into models, collecting the failures. `cached`
    /// reuses the connection's prepared statement: only for SQL whose text depends on the query's shape alone,
    /// so the connection's cache stays bounded.
    static func collect<Model: RecordModel>(
        _: Model.Type, _ db: Database, table: String, sql: String, arguments: StatementArguments, cached: Bool = false
    ) throws -> StoredModels<Model> {
        var result = StoredModels<Model>(models: [], undecodable: [])
        let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        let layout = StoredRow.Layout(statement)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            switch decode(Model.self, row, table: table, layout: layout) {
            case let .success(model): result.models.append(model)
            case let .failure(error): result.undecodable.append(error)
            }
        }
        return result
    }

    private static func decode<Model: RecordModel>(
        _: Model.Type, _ row: Row, table: String, layout: StoredRow.Layout
    ) -> Result<Model, RecordStoreError> {
        Result { () throws(RecordStoreError) -> Model in
            let stored = try StoredRow(row, table: table, layout: layout)
            // The cursor's row is reused: decode straight from SQLite's buffer, without copying the bytes.
            return try stored.withLocalBytes { (bytes) throws(RecordStoreError) -> Model in
                guard let bytes else {
                    throw .corruptRecord(stored.id, recordType: Model.recordType, copy: .local, NativeArchiveError(.notAnArchive, at: 0))
                }
                return try RowCoding.model(bytes, id: stored.id, recordType: Model.recordType, as: Model.self)
            }
        }
    }
}
