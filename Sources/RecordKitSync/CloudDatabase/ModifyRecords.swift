import RecordKit

/// One record to save, with the keys the client changed.
///
/// Whatever the ``SavePolicy``, the server writes only the keys of the save over its record: the
/// ``changedKeys``, or every key the record holds when they are nil. A key the server's record holds and the
/// save does not write keeps its server value; a field is removed only by listing its key in ``changedKeys``
/// while the record lacks it (CloudKit: a key set to nil).
/// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy
public struct RecordSave: Sendable, Hashable {
    /// The record, carrying the change tag of the server record it was edited from (nil for a new record).
    public var record: Record
    /// The keys changed since the server record, the only ones the server writes; nil for every key the record
    /// holds. A listed key the record lacks removes the field.
    public var changedKeys: [String]?

    /// Creates a save.
    public init(_ record: Record, changedKeys: [String]? = nil) {
        self.record = record
        self.changedKeys = changedKeys
    }
}

/// One request to save and delete records.
public struct ModifyRecordsRequest: Sendable, Hashable {
    /// The records to save.
    public var saves: [RecordSave]
    /// The records to delete.
    public var deletes: [RecordID]
    /// How the server treats saves over records it already holds.
    public var savePolicy: SavePolicy
    /// Whether, in zones that support it, one failed item fails all of that zone's items
    /// (the others report ``CloudError/batchRequestFailed(_:)``).
    public var atomic: Bool

    /// Creates a request.
    public init(
        saves: [RecordSave] = [], deletes: [RecordID] = [],
        savePolicy: SavePolicy = .ifServerRecordUnchanged, atomic: Bool = true
    ) {
        self.saves = saves
        self.deletes = deletes
        self.savePolicy = savePolicy
        self.atomic = atomic
    }

    /// The number of items: saves plus deletes.
    public var itemCount: Int { saves.count + deletes.count }
}

/// The outcome of one saved or fetched record: the record as the server now holds it (a save gets a new change
/// tag), or the item's error.
public struct RecordItemResult: Sendable, Hashable {
    /// The record's ID.
    public var id: RecordID
    /// The server's record, or the item's error.
    public var result: Result<Record, CloudError>

    /// Creates an outcome.
    public init(id: RecordID, result: Result<Record, CloudError>) {
        self.id = id
        self.result = result
    }
}

/// The outcome of one deleted record.
public struct RecordDeleteResult: Sendable, Hashable {
    /// The record's ID.
    public var id: RecordID
    /// Nil when the record is deleted, else the item's error.
    public var error: CloudError?

    /// Creates an outcome.
    public init(id: RecordID, error: CloudError? = nil) {
        self.id = id
        self.error = error
    }
}

/// What a modify request did, item by item, in the order of the request.
public struct ModifyRecordsResult: Sendable, Hashable {
    /// One outcome per save.
    public var saves: [RecordItemResult]
    /// One outcome per delete.
    public var deletes: [RecordDeleteResult]

    /// Creates a result.
    public init(saves: [RecordItemResult] = [], deletes: [RecordDeleteResult] = []) {
        self.saves = saves
        self.deletes = deletes
    }

    /// The failed items' errors by record ID; empty when every item succeeded.
    public var itemErrors: [RecordID: CloudError] {
        var errors: [RecordID: CloudError] = [:]
        for save in saves { if case let .failure(error) = save.result { errors[save.id] = error } }
        for delete in deletes { if let error = delete.error { errors[delete.id] = error } }
        return errors
    }

    /// Throws ``CloudError/partialFailure(_:)`` when an item failed, as CloudKit's completion handlers do.
    public func throwingPartialFailure() throws(CloudError) {
        let errors = itemErrors
        if !errors.isEmpty { throw .partialFailure(errors) }
    }
}
