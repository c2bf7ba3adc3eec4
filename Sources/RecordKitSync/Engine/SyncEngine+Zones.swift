import RecordKit
import RecordKitStore

extension SyncEngine {
    /// Creates zones on the server and records that they exist.
    func createZones(_ zoneIDs: [RecordZoneID]) async throws {
        // Zones of the shared database are created by their owners only.
        guard !zoneIDs.isEmpty, database.scope != .shared else { return }
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
    ///
    /// In the shared database, any loss is the user's loss of access: the shared-zone rule applies
    /// (``SyncConfiguration/onSharedZoneLost``), and the zone is never created again.
    func zoneLost(_ zoneID: RecordZoneID, reason: ZoneResetReason) async throws {
        if database.scope == .shared {
            let event = try await store.async.loseSharedZone(zoneID, configuration: configuration)
            try await forgetAttempts(in: zoneID)
            emit(event)
            return
        }
        let policy = configuration.zoneLossPolicy(for: reason)
        try await store.async.loseZone(zoneID, policy: policy)
        if policy == .deleteLocalData { try await forgetAttempts(in: zoneID) }
        emit(.zoneReset(zoneID, reason: reason))
        // The user's deletion may have taken the subscriptions too: save it again at the end of this sync.
        try await forgetSubscription()
        if reason.recreatesZone { try await createZones([zoneID]) }
    }
}
