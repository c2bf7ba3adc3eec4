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
/// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5). Zones tell them apart: every zone of
/// the private database is the current user's (owner `CKCurrentUserDefaultName`), every zone of the shared
/// database another user's (https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared), so each
/// adapter hands its engine, and sends, only the changes of its own zones.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngineAdapter {
    /// Whether the adapter syncs the shared database: it creates no zones (they are the owners'), and a zone that
    /// disappears from it is access lost, never created again.
    nonisolated var isSharedDatabase: Bool { database.databaseScope == .shared }

    /// Where this adapter keeps CKSyncEngine's state serialization: one key per database, so a private and a
    /// shared adapter over the same store never overwrite each other's state.
    nonisolated var engineStateKey: EngineStateKey { isSharedDatabase ? .sharedCKSyncEngine : .ckSyncEngine }

    /// Whether a zone is this adapter's: the current user's in the private database, another user's in the shared.
    nonisolated func syncsZone(_ zoneID: RecordZoneID) -> Bool {
        (zoneID.ownerName == RecordZoneID.defaultOwnerName) != isSharedDatabase
    }

    /// Keeps fetched shares out of the store's records: each share (a `CKShare` the owner saved, which lists the
    /// participants) replaces the one known for its ID in ``shares``; a deleted share is forgotten. A hierarchy
    /// share's root is the record of the same fetch whose `share` names it, else the field RecordKit writes on
    /// the shares it makes. Returns the modifications and deletions that are records.
    func takeShares(
        from modifications: [CKDatabase.RecordZoneChange.Modification], deletions: [CKDatabase.RecordZoneChange.Deletion]
    ) -> (records: [CKRecord], deletions: [CKDatabase.RecordZoneChange.Deletion]) {
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
        for ckShare in fetchedShares {
            let id = RecordID(ckShare.recordID)
            do {
                shares[id] = try RecordShare(ckShare: ckShare, rootRecordID: roots[ckShare.recordID])
            } catch {
                emit(.undecodable(.undecodable(id, recordType: ckShare.recordType, error)))
            }
        }
        var recordDeletions: [CKDatabase.RecordZoneChange.Deletion] = []
        for deletion in deletions {
            if deletion.recordType == RecordShare.recordType {
                shares[RecordID(deletion.recordID)] = nil
            } else {
                recordDeletions.append(deletion)
            }
        }
        return (records, recordDeletions)
    }

    /// A shared zone the participant lost (the owner deleted the share or the zone, or removed them): its local
    /// data goes, what was queued for it is dropped, and it is not created again.
    /// The app's ``SyncConfiguration/onSharedZoneLost`` policy decides what happens to the local data, through the
    /// rule both engines share.
    func sharedZoneLost(_ zoneID: RecordZoneID, syncEngine: CKSyncEngine) async {
        dropQueuedChanges(in: zoneID, syncEngine: syncEngine)
        for id in shares.keys where id.zoneID == zoneID { shares[id] = nil }
        do {
            emit(try await store.async.loseSharedZone(zoneID, configuration: configuration))
        } catch {
            emit(.storeFailed(error))
        }
    }
}
#endif
