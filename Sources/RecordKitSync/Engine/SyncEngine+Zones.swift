import RecordKit
import RecordKitStore

extension SyncEngine {
    /// Creates zones on the server and records that they exist.
    func createZones(_ zoneIDs: [RecordZoneID]) async throws {
        guard !zoneIDs.isEmpty else { return }
        let results = try await withRetries { () async throws(CloudError) in try await database.saveZones(zoneIDs) }
        for (zoneID, result) in zip(zoneIDs, results) {
            switch result {
            case .success:
                try await store.async.setZone(zoneID, exists: true)
                emit(.zoneCreated(zoneID))
            case let .failure(error):
                throw SyncError.cloud(error)
            }
        }
    }

    /// Handles a zone the server lost: deleted by another device (local data goes), or by the user's hand (the
    /// app's policy: delete the local data, or upload it again). A zone the user deleted is created again either
    /// way, so that later edits sync.
    func zoneLost(_ zoneID: RecordZoneID, reason: ZoneResetReason) async throws {
        let policy = configuration.zoneLossPolicy(for: reason)
        try await store.async.loseZone(zoneID, policy: policy)
        if policy == .deleteLocalData { try await forgetAttempts(in: zoneID) }
        emit(.zoneReset(zoneID, reason: reason))
        // The user's deletion may have taken the subscriptions too: save it again at the end of this sync.
        try await forgetSubscription()
        if reason.recreatesZone { try await createZones([zoneID]) }
    }
}
