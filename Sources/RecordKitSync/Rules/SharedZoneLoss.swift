import RecordKit
import RecordKitStore

extension AsyncRecordStore {
    /// The rule both engines of the shared database follow when a shared zone goes away from it (the owner
    /// deleted the share or the zone, or removed the user; the feed reports the zone deleted, or the zone is not
    /// found): the app's ``SyncConfiguration/onSharedZoneLost`` policy removes the zone's records and pending
    /// changes, or keeps them as a local copy that is never sent, in one transaction. A participant never
    /// creates the zone again: only its owner can.
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared
    /// Returns the event that reports it.
    func loseSharedZone(_ zoneID: RecordZoneID, configuration: SyncConfiguration) async throws(RecordStoreError) -> SyncEvent {
        let policy = configuration.onSharedZoneLost
        try await loseSharedZone(zoneID, policy: policy)
        return .sharedZoneLost(zoneID, policy)
    }
}
