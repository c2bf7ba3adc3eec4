import Foundation
import GRDB
import RecordKit
import RecordKitStore

/// The check behind `FuzzStoreRow`: what a damaged or foreign database file can hold in one record row, its
/// zone row and the store's state values, read back through every `RecordStore` read. SQLite keeps any type in
/// any column, so each cell can be NULL, an integer, a real, text (valid UTF-8 or not) or a blob.
///
/// Invariants: no read crashes; a read fails only with `RecordStoreError`, and an error about the record names
/// the record's ID; `fetchAll` and `forEach` account for the row (a model or an undecodable entry, never
/// dropped); a model that decodes survives being saved and read again.
public enum StoreRowChecks {
    /// Every store target by name (the folder names under Corpus/ and Regressions/).
    public static let all: [String: @Sendable (Data) throws(FuzzInvariantFailure) -> FuzzOutcome] = [
        "FuzzStoreRow": storeRow,
    ]

    /// Writes the cells `input` describes into a fresh in-memory store, then reads them back.
    public static func storeRow(_ input: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let cells = StoreRowInput(input)
        let store: RecordStore
        do {
            store = try RecordStore(database: try DatabaseQueue(), models: [Note.self], clock: EpochClock())
        } catch {
            throw FuzzInvariantFailure("cannot open an in-memory store: \(error)")
        }
        do {
            try store.database.write { db in try cells.insert(into: db) }
        } catch {
            // A NULL in a NOT NULL column or two rows with one key: SQLite itself refuses the row.
            return .rejected("SQLite refused the row: \(error)")
        }
        try checkStateReads(store)
        try checkBatch(store, id: cells.recordID)
        try checkModels(store, expected: cells.countsAsNote ? 1 : 0, id: cells.recordID)
        guard let id = cells.recordID else { return .decoded }
        return try checkRecord(store, id: id)
    }

    private static func checkStateReads(_ store: RecordStore) throws(FuzzInvariantFailure) {
        for (what, read) in [
            ("zones()", { () throws(RecordStoreError) in _ = try store.zones() }),
            ("databaseToken()", { () throws(RecordStoreError) in _ = try store.databaseToken() }),
            ("engineState(.syncEngine)", { () throws(RecordStoreError) in _ = try store.engineState(.syncEngine) }),
            ("engineState(.ckSyncEngine)", { () throws(RecordStoreError) in _ = try store.engineState(.ckSyncEngine) }),
            ("syncState()", { () throws(RecordStoreError) in _ = try store.syncState() }),
            ("pendingCount()", { () throws(RecordStoreError) in _ = try store.pendingCount() }),
        ] as [(String, () throws(RecordStoreError) -> Void)] {
            do {
                try read()
            } catch {
                try require(isCorruptData(error), "\(what) failed with an error that is not about stored data: \(error)")
            }
        }
    }

    private static func checkBatch(_ store: RecordStore, id: RecordID?) throws(FuzzInvariantFailure) {
        let batch: PendingBatch
        do { batch = try store.nextPendingBatch() } catch {
            try require(isCorruptData(error), "nextPendingBatch() failed with an error that is not about stored data: \(error)")
            return
        }
        for error in batch.unreadable {
            try require(id == nil || names(error, id), "nextPendingBatch() reports \(error), which does not name \(String(describing: id))")
        }
        try require(batch.saves.count + batch.deletes.count + batch.unreadable.count <= 1, "one row gave \(batch) in a pending batch")
    }

    private static func checkModels(_ store: RecordStore, expected: Int, id: RecordID?) throws(FuzzInvariantFailure) {
        let all: StoredModels<Note>
        do { all = try store.fetchAll(Note.self) } catch {
            try require(isCorruptData(error), "fetchAll failed with an error that is not about stored data: \(error)")
            return
        }
        try require(all.models.count + all.undecodable.count == expected, "fetchAll accounts for \(all.models.count + all.undecodable.count) rows, expected \(expected)")
        for error in all.undecodable {
            try require(id == nil || names(error, id), "fetchAll reports \(error), which does not name \(String(describing: id))")
        }
        var visited: [Note] = []
        let failures: [RecordStoreError]
        do { failures = try store.forEach(Note.self) { visited.append($0) } } catch {
            throw FuzzInvariantFailure("forEach failed where fetchAll succeeded: \(error)")
        }
        try require(visited == all.models && failures == all.undecodable, "forEach and fetchAll disagree")
    }

    private static func checkRecord(_ store: RecordStore, id: RecordID) throws(FuzzInvariantFailure) -> FuzzOutcome {
        do {
            _ = try store.storedState(of: id)
        } catch {
            try require(isCorruptData(error) && names(error, id), "storedState(of:) failed with \(error), which does not name \(id)")
        }
        let note: Note?
        do {
            note = try store.fetch(Note.self, id: id)
        } catch {
            try require(isCorruptData(error) && names(error, id), "fetch failed with \(error), which does not name \(id)")
            return .rejected(error.description)
        }
        guard let note else { return .decoded }
        // What the store read, it can write and read again unchanged, but for the clock the store stamps (never
        // earlier than the app's value).
        do {
            try store.save(note)
        } catch {
            // A row written behind the store's back may name an asset file outside its folder that does not exist:
            // the store refuses to take it in, naming the record, as it refuses any save of a missing file.
            if case let .asset(found, _, _, .missing) = error, found == id { return .rejected(error.description) }
            throw FuzzInvariantFailure("saving a model the store read failed: \(error)")
        }
        let again = try mustSucceed("reading a saved model back") { () throws(RecordStoreError) in try store.fetch(Note.self, id: id) }
        var expected = note
        if let again, again.modified >= note.modified { expected.modified = again.modified }
        // A file the row named is taken in: the saved model names the store's own copy of it.
        if let owned = again?.text.fileURL, note.text.fileURL != nil, owned.deletingLastPathComponent().path == store.assetFolderURL.path {
            expected.text.fileURL = owned
        }
        try require(again == expected, "a model read, saved and read again changed: \(note) -> \(String(describing: again))")
        return .decoded
    }

    /// Errors a damaged file may cause, or a lookup by a name the store refuses to bind (a NUL in it); the others
    /// (an invalid prefix, a newer store, SQLite failing) cannot come from a row.
    private static func isCorruptData(_ error: RecordStoreError) -> Bool {
        switch error {
        case .corruptRecord, .undecodable, .typeMismatch, .corruptState, .corruptColumn, .unstorableName, .corruptShare: true
        // Asset files: reads never open them.
        case .newerStoreSchema, .invalidTablePrefix, .diskFull, .database, .fileProtectionFailed, .missingGenerationCounter,
            .movedRecordWithoutValue, .moveIntoNonEmptyStore, .cancelled, .unexpected, .asset, .assetFolder,
            .unknownQueryField, .unsupportedQuery, .notProjected, .lostSharedZone:
            false
        }
    }

    /// Whether an error about a record names `id`.
    private static func names(_ error: RecordStoreError, _ id: RecordID?) -> Bool {
        switch error {
        case let .corruptRecord(found, _, _, _), let .undecodable(found, _, _), let .typeMismatch(found, _, _),
             let .asset(found, _, _, _), let .lostSharedZone(found, _), let .corruptShare(found, _): found == id
        case let .corruptColumn(found, _, _, _): found == nil || found == id
        case let .unstorableName(name, _): id.map { [$0.recordName, $0.zoneID.zoneName, $0.zoneID.ownerName].contains(name) } ?? false
        case .corruptState: true
        case .newerStoreSchema, .invalidTablePrefix, .diskFull, .database, .fileProtectionFailed, .missingGenerationCounter,
            .movedRecordWithoutValue, .moveIntoNonEmptyStore, .cancelled, .unexpected, .assetFolder,
            .unknownQueryField, .unsupportedQuery, .notProjected:
            false
        }
    }
}

/// A store clock at 1970-01-01: saves keep the app's clock unless the server copy's is not earlier.
private struct EpochClock: RecordStoreClock {
    func currentDate() -> Date { Date(timeIntervalSince1970: 0) }
}
