import RecordKit

/// A local change waiting to be sent to the server.
public enum PendingChange: Sendable, Hashable {
    /// Save the local value.
    case save(generation: Int64)
    /// Delete the record.
    case delete(generation: Int64)

    /// The generation: a number that grows with every local edit, so a send can be matched to the edit it sent.
    public var generation: Int64 {
        switch self {
        case let .save(generation), let .delete(generation): generation
        }
    }
}

/// A record to save on the server, and the generation of the edit it carries.
public struct PendingSave: Sendable, Hashable {
    /// The record to send: the local value with the system fields (change tag) of the last server record, and
    /// the local value's parent.
    public var record: Record
    /// Pass it back to ``RecordStore/markSent(_:)``.
    public var generation: Int64
    /// The keys whose value differs from the last server record's, plain or encrypted (a key the record lacks
    /// is a removal); nil when the store has no server copy, so every key is new.
    public var changedKeys: [String]? = nil
}

/// A record to delete on the server, and the generation of the deletion.
public struct PendingDelete: Sendable, Hashable {
    /// The record to delete.
    public var id: RecordID
    /// The record's type.
    public var recordType: String
    /// Pass it back to ``RecordStore/markSent(_:)``.
    public var generation: Int64
}

/// The next changes to send, oldest edit first, within the count and byte bounds asked for.
public struct PendingBatch: Sendable, Hashable {
    /// Records to save.
    public var saves: [PendingSave]
    /// Records to delete.
    public var deletes: [PendingDelete]
    /// Pending records whose stored bytes are corrupt: kept, not sent, reported here.
    public var unreadable: [RecordStoreError]

    /// Whether there is nothing to send.
    public var isEmpty: Bool { saves.isEmpty && deletes.isEmpty }
}

/// A change the server accepted, to hand to ``RecordStore/markSent(_:)``.
public enum SentChange: Sendable, Hashable {
    /// The server saved the record: `serverRecord` is what it returned (with its new change tag).
    case saved(serverRecord: Record, generation: Int64)
    /// The server deleted the record (or did not have it).
    case deleted(RecordID, generation: Int64)
}
