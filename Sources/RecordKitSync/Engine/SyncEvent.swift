import RecordKit
import RecordKitStore

/// What the engine did, for the app to observe (``SyncConfiguration/onEvent``).
public enum SyncEvent: Sendable, Hashable {
    /// A fetched page of a zone was stored with its token.
    case fetched(zoneID: RecordZoneID, changed: [RecordID], deleted: [RecordID])
    /// The server accepted these saves and deletes.
    case sent(saved: [RecordID], deleted: [RecordID])
    /// A conflict was merged with the schema's rule against the stored ancestor; the result is queued again on the
    /// server's record.
    case conflictMerged(RecordID)
    /// A zone was created on the server.
    case zoneCreated(RecordZoneID)
    /// A zone was reset (token expired, deleted, purged, encrypted data reset) and handled as the policy says.
    case zoneReset(RecordZoneID, reason: ZoneResetReason)
    /// A stored record this app version cannot read (kept, sent and merged as it is).
    case undecodable(RecordStoreError)
    /// A record could not be sent; it stays pending. The error says why.
    case failure(RecordID, CloudError)
    /// A request failed for a while; the engine waits `seconds` before trying again.
    case retrying(after: Double, CloudError)
    /// The store refused what the engine received (the disk is full, say): nothing of it was stored, and the
    /// CKSyncEngine adapter stores no later engine state in this process, so the changes are fetched again.
    case storeFailed(RecordStoreError)
}

/// Why a zone's local state was reset.
public enum ZoneResetReason: String, Sendable, Hashable {
    /// The change token expired: fetched again from the beginning, pending edits kept.
    case changeTokenExpired
    /// Another device deleted the zone.
    case deleted
    /// The user deleted the app's data in Settings.
    case userDeletedZone
    /// The user reset their encrypted data.
    case encryptedDataReset
}
