import RecordKit
import RecordKitStore

extension SyncEngine {
    /// Creates zones on the server and records that they exist.
    func createZones(_ zoneIDs: [RecordZoneID]) async throws(SyncError) {
        guard !zoneIDs.isEmpty else { return }
        let results = try await withRetries { () async throws(CloudError) in try await database.saveZones(zoneIDs) }
        for (zoneID, result) in zip(zoneIDs, results) {
            switch result {
            case .success:
                try stored { () throws(RecordStoreError) in try store.setZone(zoneID, exists: true) }
                emit(.zoneCreated(zoneID))
            case let .failure(error):
                throw .cloud(error)
            }
        }
    }

    /// Handles a zone the server lost: deleted by another device (local data goes), or by the user's hand (the
    /// app's policy: delete the local data, or upload it again). A zone the user deleted is created again either
    /// way, so that later edits sync.
    func zoneLost(_ zoneID: RecordZoneID, reason: ZoneResetReason) async throws(SyncError) {
        let policy: ZoneLossPolicy
        switch reason {
        case .deleted, .changeTokenExpired: policy = .deleteLocalData
        case .userDeletedZone: policy = configuration.onUserDeletedZone
        case .encryptedDataReset: policy = configuration.onEncryptedDataReset
        }
        switch policy {
        case .deleteLocalData:
            try stored { () throws(RecordStoreError) in try store.forgetZone(zoneID, keepingLocalChanges: false) }
            try forgetAttempts(in: zoneID)
        case .uploadAgain:
            try stored { () throws(RecordStoreError) in _ = try store.requeueZone(zoneID) }
        }
        emit(.zoneReset(zoneID, reason: reason))
        // The user's deletion may have taken the subscriptions too: save it again at the end of this sync.
        try forgetSubscription()
        if reason == .userDeletedZone || reason == .encryptedDataReset {
            try await createZones([zoneID])
        } else {
            try stored { () throws(RecordStoreError) in try store.setZone(zoneID, exists: false) }
        }
    }
}
