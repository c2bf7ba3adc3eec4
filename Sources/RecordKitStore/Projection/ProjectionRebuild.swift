import Foundation
import GRDB
import RecordKit

/// What one open's rebuild of a type's projection did (for tests and diagnostics).
package struct ProjectionRebuildReport: Sendable, Hashable {
    /// The record type whose projection was rebuilt.
    package let recordType: String
    /// The rowid of the records table an earlier, interrupted rebuild had built up to, which this one continued
    /// after; nil when it started anew.
    package let resumedAfterRowid: Int64?
    /// The batches this open committed.
    package let batches: Int
    /// The records projected again at the swap because they were written after the rebuild began.
    package let reprojected: Int
}

/// How far a rebuild got, as the state table keeps it under `projectionRebuild.<RecordType>`: the rowid of the
/// last records row built and the signature of the layout being built, as `<rowid>;<signature>`.
struct ProjectionRebuildProgress: Hashable {
    let lastRowid: Int64
    let signature: String

    var stored: String { "\(lastRowid);\(signature)" }

    init(lastRowid: Int64, signature: String) {
        self.lastRowid = lastRowid
        self.signature = signature
    }

    init?(stored: String) {
        guard let separator = stored.firstIndex(of: ";"), let rowid = Int64(stored[..<separator]) else { return nil }
        lastRowid = rowid
        signature = String(stored[stored.index(after: separator)...])
    }
}

/// The rebuild of one type's projection in committed batches, resumable after a kill or a full disk.
///
/// The new tables (`<table>_new`, `<fts>_new`) are built beside the old ones, which queries keep using, in
/// transactions of `batchSize` records taken by rowid; each commits its rows with the progress. From the first
/// batch on, persistent triggers (`<table>_rebuild_*`, in the database, so that every connection fires them: this
/// process, another one, an app version without projections) note the ID of every record of the type written
/// in `<table>_rebuild_changes`. The last transaction projects those records again, so none is stale, swaps the
/// tables, builds the indexes, stores the new signature and removes the progress, triggers and notes: a kill or a
/// full disk before it leaves the old tables in use, and the next open continues after the last committed batch.
struct ProjectionRebuild {
    static let progressPrefix = "projectionRebuild."

    let tables: ProjectionTables
    let type: ProjectedType
    let batchSize: Int

    var newTable: String { type.table + "_new" }
    var newFullText: String? { type.fullTextTable.map { $0 + "_new" } }
    var changes: String { type.table + "_rebuild_changes" }
    var progressKey: String { Self.progressPrefix + type.recordType }
    private var triggers: [String] { ["insert", "update", "delete"].map { "\(type.table)_rebuild_\($0)" } }
    private var state: String { tables.schema.state }

    /// Rebuilds the projection, continuing an interrupted rebuild of the same layout when there is one.
    func run(_ db: Database) throws -> ProjectionRebuildReport {
        let resumed = try resumablePosition(db)
        if resumed == nil {
            try db.inTransaction {
                try start(db)
                return .commit
            }
        }
        var position = resumed ?? 0
        var batches = 0
        while let next = try buildBatch(db, after: position) {
            position = next
            batches += 1
        }
        var reprojected = 0
        try db.inTransaction {
            reprojected = try finish(db)
            return .commit
        }
        return ProjectionRebuildReport(recordType: type.recordType, resumedAfterRowid: resumed, batches: batches, reprojected: reprojected)
    }

    /// Where an interrupted rebuild of this layout stopped; nil when there is none to continue.
    private func resumablePosition(_ db: Database) throws -> Int64? {
        guard let stored = try String.fetchOne(db, sql: "SELECT value FROM \(state) WHERE key = ?", arguments: [progressKey]),
              let progress = ProjectionRebuildProgress(stored: stored), progress.signature == type.layout.signature,
              try db.tableExists(newTable), try db.tableExists(changes),
              try triggers.allSatisfy({ try db.triggerExists($0) })
        else { return nil }
        if let newFullText, try !db.tableExists(newFullText) { return nil }
        return progress.lastRowid
    }

    /// Clears what an earlier rebuild left, then creates the new tables, the change notes and their triggers.
    private func start(_ db: Database) throws {
        try discard(db)
        try tables.create(db, type, table: newTable, fullText: newFullText)
        try db.execute(sql: """
            CREATE TABLE main.\(changes) (
                ownerName TEXT NOT NULL, zoneName TEXT NOT NULL, recordName TEXT NOT NULL,
                PRIMARY KEY (ownerName, zoneName, recordName)
            ) WITHOUT ROWID
            """)
        let records = tables.schema.records
        let recordType = ProjectionNames.literal(type.recordType)
        // Not INSERT OR IGNORE: the conflict clause of the statement that fires a trigger overrides its body's.
        func note(_ row: String) -> String {
            """
            INSERT INTO \(changes) SELECT \(row).ownerName, \(row).zoneName, \(row).recordName WHERE NOT EXISTS (
                SELECT 1 FROM \(changes) WHERE ownerName = \(row).ownerName AND zoneName = \(row).zoneName AND recordName = \(row).recordName);
            """
        }
        try db.execute(sql: """
            CREATE TRIGGER main.\(triggers[0]) AFTER INSERT ON \(records)
            WHEN NEW.recordType = \(recordType) BEGIN \(note("NEW")) END;
            CREATE TRIGGER main.\(triggers[1]) AFTER UPDATE OF value, recordType, ownerName, zoneName, recordName ON \(records)
            WHEN OLD.recordType = \(recordType) OR NEW.recordType = \(recordType) BEGIN \(note("OLD")) \(note("NEW")) END;
            CREATE TRIGGER main.\(triggers[2]) AFTER DELETE ON \(records)
            WHEN OLD.recordType = \(recordType) BEGIN \(note("OLD")) END;
            """)
        try saveProgress(db, lastRowid: 0)
    }

    /// Builds the next batch of rows after `rowid` in its own transaction; nil when none is left.
    private func buildBatch(_ db: Database, after rowid: Int64) throws -> Int64? {
        var last: Int64?
        try db.inTransaction {
            last = try Int64.fetchOne(db, sql: """
                SELECT max(rowid) FROM (SELECT rowid FROM main.\(tables.schema.records)
                WHERE recordType = ? AND rowid > ? ORDER BY rowid LIMIT ?)
                """, arguments: [type.recordType, rowid, batchSize])
            guard let last else { return .rollback }
            let before = try Int64.fetchOne(db, sql: "SELECT max(_rowid) FROM main.\(newTable)") ?? 0
            let columns = ProjectionLayout.systemColumns + type.layout.fieldColumnNames
            let values = (0..<(columns.count - 3)).map { "\(type.function)(value, \($0))" }
            // A row already built is kept: a record written since the rebuild began is noted and projected again
            // at the end, whichever batch met it.
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO main.\(newTable) (\(columns.map(ProjectionNames.quoted).joined(separator: ", ")))
                    SELECT ownerName, zoneName, recordName, \(values.joined(separator: ", ")) FROM main.\(tables.schema.records)
                    WHERE recordType = ? AND rowid > ? AND rowid <= ? AND value IS NOT NULL AND \(type.function)(value, -1)
                    """, arguments: [type.recordType, rowid, last])
            try fillFullText(db, after: before)
            try saveProgress(db, lastRowid: last)
            return .commit
        }
        return last
    }

    /// Projects the noted records again, swaps the new tables in, builds their indexes, stores the signature
    /// and removes the rebuild's progress, notes and triggers. Returns how many records were noted.
    private func finish(_ db: Database) throws -> Int {
        let noted = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(changes)") ?? 0
        if noted > 0 {
            let key = "(ownerName, zoneName, recordName) IN (SELECT ownerName, zoneName, recordName FROM main.\(changes))"
            if let newFullText {
                try db.execute(sql: "DELETE FROM main.\(newFullText) WHERE rowid IN (SELECT _rowid FROM main.\(newTable) WHERE \(key))")
            }
            try db.execute(sql: "DELETE FROM main.\(newTable) WHERE \(key)")
            let before = try Int64.fetchOne(db, sql: "SELECT max(_rowid) FROM main.\(newTable)") ?? 0
            let columns = ProjectionLayout.systemColumns + type.layout.fieldColumnNames
            let values = (0..<(columns.count - 3)).map { "\(type.function)(r.value, \($0))" }
            try db.execute(
                sql: """
                    INSERT INTO main.\(newTable) (\(columns.map(ProjectionNames.quoted).joined(separator: ", ")))
                    SELECT r.ownerName, r.zoneName, r.recordName, \(values.joined(separator: ", "))
                    FROM main.\(changes) c JOIN main.\(tables.schema.records) r
                        ON r.ownerName = c.ownerName AND r.zoneName = c.zoneName AND r.recordName = c.recordName
                    WHERE r.recordType = ? AND r.value IS NOT NULL AND \(type.function)(r.value, -1)
                    """, arguments: [type.recordType])
            try fillFullText(db, after: before)
        }
        try tables.drop(db, table: type.table, fullText: type.fullTextTable ?? type.table + "_fts")
        try db.execute(sql: "ALTER TABLE main.\(newTable) RENAME TO \(type.table)")
        if let newFullText, let fullText = type.fullTextTable {
            try db.execute(sql: "ALTER TABLE main.\(newFullText) RENAME TO \(fullText)")
        }
        try tables.createIndexes(db, type)
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(state) (key, value) VALUES (?, ?)",
            arguments: [ProjectionTables.signaturePrefix + type.recordType, type.layout.signature])
        try discardBookkeeping(db)
        return noted
    }

    /// The full-text rows of the new table's rows after `rowid`.
    private func fillFullText(_ db: Database, after rowid: Int64) throws {
        guard let newFullText else { return }
        let names = type.layout.fullTextColumns
        try db.execute(
            sql: "INSERT INTO main.\(newFullText) (rowid, \(names)) SELECT _rowid, \(names) FROM main.\(newTable) WHERE _rowid > ?",
            arguments: [rowid])
    }

    private func saveProgress(_ db: Database, lastRowid: Int64) throws {
        let progress = ProjectionRebuildProgress(lastRowid: lastRowid, signature: type.layout.signature)
        try db.execute(sql: "INSERT OR REPLACE INTO \(state) (key, value) VALUES (?, ?)", arguments: [progressKey, progress.stored])
    }

    /// Removes everything a rebuild of this type left: its new tables, notes, triggers and progress.
    func discard(_ db: Database) throws {
        try tables.drop(db, table: newTable, fullText: newFullText ?? type.table + "_fts_new")
        try discardBookkeeping(db)
    }

    private func discardBookkeeping(_ db: Database) throws {
        for trigger in triggers { try db.execute(sql: "DROP TRIGGER IF EXISTS main.\(trigger)") }
        try db.execute(sql: "DROP TABLE IF EXISTS main.\(changes)")
        try db.execute(sql: "DELETE FROM \(state) WHERE key = ?", arguments: [progressKey])
    }

    /// The layout signature of a rebuild left unfinished; nil when there is none.
    func leftoverSignature(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM \(state) WHERE key = ?", arguments: [progressKey])
            .flatMap(ProjectionRebuildProgress.init(stored:))?.signature
    }
}
