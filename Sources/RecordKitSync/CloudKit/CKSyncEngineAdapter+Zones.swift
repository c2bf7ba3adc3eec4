#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit
import RecordKitStore

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngineAdapter {
    /// A zone the server lost: deleted by another device (its local data goes), or by the user's hand (the
    /// configuration's policy: delete the local data, or upload it again). A zone the user deleted is created
    /// again either way, so that later edits sync.
    /// Removes what CKSyncEngine has queued for `zoneID`: the engine must not send what was queued for a zone that
    /// is gone.
    func dropQueuedChanges(in zoneID: RecordZoneID, syncEngine: CKSyncEngine) {
        let ckZoneID = CKRecordZone.ID(zoneID)
        let stale = syncEngine.state.pendingRecordZoneChanges.filter { change in
            switch change {
            case let .saveRecord(id), let .deleteRecord(id): id.zoneID == ckZoneID
            @unknown default: false
            }
        }
        syncEngine.state.remove(pendingRecordZoneChanges: stale)
    }

    func zoneDeleted(_ zoneID: RecordZoneID, reason: ZoneResetReason, syncEngine: CKSyncEngine) async {
        let policy = configuration.zoneLossPolicy(for: reason)
        do {
            let ckZoneID = CKRecordZone.ID(zoneID)
            dropQueuedChanges(in: zoneID, syncEngine: syncEngine)
            try await store.async.loseZone(zoneID, policy: policy)
            emit(.zoneReset(zoneID, reason: reason))
            if reason.recreatesZone && !isSharedDatabase {
                syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: ckZoneID))])
                await handPendingChanges(to: syncEngine)
            }
        } catch {
            emit(.storeFailed(error))
        }
    }

    /// A zone whose changes could not be fetched: gone (created again when it is one of the app's zones), or
    /// lost by the user's hand.
    func zoneFetchFailed(_ zoneID: RecordZoneID, error: CKError, syncEngine: CKSyncEngine) async {
        switch ZoneFetchFailure(CloudError(cloudKitError: error, subject: CloudKitErrorSubject(zoneID: zoneID))) {
        case .zoneMissing where isSharedDatabase:
            // A shared zone that is gone is access lost.
            await sharedZoneLost(zoneID, syncEngine: syncEngine)
        case .zoneMissing:
            await setZone(zoneID, exists: false)
            if configuration.zones.contains(zoneID) {
                syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: CKRecordZone.ID(zoneID)))])
            }
        case let .zoneLost(reason):
            await zoneDeleted(zoneID, reason: reason, syncEngine: syncEngine)
        case .retry:
            break  // The engine retries its fetches.
        }
    }

    /// The iCloud account changed. The engine has reset its state ("it clears any pending database or record
    /// zone changes": https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange).
    /// Signing out or switching: the local data is deleted, or kept and queued for the next account, as
    /// ``SyncConfiguration/onAccountChange`` says. Signing in: what the store has pending is handed to the
    /// engine again.
    func accountChanged(_ change: CKSyncEngine.Event.AccountChange.ChangeType, syncEngine: CKSyncEngine) async {
        var signedIn = false
        if case .signIn = change { signedIn = true }
        do {
            if !signedIn {
                switch configuration.onAccountChange {
                case .deleteLocalData: try await store.async.deleteAllData()
                case .keepLocalData: try await store.async.requeueAll()
                }
            }
            inFlight = [:]
            attempted = []
            await handPendingChanges(to: syncEngine)
        } catch {
            emit(.storeFailed(error))
        }
    }
}
#endif
