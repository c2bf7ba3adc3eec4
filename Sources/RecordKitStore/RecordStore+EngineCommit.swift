import Foundation
import GRDB
import RecordKit

/// What a sync engine received since it last stored its state: fetched pages and the changes the server
/// accepted, to store in one transaction with the engine state that covers them.
public struct EngineChanges: Sendable, Hashable {
    /// Fetched records and deletions, zone by zone (a page's token, if any, is stored too).
    public var pages: [FetchedPage]
    /// Saves and deletes the server accepted.
    public var sent: [SentChange]

    /// Changes to commit.
    public init(pages: [FetchedPage] = [], sent: [SentChange] = []) {
        self.pages = pages
        self.sent = sent
    }

    /// Whether there is nothing to store.
    public var isEmpty: Bool { pages.isEmpty && sent.isEmpty }
}

extension RecordStore {
    /// Stores fetched pages and sent changes exactly as ``apply(_:)`` and ``markSent(_:)`` do, and the engine's
    /// state, all in one transaction: the state (which holds CKSyncEngine's change tokens) never covers
    /// changes the store does not hold, and the changes are never stored without the state that follows them.
    ///
    /// - Parameters:
    ///   - changes: the fetched pages and the changes the server accepted.
    ///   - engineState: the engine's state after these changes; nil leaves the stored state as it is.
    @discardableResult
    public func commit(_ changes: EngineChanges, engineState: Data?) throws(RecordStoreError) -> ApplyReport {
        // Assets (issue 26): fetched and sent records' files are taken in before the transaction.
        let (sent, sentPins) = try adoptAssets(changes.sent)
        let adoptedPages = changes.pages.map { (page: $0, adopted: adoptServerAssets($0.changed)) }
        let pages = adoptedPages.map { adopted in
            (page: adopted.page, encoded: adopted.adopted.records.map { (record: $0, bytes: NativeArchive.encode($0)) })
        }
        let pins = adoptedPages.flatMap { $0.adopted.pins } + sentPins
        let table = schema.state
        return try write(releasing: pins) { db in
            var report = ApplyReport()
            report.skipped += adoptedPages.flatMap { $0.adopted.skipped }
            for (page, encoded) in pages {
                report.append(try applyServerChanges(db, encoded: encoded, page: page))
            }
            try markSent(db, sent)
            if let engineState {
                try db.execute(sql: "INSERT OR REPLACE INTO \(table) (key, value) VALUES ('engineState', ?)", arguments: [engineState])
            }
            return report
        }
    }

    /// Deletes every record, every zone's token, the database token and the engine state, in one transaction
    /// (the user signed out of, or switched, their iCloud account, and the app keeps no data of the last one).
    public func deleteAllData() throws(RecordStoreError) {
        let (records, zones, state, parked, refetch) = (schema.records, schema.zones, schema.state, schema.parked, schema.refetch)
        try write { db in
            try db.execute(sql: "DELETE FROM \(records)")
            try db.execute(sql: "DELETE FROM \(zones)")
            try db.execute(sql: "DELETE FROM \(state) WHERE key IN ('databaseToken', 'engineState')")
            try db.execute(sql: "DELETE FROM \(parked)")
            try db.execute(sql: "DELETE FROM \(refetch)")
        }
    }

    /// Forgets everything the store knows of the server (server copies, tokens, engine state) and queues every
    /// stored record to be uploaded as new; pending deletes are dropped (the account they were for is gone).
    /// One transaction. For a user who signed in to another account and keeps the data made on this device.
    ///
    /// - Returns: how many records are queued.
    @discardableResult
    public func requeueAll() throws(RecordStoreError) -> Int {
        let (records, zones, state, parked, refetch) = (schema.records, schema.zones, schema.state, schema.parked, schema.refetch)
        return try write { db in
            try db.execute(sql: "DELETE FROM \(records) WHERE value IS NULL")
            // By rowid: the rows are taken as stored, whatever their names hold.
            let rowids = try Int64.fetchAll(db, sql: "SELECT rowid FROM \(records) ORDER BY ownerName, zoneName, recordName")
            var generation = try reserveGenerations(db, count: rowids.count)
            for rowid in rowids {
                try db.execute(sql: """
                    UPDATE \(records) SET server = NULL, pending = \(PendingCode.save.rawValue), generation = ? WHERE rowid = ?
                    """, arguments: [generation, rowid])
                generation += 1
            }
            try db.execute(sql: "DELETE FROM \(zones)")
            try db.execute(sql: "DELETE FROM \(state) WHERE key IN ('databaseToken', 'engineState')")
            try db.execute(sql: "DELETE FROM \(parked)")
            try db.execute(sql: "DELETE FROM \(refetch)")
            return rowids.count
        }
    }
}
