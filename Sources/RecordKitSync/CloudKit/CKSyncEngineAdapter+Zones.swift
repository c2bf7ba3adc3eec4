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
    func zoneDeleted(_ zoneID: RecordZoneID, reason: ZoneResetReason, syncEngine: CKSyncEngine) {
        let policy: ZoneLossPolicy = switch reason {
        case .deleted, .changeTokenExpired: .deleteLocalData
        case .userDeletedZone: configuration.onUserDeletedZone
        case .encryptedDataReset: configuration.onEncryptedDataReset
        }
        do {
            let ckZoneID = CKRecordZone.ID(zoneID)
            // The engine must not send what was queued for the old zone.
            let stale = syncEngine.state.pendingRecordZoneChanges.filter { change in
                switch change {
                case let .saveRecord(id), let .deleteRecord(id): id.zoneID == ckZoneID
                @unknown default: false
                }
            }
            syncEngine.state.remove(pendingRecordZoneChanges: stale)
            switch policy {
            case .deleteLocalData: try store.forgetZone(zoneID, keepingLocalChanges: false)
            case .uploadAgain: try store.requeueZone(zoneID)
            }
            try store.setZone(zoneID, exists: false)
            emit(.zoneReset(zoneID, reason: reason))
            if reason == .userDeletedZone || reason == .encryptedDataReset {
                syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: ckZoneID))])
                handPendingChanges(to: syncEngine)
            }
        } catch {
            emit(.storeFailed(error))
        }
    }

    /// A zone whose changes could not be fetched: gone (created again when it is one of the app's zones), or
    /// lost by the user's hand.
    func zoneFetchFailed(_ zoneID: RecordZoneID, error: CKError, syncEngine: CKSyncEngine) {
        switch CloudError(cloudKitError: error, subject: CloudKitErrorSubject(zoneID: zoneID)) {
        case .zoneNotFound:
            setZone(zoneID, exists: false)
            if configuration.zones.contains(zoneID) {
                syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: CKRecordZone.ID(zoneID)))])
            }
        case .userDeletedZone:
            zoneDeleted(zoneID, reason: .userDeletedZone, syncEngine: syncEngine)
        case .encryptedDataReset:
            zoneDeleted(zoneID, reason: .encryptedDataReset, syncEngine: syncEngine)
        default:
            break  // The engine retries its fetches.
        }
    }

    /// The iCloud account changed. The engine has reset its state ("it clears any pending database or record
    /// zone changes": https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange).
    /// Signing out or switching: the local data is deleted, or kept and queued for the next account, as
    /// ``SyncConfiguration/onAccountChange`` says. Signing in: what the store has pending is handed to the
    /// engine again.
    func accountChanged(_ change: CKSyncEngine.Event.AccountChange.ChangeType, syncEngine: CKSyncEngine) {
        var signedIn = false
        if case .signIn = change { signedIn = true }
        do {
            if !signedIn {
                switch configuration.onAccountChange {
                case .deleteLocalData: try store.deleteAllData()
                case .keepLocalData: try store.requeueAll()
                }
            }
            inFlight = [:]
            attempted = []
            handPendingChanges(to: syncEngine)
        } catch {
            emit(.storeFailed(error))
        }
    }
}
#endif
