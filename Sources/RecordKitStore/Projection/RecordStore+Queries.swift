import Foundation
import GRDB
import RecordKit

// Typed queries over the projection (see <doc:QueryingTheStore>). Each has a form that runs in a GRDB `Database`
// the caller holds (`in db:`), so a ValueObservation can track the projection tables it reads.
extension RecordStore {
    /// The models that meet `query`, in its order (ties by record name), skipping `offset` of them and returning
    /// at most its `resultsLimit`. A query without a zone searches every zone. Pending deletes and records this
    /// app version cannot decode are not in the result (see ``unprojected(_:)``).
    ///
    /// - Throws: ``RecordStoreError/unknownQueryField(recordType:field:)`` for a field the model does not declare,
    ///   ``RecordStoreError/unsupportedQuery(recordType:field:reason:)`` for a comparison the field cannot answer,
    ///   ``RecordStoreError/notProjected(recordType:)`` when the store was opened without the model.
    public func fetch<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>, offset: Int = 0) throws(RecordStoreError) -> [Model] {
        let compiled = try compile(query)
        return try read { db in try fetch(compiled, limit: query.resultsLimit, offset: offset, in: db) }
    }

    /// How many models meet `query` (its limit aside).
    public func count<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>) throws(RecordStoreError) -> Int {
        let compiled = try compile(query)
        return try read { db in try count(compiled, in: db) }
    }

    /// Whether any model meets `query`.
    public func exists<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>) throws(RecordStoreError) -> Bool {
        let compiled = try compile(query)
        return try read { db in try exists(compiled, in: db) }
    }

    /// The models that `field` of the models meeting `query` point at, in record-name order, each once: the
    /// shelves of these books, in one query. References to records not stored (or not decodable) are skipped.
    public func fetch<Model: ProjectableRecordModel, Target: ProjectableRecordModel>(
        _ field: QueryField<Model, RecordReference<Target>>, of query: ModelQuery<Model>
    ) throws(RecordStoreError) -> [Target] {
        let compiled = try compile(query)
        let targetType = try projectedType(Target.self)
        return try read { db in try fetchTargets(field.key, of: compiled, targetType: targetType, as: Target.self, in: db) }
    }

    /// The models meeting `query` whose `field` points at one of the models meeting `parents`: the books on the
    /// shelves of a query, in one query, in `query`'s order.
    public func fetch<Model: ProjectableRecordModel, Parent: ProjectableRecordModel>(
        _ query: ModelQuery<Model>, where field: QueryField<Model, RecordReference<Parent>>, in parents: ModelQuery<Parent>
    ) throws(RecordStoreError) -> [Model] {
        var compiled = try compile(query)
        let parentsCompiled = try compile(parents, alias: "parent")
        try compiled.restrict(field.key, toRowsOf: parentsCompiled)
        return try read { db in try fetch(compiled, limit: query.resultsLimit, offset: 0, in: db) }
    }

    // MARK: Inside a caller's database access

    /// ``fetch(_:offset:)`` in a database access the caller holds (a GRDB read, write or ValueObservation).
    public func fetch<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>, offset: Int = 0, in db: Database) throws -> [Model] {
        try fetch(try compile(query), limit: query.resultsLimit, offset: offset, in: db)
    }

    /// ``count(_:)`` in a database access the caller holds.
    public func count<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>, in db: Database) throws -> Int {
        try count(try compile(query), in: db)
    }

    /// ``exists(_:)`` in a database access the caller holds.
    public func exists<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>, in db: Database) throws -> Bool {
        try exists(try compile(query), in: db)
    }

    /// The models whose projection rows `sql` selects, in its order: the escape hatch for queries the typed API
    /// does not cover. `sql` reads the projection tables (``projectionNames(of:)``) and selects the columns
    /// `ownerName`, `zoneName` and `recordName`; rows of records not stored as a `Model` are skipped.
    public func fetch<Model: ProjectableRecordModel>(
        _ type: Model.Type, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws(RecordStoreError) -> [Model] {
        let table = schema.records
        return try read { db in
            var models: [Model] = []
            let ids = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            let statement = try db.cachedStatement(sql: "SELECT recordType, value FROM \(table) WHERE \(RecordIDFilter.sql)")
            while let row = try ids.next() {
                let id = try StoredRow(row, table: "query").id
                guard let found = try Row.fetchOne(statement, arguments: try RecordIDFilter(id).arguments) else { continue }
                let stored = StoredRow(found, table: table, id: id)
                guard try stored.recordType == Model.recordType, let bytes = try stored.localBytes else { continue }
                models.append(try RowCoding.model(bytes, id: id, recordType: Model.recordType, as: Model.self))
            }
            return models
        }
    }

    // MARK: Compiled queries

    private func compile<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>, alias: String = "p") throws(RecordStoreError) -> CompiledQuery {
        let type = try projectedType(Model.self)
        let compiled = try ProjectionQuery(query, type: type, distanceFunction: distanceFunction, alias: alias)
        return CompiledQuery(query: compiled, recordsTable: schema.records)
    }

    private var distanceFunction: String { schema.prefix + "q_meters" }

    private func fetch<Model: RecordModel>(_ compiled: CompiledQuery, limit: Int?, offset: Int, in db: Database) throws -> [Model] {
        let sql = compiled.selectSQL(columns: "r.ownerName, r.zoneName, r.recordName, r.value", limit: limit, offset: offset)
        try addQueryFunctions(db, if: compiled.usesDistance)
        let result = try Self.collect(
            Model.self, db, table: schema.records, sql: sql, arguments: compiled.arguments(limit: limit, offset: offset),
            cached: compiled.isCacheable)
        // Every projected row decoded when it was written; one that does not now is a damaged row: say which.
        if let failure = result.undecodable.first { throw failure }
        return result.models
    }

    private func count(_ compiled: CompiledQuery, in db: Database) throws -> Int {
        try addQueryFunctions(db, if: compiled.query.conditionsUseDistance)
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(compiled.from) \(compiled.query.whereClause)", arguments: compiled.query.filterArguments) ?? 0
    }

    private func exists(_ compiled: CompiledQuery, in db: Database) throws -> Bool {
        try addQueryFunctions(db, if: compiled.query.conditionsUseDistance)
        return try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM \(compiled.from) \(compiled.query.whereClause))",
            arguments: compiled.query.filterArguments) ?? false
    }

    private func fetchTargets<Target: RecordModel>(
        _ key: QueryFieldKey, of compiled: CompiledQuery, targetType: ProjectedType, as _: Target.Type, in db: Database
    ) throws -> [Target] {
        try addQueryFunctions(db, if: compiled.query.conditionsUseDistance)
        guard case let .field(name) = key, let field = compiled.query.type.layout.field(name), field.columns.count == 3 else {
            throw RecordStoreError.unknownQueryField(recordType: compiled.query.type.recordType, field: key.schemaName)
        }
        let (refName, refZone, refOwner) = (
            "p." + ProjectionNames.quoted(field.columns[0].name), "p." + ProjectionNames.quoted(field.columns[1].name),
            "p." + ProjectionNames.quoted(field.columns[2].name))
        let sql = """
            SELECT r.ownerName, r.zoneName, r.recordName, r.value FROM \(targetType.table) t
            JOIN \(schema.records) r ON r.ownerName = t.ownerName AND r.zoneName = t.zoneName AND r.recordName = t.recordName
            WHERE (t.recordName, t.zoneName, t.ownerName) IN (
                SELECT \(refName), \(refZone), \(refOwner) FROM \(compiled.query.type.table) p \(compiled.query.whereClause))
            ORDER BY t.recordName, t.zoneName, t.ownerName
            """
        let result = try Self.collect(Target.self, db, table: schema.records, sql: sql, arguments: compiled.query.filterArguments)
        if let failure = result.undecodable.first { throw failure }
        return result.models
    }

    /// Adds the SQL functions queries call to the connection at hand (a pool's readers do not have them).
    /// Only when the query calls one (`needed`): adding a function to a connection expires every statement it has
    /// prepared, so adding it for every query made each query (and the app's cached statements) prepare again.
    private func addQueryFunctions(_ db: Database, if needed: Bool) throws {
        guard needed else { return }
        db.add(function: DatabaseFunction(distanceFunction, argumentCount: 4, pure: true) { values in
            guard let lat1 = Double.fromDatabaseValue(values[0]), let lon1 = Double.fromDatabaseValue(values[1]),
                  let lat2 = Double.fromDatabaseValue(values[2]), let lon2 = Double.fromDatabaseValue(values[3])
            else { return nil }
            return GreatCircle.meters(lat1, lon1, lat2, lon2)
        })
    }
}

/// A compiled query with the tables it reads.
struct CompiledQuery {
    var query: ProjectionQuery
    let recordsTable: String
    /// Extra conditions (a relation to another query), with their arguments, after the query's own.
    private var extra: [String] = []
    private var extraArguments: [DatabaseValueConvertible?] = []
    private var extraVariesWithValues = false
    private var extraUsesDistance = false

    init(query: ProjectionQuery, recordsTable: String) {
        self.query = query
        self.recordsTable = recordsTable
    }

    var from: String { "\(query.type.table) p" }

    /// The arguments of ``selectSQL(columns:limit:offset:)`` with the same `limit` and `offset`.
    func arguments(limit: Int?, offset: Int) -> StatementArguments {
        let order = query.orderArguments
        let filter = query.arguments + extraArguments + order
        guard isPaged(limit, offset) else { return StatementArguments(filter) }
        return StatementArguments(filter + [max(limit ?? -1, -1), max(offset, 0)])
    }

    /// Whether the statement's text depends only on the query's shape, so a prepared statement can be reused:
    /// the values (the page's bounds too) are bound, except those of lists, whose length is in the text.
    var isCacheable: Bool { !query.textVariesWithValues && !extraVariesWithValues }

    /// Whether the SELECT calls the distance function (in its conditions, its relation's or its order).
    var usesDistance: Bool { query.conditionsUseDistance || query.orderUsesDistance || extraUsesDistance }

    private func isPaged(_ limit: Int?, _ offset: Int) -> Bool { limit != nil || offset > 0 }

    /// The SELECT of the query's rows joined to their records. A page (a limit or an offset) is chosen in the
    /// projection table first, carrying only the record IDs through its sort, and only its rows are joined to the
    /// records table: joining every matching row before the sort looked up a record for each of thousands of rows
    /// to keep 50.
    ///
    /// The page's rows come out of its subquery in its order, and the `CROSS JOIN` keeps them in it: SQLite makes
    /// the left operand of a CROSS JOIN the outer loop, and each page row finds at most one record (the records
    /// table's primary key), so the result needs no second sort. That sort carried the archives, and it was what
    /// kept a selective page (one series of books) at 1.6x a hand-written query.
    func selectSQL(columns: String, limit: Int?, offset: Int) -> String {
        let conditions = query.conditions + extra
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let on = "ON r.ownerName = p.ownerName AND r.zoneName = p.zoneName AND r.recordName = p.recordName"
        guard isPaged(limit, offset) else {
            return "SELECT \(columns) FROM \(from)\nJOIN \(recordsTable) r \(on)\n\(whereClause) \(query.orderClause)"
        }
        return """
            SELECT \(columns) FROM (
                SELECT p.ownerName, p.zoneName, p.recordName FROM \(from) \(whereClause) \(query.orderClause) LIMIT ? OFFSET ?) p
            CROSS JOIN \(recordsTable) r \(on)
            """
    }

    /// Keeps only the rows whose reference `key` points at a row `parents` selects.
    mutating func restrict(_ key: QueryFieldKey, toRowsOf parents: CompiledQuery) throws(RecordStoreError) {
        guard case let .field(name) = key, let field = query.type.layout.field(name), field.columns.count == 3 else {
            throw .unknownQueryField(recordType: query.type.recordType, field: key.schemaName)
        }
        let columns = field.columns.map { "p." + ProjectionNames.quoted($0.name) }.joined(separator: ", ")
        let parent = parents.query.alias
        extra.append("(\(columns)) IN (SELECT \(parent).recordName, \(parent).zoneName, \(parent).ownerName FROM \(parents.query.type.table) \(parent) \(parents.query.whereClause))")
        extraArguments += parents.query.arguments
        extraVariesWithValues = extraVariesWithValues || parents.query.textVariesWithValues
        extraUsesDistance = extraUsesDistance || parents.query.conditionsUseDistance
    }
}

/// The great-circle distance the store's `near` filters and distance sorts use (haversine, mean Earth radius), as
/// RecordKit's in-process query evaluation computes it.
enum GreatCircle {
    static func meters(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}
