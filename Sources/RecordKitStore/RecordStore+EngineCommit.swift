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
    ///   - key: the engine whose state it is.
    @discardableResult
    public func commit(_ changes: EngineChanges, engineState: Data?, for key: EngineStateKey) throws(RecordStoreError) -> ApplyReport {
        let prepared = try prepare(changes)
        return try write(releasing: prepared.pins) { db in try commit(db, prepared, engineState: engineState, for: key) }
    }

    /// Received changes ready for their transaction: their assets taken into the folder (issue 26; fetched
    /// records whose assets cannot be taken in are left out and reported), their records encoded.
    struct PreparedEngineChanges: Sendable {
        var pages: [(page: FetchedPage, encoded: [(record: RecordKit.Record, bytes: Data)])] = []
        var sent: [SentChange]
        /// The asset digests pinned until the transaction ends (see ``write(releasing:_:)``).
        var pins: [String]
        var skipped: [SkippedRecord] = []
    }

    /// Takes the assets of received changes into the folder and encodes their records, before the transaction.
    func prepare(_ changes: EngineChanges) throws(RecordStoreError) -> PreparedEngineChanges {
        let (sent, sentPins) = adoptAssets(changes.sent)
        var prepared = PreparedEngineChanges(sent: sent, pins: sentPins)
        for page in changes.pages {
            let records = prepareServerRecords(page.changed)
            prepared.pages.append((page: page, encoded: records.encoded))
            prepared.pins += records.pins
            prepared.skipped += records.skipped
        }
        return prepared
    }

    /// Stores received changes and an engine's state inside a write transaction (see ``commit(_:engineState:for:)``).
    func commit(_ db: Database, _ prepared: PreparedEngineChanges, engineState: Data?, for key: EngineStateKey) throws -> ApplyReport {
        var report = ApplyReport()
        report.skipped += prepared.skipped
        for (page, encoded) in prepared.pages {
            report.append(try applyServerChanges(db, encoded: encoded, page: page))
        }
        try markSent(db, prepared.sent)
        if let engineState { try setStateValue(db, key.name, engineState) }
        return report
    }
}
