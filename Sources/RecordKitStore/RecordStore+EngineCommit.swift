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
        let pages = changes.pages.map { page in
            (page: page, encoded: page.changed.map { (record: $0, bytes: NativeArchive.encode($0)) })
        }
        return try write { db in try commit(db, pages: pages, sent: changes.sent, engineState: engineState, for: key) }
    }

    /// Stores received changes and an engine's state inside a write transaction (see ``commit(_:engineState:for:)``).
    func commit(
        _ db: Database, pages: [(page: FetchedPage, encoded: [(record: RecordKit.Record, bytes: Data)])], sent: [SentChange],
        engineState: Data?, for key: EngineStateKey
    ) throws -> ApplyReport {
        var report = ApplyReport()
        for (page, encoded) in pages {
            report.append(try applyServerChanges(db, encoded: encoded, page: page))
        }
        try markSent(db, sent)
        if let engineState { try setStateValue(db, key.name, engineState) }
        return report
    }
}
