import RecordKit

/// Models read from the store, and the stored records of that type the model could not read.
public struct StoredModels<Model: RecordModel>: Sendable, Hashable {
    /// The models that decoded.
    public var models: [Model]
    /// The records that did not: each error names the record. They stay stored.
    public var undecodable: [RecordStoreError]
}

/// Everything the store keeps about one record.
public struct StoredRecordState: Sendable, Hashable {
    /// The record's ID.
    public var id: RecordID
    /// The record's type.
    public var recordType: String
    /// The local value; nil for a pending delete.
    public var local: Record?
    /// The last record the server returned: the merge ancestor. Nil if the server never returned one.
    public var server: Record?
    /// The change waiting to be sent, if any.
    public var pending: PendingChange?
}

/// What the store keeps about one zone.
public struct StoredZone: Sendable, Hashable {
    /// The zone.
    public var id: RecordZoneID
    /// The change token of the last page stored.
    public var token: ServerChangeToken?
    /// Whether the zone exists on the server, as far as the store was told.
    public var exists: Bool
    /// The database the zone is in: private unless an engine of the shared database (or the app) said it is
    /// shared (``RecordStore/setZone(_:scope:)``). Pending changes go only to the engine of that database.
    public var scope: DatabaseScope = .private
    /// Whether this is a shared zone the user lost access to, kept as a local copy by
    /// ``SharedZoneLossPolicy/keepLocalCopy``: its records stay readable, and nothing of it is ever sent.
    public var isLocalCopy = false
    /// Whether this is a shared zone the user lost access to whose records were removed
    /// (``SharedZoneLossPolicy/deleteRecords``): a local save or delete into it throws
    /// ``RecordStoreError/lostSharedZone(_:recordType:)`` until the shared database lists the zone again
    /// (``RecordStore/setZone(_:scope:)``) or the app forgets it (``RecordStore/forgetZone(_:keepingLocalChanges:)``).
    public var isLost = false
}
