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
    /// The server refuses a record whatever is tried (too large for any request): it is parked
    /// (`RecordStore.parkedRecords()`) and the changes behind it are sent; the app's next edit of it is sent again.
    case parked(RecordID, CloudError)
    /// A fetched record (or deletion) the store cannot keep, such as a name with a NUL: skipped, the rest of the
    /// page and the zone's token stored.
    case skipped(RecordID, RecordStoreError)
    /// A local record met a server record of another type under its ID. Records of different types never merge:
    /// the server's record took the ID; this is the local record whole, with its unsent edit, for the app to keep
    /// under a new ID if it wants.
    case displaced(Record)
    /// An unsent local edit met the record's deletion on the server, and its type's `deleteConflict` is
    /// `deleteWins`: the record and the edit are gone; this is the local record whole.
    case editDiscarded(Record)
    /// A request failed for a while; the engine waits `seconds` before trying again.
    case retrying(after: Double, CloudError)
    /// The store refused what the engine received (the disk is full, say): nothing of it was stored, and the
    /// CKSyncEngine adapter stores no later engine state in this process, so the changes are fetched again.
    case storeFailed(RecordStoreError)
    /// The server refused a change the user may not make (a read-only participant's write in a shared zone,
    /// ``CloudError/permissionFailure(_:)``): it was rolled back locally as the `WriteRollback` says and
    /// dropped from the pending queue; it is never sent again.
    case writeRefused(RecordID, WriteRollback, CloudError)
    /// A zone of the shared database went away (the share or the zone was deleted, or the user was removed from
    /// the share): its records were removed or kept as a local, unsynced copy, as the policy says.
    case sharedZoneLost(RecordZoneID, SharedZoneLossPolicy)
    /// The engine saved its database subscription (``SyncConfiguration/databaseSubscriptionID``) on the server.
    case subscriptionSaved(String)
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
