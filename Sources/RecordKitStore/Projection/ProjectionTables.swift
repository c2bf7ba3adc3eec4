import Foundation
import GRDB
import RecordKit

/// Creates, rebuilds and maintains the projection tables of the registered model types.
///
/// The tables are kept by temporary triggers on the store's write connection (as the asset bookkeeping is): every
/// insert, update of the local value or ID, and delete of a row of the records table rewrites that record's
/// projection row and full-text row in the same statement (an insert by statements in the asset bookkeeping's
/// insert trigger: ``insertTriggerStatements``), so every write path (local edits, fetched pages,
/// merges, sent results, zone resets, requeues, the Core Data move, the async paths) keeps them in its own
/// transaction. A pending delete (a NULL value) and a record the model cannot decode have no projection row. Two
/// paths write the rows of a new record themselves, in the same transaction, with the insert trigger bypassed:
/// a fetched record the store does not hold yet, and a local save of a record it does not hold; their rows come
/// from the record in hand (``ProjectionDirectInsert``).
///
/// Each table's layout signature is stored in the state table under `projection.<RecordType>`: when the models
/// an app opens the store with describe another layout (a new field, a new index), the table is rebuilt from the
/// records beside the old one in committed batches and swapped in at the end (``ProjectionRebuild``), so a kill
/// or a full disk during the rebuild leaves the old table and its signature in use, and the next open continues
/// after the last committed batch.
struct ProjectionTables: Sendable {
    static let signaturePrefix = "projection."

    let schema: StoreSchema
    let types: [ProjectedType]
    /// The records a rebuild projects per committed transaction.
    let rebuildBatchSize: Int

    init(schema: StoreSchema, models: [any RecordModel.Type], rebuildBatchSize: Int = 2_000) {
        self.schema = schema
        self.rebuildBatchSize = max(1, rebuildBatchSize)
        var seen = Set<String>()
        types = models.compactMap { model in
            guard let projectable = model as? any ProjectableRecordModel.Type, seen.insert(model.recordType).inserted else { return nil }
            return Self.projected(projectable, schema: schema)
        }
    }

    private static func projected<Model: ProjectableRecordModel>(_ model: Model.Type, schema: StoreSchema) -> ProjectedType {
        ProjectedType(model, schema: schema)
    }

    func type(_ recordType: String) -> ProjectedType? { types.first { $0.recordType == recordType } }

    /// At open, on the write connection: adds the column functions, rebuilds the tables whose signature changed
    /// (in batches, continuing an interrupted rebuild: see ``ProjectionRebuild``), drops those of types no longer
    /// registered, and installs the triggers. Returns what each rebuild did.
    func prepare(_ db: Database, archives: ArchiveDecodeCache) throws -> [ProjectionRebuildReport] {
        for type in types { db.add(function: type.columnFunction(archives: archives)) }
        _ = TriggerBypass.install(db, prefix: schema.prefix)
        _ = TriggerBypass.install(db, prefix: schema.prefix, scope: .projection)
        try uninstallTriggers(db)
        var reports: [ProjectionRebuildReport] = []
        for type in types {
            let stored = try String.fetchOne(
                db, sql: "SELECT value FROM \(schema.state) WHERE key = ?", arguments: [Self.signaturePrefix + type.recordType])
            let exists = try db.tableExists(type.table)
            let rebuild = ProjectionRebuild(tables: self, type: type, batchSize: rebuildBatchSize)
            if stored != type.layout.signature || !exists {
                reports.append(try rebuild.run(db))
            } else if try rebuild.leftoverSignature(db) == type.layout.signature {
                // A rebuild of this very layout that another connection finished: its leftovers are moot. A rebuild
                // of another layout stays, noting changes, for the app version that continues it.
                try db.inTransaction {
                    try rebuild.discard(db)
                    return .commit
                }
            }
        }
        try dropUnregistered(db)
        for type in types { try installTriggers(db, type) }
        return reports
    }

    func create(_ db: Database, _ type: ProjectedType, table: String, fullText: String?) throws {
        let fieldColumns = type.layout.fields.flatMap(\.columns).map { "\(ProjectionNames.quoted($0.name)) \($0.type)" }
        try db.execute(sql: """
            CREATE TABLE main.\(table) (
                _rowid INTEGER PRIMARY KEY,
                ownerName TEXT NOT NULL,
                zoneName TEXT NOT NULL,
                recordName TEXT NOT NULL,
                createdAt REAL,
                modifiedAt REAL\(fieldColumns.map { ",\n    " + $0 }.joined()),
                UNIQUE (recordName, zoneName, ownerName)
            )
            """)
        if let fullText {
            let names = type.layout.fullTextColumns
            try db.execute(sql: "CREATE VIRTUAL TABLE main.\(fullText) USING fts5(\(names), tokenize = 'unicode61 remove_diacritics 2')")
        }
    }

    /// An index per `queryable` or `sortable` field (a reference's over its three columns); lists are JSON arrays,
    /// searched with `json_each`, without one.
    func createIndexes(_ db: Database, _ type: ProjectedType) throws {
        for field in type.layout.fields where !field.field.indexes.isDisjoint(with: [.queryable, .sortable]) {
            if case .list = field.field.type { continue }
            let columns = field.columns.map { ProjectionNames.quoted($0.name) }.joined(separator: ", ")
            try db.execute(sql: "CREATE INDEX main.\(type.table)_\(ProjectionNames.identifier(field.field.key)) ON \(type.table) (\(columns))")
        }
    }

    func drop(_ db: Database, table: String, fullText: String?) throws {
        if let fullText { try db.execute(sql: "DROP TABLE IF EXISTS main.\(fullText)") }
        try db.execute(sql: "DROP TABLE IF EXISTS main.\(table)")
    }

    /// Drops the projections of record types the store was opened without: nothing would keep them current.
    private func dropUnregistered(_ db: Database) throws {
        let keys = try String.fetchAll(
            db, sql: "SELECT key FROM \(schema.state) WHERE substr(key, 1, ?) = ?",
            arguments: [Self.signaturePrefix.count, Self.signaturePrefix])
        for key in keys {
            let recordType = String(key.dropFirst(Self.signaturePrefix.count))
            guard type(recordType) == nil else { continue }
            let table = schema.prefix + "q_" + ProjectionNames.identifier(recordType)
            try db.inTransaction {
                try drop(db, table: table, fullText: table + "_fts")
                try db.execute(sql: "DELETE FROM \(schema.state) WHERE key = ?", arguments: [key])
                return .commit
            }
        }
    }

    // MARK: Triggers

    private func uninstallTriggers(_ db: Database) throws {
        let names = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_temp_master WHERE type = 'trigger' AND substr(name, 1, ?) = ?",
            arguments: [(schema.prefix + "q_").count, schema.prefix + "q_"])
        for name in names { try db.execute(sql: "DROP TRIGGER IF EXISTS temp.\(ProjectionNames.quoted(name))") }
    }

    /// The update and delete triggers of `type`. Its inserts are kept by the statements of
    /// ``insertTriggerStatements``, which run in the records table's one insert trigger.
    private func installTriggers(_ db: Database, _ type: ProjectedType) throws {
        let records = schema.records
        let recordType = ProjectionNames.literal(type.recordType)
        let sameKey = "OLD.ownerName = NEW.ownerName AND OLD.zoneName = NEW.zoneName AND OLD.recordName = NEW.recordName"
        // A local save's update keeps the row itself (`ProjectionDirectInsert.update`), with the flag on.
        let localSave = TriggerBypass.functionName(prefix: schema.prefix, scope: .projection)
        try db.execute(sql: """
            CREATE TEMP TRIGGER \(type.table)_update AFTER UPDATE OF value, recordType, ownerName, zoneName, recordName ON main.\(records)
            WHEN NOT \(localSave)() AND (OLD.recordType = \(recordType) OR NEW.recordType = \(recordType))
                AND (OLD.value IS NOT NEW.value OR OLD.recordType IS NOT NEW.recordType OR NOT (\(sameKey))) BEGIN
                \(deleteRow(type))
                \(insertRow(type))
            END;
            CREATE TEMP TRIGGER \(type.table)_delete AFTER DELETE ON main.\(records)
            WHEN OLD.recordType = \(recordType) BEGIN
                \(deleteRow(type))
            END;
            """)
    }

    /// The statements that keep the projection of an inserted records row (NEW): for each type, its row (and
    /// full-text row) when NEW is of the type, unless a local save writes it from the record in hand (see
    /// `saveLocally`, which turns ``TriggerBypass/Scope/projection`` on). They run in the records table's one
    /// insert trigger, the asset bookkeeping's (``AssetReferences/install(_:archives:insertStatements:)``), which
    /// every write that computes its rows itself bypasses: SQLite sets up a trigger's program for every inserted
    /// row even when its `WHEN` is false, and a trigger per type cost each record of the initial sync about 1,200
    /// instructions, a twentieth of what its projection costs.
    var insertTriggerStatements: String {
        let localSave = TriggerBypass.functionName(prefix: schema.prefix, scope: .projection)
        return types.map { type in
            insertRow(type, when: "NEW.recordType = \(ProjectionNames.literal(type.recordType)) AND NOT \(localSave)()")
        }.joined(separator: "\n")
    }

    // Statements in a trigger name tables unqualified (SQLite refuses `main.` there); the store's names are unique.

    /// The statements that add NEW's projection row (and full-text row), when NEW is of the type and decodes,
    /// replacing any row left under its ID; with `condition`, each statement only when it holds.
    private func insertRow(_ type: ProjectedType, when condition: String? = nil) -> String {
        let columns = ProjectionLayout.systemColumns + type.layout.fieldColumnNames
        let values = ["NEW.ownerName", "NEW.zoneName", "NEW.recordName"] + (0..<(columns.count - 3)).map { "\(type.function)(NEW.value, \($0))" }
        let also = condition.map { " AND (\($0))" } ?? ""
        var sql = deleteRow(type, row: "NEW", when: condition) + "\n" + """
            INSERT INTO \(type.table) (\(columns.map(ProjectionNames.quoted).joined(separator: ", ")))
            SELECT \(values.joined(separator: ", "))
            WHERE NEW.recordType = \(ProjectionNames.literal(type.recordType))\(also) AND \(type.function)(NEW.value, -1);
            """
        if let fullText = type.fullTextTable {
            let names = type.layout.fullTextColumns
            sql += """

                INSERT INTO \(fullText) (rowid, \(names)) SELECT _rowid, \(names) FROM \(type.table)
                WHERE recordName = NEW.recordName AND zoneName = NEW.zoneName AND ownerName = NEW.ownerName\(also);
                """
        }
        return sql
    }

    /// The statements that remove the projection row and full-text row of `row` (OLD or NEW); with `condition`,
    /// only when it holds.
    private func deleteRow(_ type: ProjectedType, row: String = "OLD", when condition: String? = nil) -> String {
        let key = "recordName = \(row).recordName AND zoneName = \(row).zoneName AND ownerName = \(row).ownerName"
        let also = condition.map { " AND (\($0))" } ?? ""
        var sql = ""
        if let fullText = type.fullTextTable {
            sql += "DELETE FROM \(fullText) WHERE rowid IN (SELECT _rowid FROM \(type.table) WHERE \(key))\(also);\n"
        }
        return sql + "DELETE FROM \(type.table) WHERE \(key)\(also);"
    }
}
