#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit
import RecordKitStore

/// The adapter over the shared database (`CKContainer.sharedCloudDatabase`), and the shares either database
/// fetches.
///
/// CKSyncEngine syncs one database; an app that shares runs two adapters over the same store, one per database
/// ("If your app uses the shared database, create a second instance of CKSyncEngine":
/// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5). Zones tell them apart, by the store's
/// one rule (``RecordStore/sendingScope(of:)``): every zone of the private database is the current user's (owner
/// `CKCurrentUserDefaultName`), every zone of the shared database another user's
/// (https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared), so each adapter hands its engine,
/// and sends, only the changes of its own zones.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngineAdapter {
    /// Whether the adapter syncs the shared database: it creates no zones (they are the owners'), and a zone that
    /// disappears from it is access lost, never created again.
    nonisolated var isSharedDatabase: Bool { database.databaseScope == .shared }

    /// Where this adapter keeps CKSyncEngine's state serialization: one key per database, so a private and a
    /// shared adapter over the same store never overwrite each other's state.
    nonisolated var engineStateKey: EngineStateKey { isSharedDatabase ? .sharedCKSyncEngine : .ckSyncEngine }

    /// The database whose pending changes this adapter sends, by the store's one rule
    /// (``RecordStore/sendingScope(of:)``), which ``SyncEngine`` follows too.
    nonisolated var sendingScope: DatabaseScope { isSharedDatabase ? .shared : .private }

    /// The IDs, of those given, whose zones send to this adapter's database (``RecordStore/sendingScope(of:)``).
    func ownIDs(_ ids: [RecordID]) async throws(RecordStoreError) -> [RecordID] {
        var scopes: [RecordZoneID: DatabaseScope?] = [:]
        var own: [RecordID] = []
        for id in ids {
            let scope: DatabaseScope?
            if let known = scopes[id.zoneID] {
                scope = known
            } else {
                scope = try await store.async.sendingScope(of: id.zoneID)
                scopes[id.zoneID] = scope
            }
            if scope == sendingScope { own.append(id) }
        }
        return own
    }

    /// Keeps fetched shares out of the store's records: each share (a `CKShare` the owner saved, which lists the
    /// participants) and each deleted share goes to the store's shares (``RecordStore/shares(in:)``), in the
    /// transaction of the fetched page of its zone. A hierarchy share's root is the record of the same fetch whose
    /// `share` names it, else the field RecordKit writes on the shares it makes. Returns the modifications and
    /// deletions that are records, and the shares saved and deleted.
    func takeShares(
        from modifications: [CKDatabase.RecordZoneChange.Modification], deletions: [CKDatabase.RecordZoneChange.Deletion]
    ) -> (records: [CKRecord], deletions: [CKDatabase.RecordZoneChange.Deletion], shares: [RecordShare], deletedShares: [RecordID]) {
        var roots: [CKRecord.ID: RecordID] = [:]
        var records: [CKRecord] = []
        var fetchedShares: [CKShare] = []
        for modification in modifications {
            let record = modification.record
            if let share = record as? CKShare {
                fetchedShares.append(share)
                continue
            }
            if let shareID = record.share?.recordID { roots[shareID] = RecordID(record.recordID) }
            records.append(record)
        }
        var shares: [RecordShare] = []
        for ckShare in fetchedShares {
            let id = RecordID(ckShare.recordID)
            do {
                shares.append(try RecordShare(ckShare: ckShare, rootRecordID: roots[ckShare.recordID]))
            } catch {
                emit(.undecodable(.undecodable(id, recordType: ckShare.recordType, error)))
            }
        }
        var recordDeletions: [CKDatabase.RecordZoneChange.Deletion] = []
        var deletedShares: [RecordID] = []
        for deletion in deletions {
            if deletion.recordType == RecordShare.recordType {
                deletedShares.append(RecordID(deletion.recordID))
            } else {
                recordDeletions.append(deletion)
            }
        }
        return (records, recordDeletions, shares, deletedShares)
    }

    /// A shared zone the participant lost (the owner deleted the share or the zone, or removed them): its local
    /// data goes, what was queued for it is dropped, and it is not created again.
    /// The app's ``SyncConfiguration/onSharedZoneLost`` policy decides what happens to the local data, through the
    /// rule both engines share.
    func sharedZoneLost(_ zoneID: RecordZoneID, syncEngine: CKSyncEngine) async {
        dropQueuedChanges(in: zoneID, syncEngine: syncEngine)
        // The zone's shares go with it, in the store's transaction.
        do {
            emit(try await store.async.loseSharedZone(zoneID, configuration: configuration))
        } catch {
            emit(.storeFailed(error))
        }
    }
}
#endif
