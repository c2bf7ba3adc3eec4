/// How far a client has read the server's change feeds: one token per record zone, and the database's own.
public struct SyncState: Sendable, Hashable {
    /// The change token of each zone whose changes the client has fetched.
    public var zoneTokens: [RecordZoneID: ServerChangeToken]
    /// The token of the database change feed (which zones changed), if the client has one.
    public var databaseToken: ServerChangeToken?

    /// Creates a sync state.
    public init(zoneTokens: [RecordZoneID: ServerChangeToken] = [:], databaseToken: ServerChangeToken? = nil) {
        self.zoneTokens = zoneTokens
        self.databaseToken = databaseToken
    }
}
