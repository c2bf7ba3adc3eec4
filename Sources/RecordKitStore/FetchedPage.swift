import RecordKit

/// One page of a zone's change feed, as the server returned it.
public struct FetchedPage: Sendable, Hashable {
    /// The zone the page is about.
    public var zoneID: RecordZoneID
    /// Records created or changed on the server.
    public var changed: [Record]
    /// Records deleted on the server.
    public var deleted: [RecordID]
    /// The zone's token after this page; stored in the same transaction as the records.
    public var token: ServerChangeToken?

    /// Creates a page.
    public init(zoneID: RecordZoneID, changed: [Record] = [], deleted: [RecordID] = [], token: ServerChangeToken? = nil) {
        self.zoneID = zoneID
        self.changed = changed
        self.deleted = deleted
        self.token = token
    }
}

/// What applying server records did beyond storing them.
public struct ApplyReport: Sendable, Hashable {
    /// Records with a pending local save that were merged with the server record; they stay pending.
    public var merged: [RecordID] = []
    /// Records merged field by field without their model (not registered, or it could not read one of the
    /// copies): a field changed locally kept the local value. Each error says why the model was not used.
    public var mergedWithoutModel: [RecordStoreError] = []
    /// Records with a pending save whose local copy is corrupt, or whose row holds values the store never writes
    /// (``RecordStoreError/corruptColumn(_:table:column:found:)``): kept as they are and not merged; their server
    /// copy was updated. Each error names the record.
    public var unmerged: [RecordStoreError] = []
}
