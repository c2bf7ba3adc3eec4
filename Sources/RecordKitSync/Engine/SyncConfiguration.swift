import RecordKit
import RecordKitStore

/// What to do with a zone's local data when the server lost the zone by the user's hand.
public enum ZoneLossPolicy: String, Sendable, Hashable {
    /// Delete the local copy of the zone (Apple's advice when the user deleted the app's data in Settings).
    case deleteLocalData
    /// Create the zone again and upload every local record (Apple's advice after an encrypted data reset).
    case uploadAgain
}

/// What to do with the local data when the iCloud account changes (CKSyncEngine's account change event).
public enum AccountChangePolicy: String, Sendable, Hashable {
    /// Delete every local record and all sync state: Apple's advice when the user signs out or switches accounts.
    case deleteLocalData
    /// Keep the local records and upload them, as new records, to the account signed in next.
    case keepLocalData
}

/// How a ``SyncEngine`` works.
public struct SyncConfiguration: Sendable {
    /// The zones the app keeps records in: created on the server when missing, fetched on every sync. An engine
    /// of the shared database creates no zone (their owners do) and learns its zones from the database's change
    /// feed: leave this empty for it.
    public var zones: [RecordZoneID]
    /// The most items in one modify request (CloudKit: 400); halved on `limitExceeded`.
    public var maxItemsPerRequest = CloudLimits.maximumItemsPerRequest
    /// The most bytes in one modify request (CloudKit: 2 MB), counted as the store counts them.
    public var maxBytesPerRequest = CloudLimits.maximumBytesPerRequest
    /// The most records per fetched page asked of the server (nil: as many as it sends).
    public var fetchResultsLimit: Int?
    /// Send each zone's items atomically (in zones that support it).
    public var atomic = false
    /// How many times one record's conflict is merged and sent again in one sync before giving up until the next.
    public var maxConflictRetries = 5
    /// How many times a request is retried after a transient error (throttling, the network) before the sync fails.
    public var maxTransientRetries = 6
    /// The wait before the first retry when the server gives no `retryAfter`, doubled at each retry.
    public var initialBackoff = 1.0
    /// The longest wait between retries.
    public var maximumBackoff = 60.0
    /// What to do when the user deleted a zone in Settings.
    public var onUserDeletedZone = ZoneLossPolicy.deleteLocalData
    /// What to do when the user reset their encrypted data.
    public var onEncryptedDataReset = ZoneLossPolicy.uploadAgain
    /// What an engine of the shared database does with the records of a shared zone the user lost access to.
    public var onSharedZoneLost = SharedZoneLossPolicy.deleteRecords
    /// What the CKSyncEngine adapter does with local data when the user signs out or switches accounts.
    public var onAccountChange = AccountChangePolicy.deleteLocalData
    /// The ID of the database subscription the engine saves for silent pushes of every change in the database
    /// (nil: none, the default; the app polls). The engine saves it once, remembers that in the store, and saves it
    /// again after a zone is lost or the account changed; ``SyncEngine/handle(notification:)`` fetches on its
    /// pushes. Not for the public database, which has no database subscriptions.
    /// https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription
    public var databaseSubscriptionID: String?
    /// Called with every event, on the engine's executor: keep it short.
    public var onEvent: (@Sendable (SyncEvent) -> Void)?

    /// A configuration for the app's zones.
    public init(zones: [RecordZoneID], onEvent: (@Sendable (SyncEvent) -> Void)? = nil) {
        self.zones = zones
        self.onEvent = onEvent
    }
}
