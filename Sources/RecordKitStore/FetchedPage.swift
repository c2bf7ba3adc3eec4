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
    /// Whether more pages follow. The last page (with a token) of a fetch started with
    /// ``RecordStore/beginRefetch(_:)`` ends it: see there.
    public var moreComing: Bool
    /// Shares saved on the server (`cloudkit.share` records, kept apart from the records: see
    /// ``RecordStore/shares(in:)``), stored in the page's transaction.
    public var shares: [RecordShare]
    /// Shares deleted on the server, removed in the page's transaction.
    public var deletedShares: [RecordID]

    /// Creates a page.
    public init(
        zoneID: RecordZoneID, changed: [Record] = [], deleted: [RecordID] = [], token: ServerChangeToken? = nil,
        moreComing: Bool = false, shares: [RecordShare] = [], deletedShares: [RecordID] = []
    ) {
        self.zoneID = zoneID
        self.changed = changed
        self.deleted = deleted
        self.token = token
        self.moreComing = moreComing
        self.shares = shares
        self.deletedShares = deletedShares
    }
}
