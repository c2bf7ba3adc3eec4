import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Saves a model as a local edit: its record (with the unknown fields it kept) and a pending save commit in
    /// one transaction. A pending save or delete of the same record is replaced by this save.
    public func save<Model: RecordModel>(_ model: Model) throws(RecordStoreError) {
        try save(contentsOf: CollectionOfOne(model))
    }

    /// Saves models as local edits, all in one transaction.
    ///
    /// A model with a last-writer-wins clock stamped by the store (`MergeClock.Stamp.store`, the
    /// schema's default) is saved with its clock field set to the latest of the app's value, the store's clock
    /// (``RecordStoreClock``) and the clock of the last server copy plus one millisecond: an edit is never older
    /// than the server record it edits, so a device with a slow clock, or an app that forgets to set the
    /// field, still wins with a later edit. With `MergeClock.Stamp.app` the app's value is kept.
    public func save<Model: RecordModel>(contentsOf models: some Sequence<Model>) throws(RecordStoreError) {
        // Encode before taking the write lock, so the transaction only writes (and stamps).
        // Assets (issue 26): the app's files are copied into the asset folder before the transaction.
        let prepared = try prepareLocalSaves(models.map { LocalSave.Request($0) })
        guard !prepared.saves.isEmpty else { return }
        let now = clock.currentDate()
        try write(releasing: prepared.pins) { db in try saveLocally(db, prepared.saves, now: now) }
    }

    /// Deletes a record as a local edit, with its pending delete, in one transaction. A record the server never
    /// saw is removed outright (nothing to send); otherwise a tombstone stays until the delete is sent.
    ///
    /// - Returns: whether there was a record to delete.
    @discardableResult
    public func delete<Model: RecordModel>(_ type: Model.Type, id: RecordID) throws(RecordStoreError) -> Bool {
        try delete(type, ids: [id]) > 0
    }

    /// Deletes records as local edits, all in one transaction. Returns how many there were to delete.
    @discardableResult
    public func delete<Model: RecordModel>(_ type: Model.Type, ids: [RecordID]) throws(RecordStoreError) -> Int {
        try write { db in try deleteLocally(db, recordType: Model.recordType, ids: ids) }
    }
}
