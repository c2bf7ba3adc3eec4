import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Saves and deletes records of any types as local edits that commit together, each with its pending change,
    /// or not at all.
    ///
    /// ```swift
    /// try store.transaction { edits in
    ///     edits.save(series)
    ///     edits.save(contentsOf: [book1, book2, book3])
    ///     edits.delete(Book.self, id: book4.id)
    /// }
    /// ```
    ///
    /// `body` notes the edits (see ``StoreTransaction``) and runs before the database is touched: what it throws
    /// stores nothing. Then the saved models' asset files are taken into the store's folder, and the edits are
    /// applied in the order they were noted, in one write transaction, as ``save(contentsOf:)`` and
    /// ``delete(_:ids:)`` apply them (a save then a delete of the same new record leaves nothing). The next
    /// ``nextPendingBatch(maxCount:maxBytes:including:)`` holds every change of the transaction.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, unchanged; or a ``RecordStoreError`` naming the record that failed (an asset
    ///   that cannot be taken in, an ID stored as another type, a name the store cannot keep). Either way nothing
    ///   of the transaction is stored.
    @discardableResult
    public func transaction<Value>(_ body: (inout StoreTransaction) throws -> Value) throws -> Value {
        var transaction = StoreTransaction()
        let result = try body(&transaction)
        guard !transaction.isEmpty else { return result }
        let prepared = try prepare(transaction)
        try write(releasing: prepared.pins) { db in try applyEdits(db, prepared) }
        return result
    }
}

extension AsyncRecordStore {
    /// Saves and deletes records of any types as local edits that commit together, or not at all: see
    /// ``RecordStore/transaction(_:)``. `body` runs on the caller's task before anything is stored; the write
    /// transaction runs on GRDB's async API, and a task cancelled before it runs stores nothing
    /// (``RecordStoreError/cancelled``).
    @discardableResult
    public func transaction<Value>(_ body: (inout StoreTransaction) throws -> Value) async throws -> Value {
        var transaction = StoreTransaction()
        let result = try body(&transaction)
        guard !transaction.isEmpty else { return result }
        let prepared = try store.prepare(transaction)
        try await store.write(releasing: prepared.pins) { [store] db in try store.applyEdits(db, prepared) }
        return result
    }
}
