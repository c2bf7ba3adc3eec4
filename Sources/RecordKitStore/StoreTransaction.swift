import Foundation
import GRDB
import RecordKit

/// Local edits of records of any types that the store commits together, or not at all: the argument of
/// ``RecordStore/transaction(_:)`` and ``AsyncRecordStore/transaction(_:)``.
///
/// Each call notes an edit; none touches the database. When the closure returns, the store takes the saved
/// models' asset files into its folder, then applies the edits in the order they were made, each with its pending
/// change, in one write transaction: the same writes ``RecordStore/save(contentsOf:)`` and
/// ``RecordStore/delete(_:ids:)`` make.
public struct StoreTransaction {
    /// One noted edit, in the order the app made it.
    enum Edit {
        case save([LocalSave.Request])
        case delete(recordType: String, ids: [RecordID])
    }

    private(set) var edits: [Edit] = []

    init() {}

    /// Saves a model (see ``RecordStore/save(_:)``).
    public mutating func save<Model: RecordModel>(_ model: Model) {
        edits.append(.save([LocalSave.Request(model)]))
    }

    /// Saves models (see ``RecordStore/save(contentsOf:)``).
    public mutating func save<Model: RecordModel>(contentsOf models: some Sequence<Model>) {
        edits.append(.save(models.map { LocalSave.Request($0) }))
    }

    /// Deletes a record of `type` (see ``RecordStore/delete(_:id:)``).
    public mutating func delete<Model: RecordModel>(_ type: Model.Type, id: RecordID) {
        edits.append(.delete(recordType: Model.recordType, ids: [id]))
    }

    /// Deletes records of `type` (see ``RecordStore/delete(_:ids:)``).
    public mutating func delete<Model: RecordModel>(_ type: Model.Type, ids: [RecordID]) {
        edits.append(.delete(recordType: Model.recordType, ids: ids))
    }

    /// Whether no edit was noted.
    public var isEmpty: Bool { edits.isEmpty }
}

/// A ``StoreTransaction``'s edits with the saved records' assets taken in: ready for its write transaction.
struct PreparedTransaction: Sendable {
    enum Edit: Sendable {
        case save([LocalSave])
        case delete(recordType: String, ids: [RecordID])
    }

    let edits: [Edit]
    /// The asset digests pinned until the write transaction ends.
    let pins: [String]
    /// The time clocks are stamped with.
    let now: Date
}

extension RecordStore {
    /// Takes the assets of every save in `transaction` into the folder, before the write transaction; the first
    /// that cannot be taken in throws, naming the record and field, and nothing stays pinned.
    func prepare(_ transaction: StoreTransaction) throws(RecordStoreError) -> PreparedTransaction {
        let requests = transaction.edits.flatMap { edit -> [LocalSave.Request] in
            if case let .save(requests) = edit { requests } else { [] }
        }
        let prepared = try prepareLocalSaves(requests)
        var saves = prepared.saves[...]
        let edits = transaction.edits.map { edit -> PreparedTransaction.Edit in
            switch edit {
            case let .save(requests):
                defer { saves = saves.dropFirst(requests.count) }
                return .save(Array(saves.prefix(requests.count)))
            case let .delete(recordType, ids):
                return .delete(recordType: recordType, ids: ids)
            }
        }
        return PreparedTransaction(edits: edits, pins: prepared.pins, now: clock.currentDate())
    }

    /// Applies a prepared transaction's edits in order, inside a write transaction.
    func applyEdits(_ db: Database, _ transaction: PreparedTransaction) throws {
        for edit in transaction.edits {
            switch edit {
            case let .save(saves): try saveLocally(db, saves, now: transaction.now)
            case let .delete(recordType, ids): _ = try deleteLocally(db, recordType: recordType, ids: ids)
            }
        }
    }
}
