#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit
import RecordKitStore

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngineAdapter {
    /// Handles the engine's events, which it delivers one at a time.
    ///
    /// Fetched record zone changes and sent results wait in memory for the `stateUpdate` that follows them
    /// ("ensure that any changes fetched prior to receiving this state are also persisted alongside this
    /// state": https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/stateupdate) and
    /// are committed with it; any other event stores them first, without a state.
    public func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        switch event {
        case let .stateUpdate(update):
            do {
                await commit(engineState: try JSONEncoder().encode(update.stateSerialization))
            } catch {
                await flush()
            }
        case let .fetchedRecordZoneChanges(changes):
            await receive(changes)
        case let .sentRecordZoneChanges(sent):
            await flush()
            await receive(sent, syncEngine: syncEngine)
        case let .fetchedDatabaseChanges(changes):
            await flush()
            for modification in changes.modifications where isSharedDatabase {
                // The store keeps each zone's database, for the loss policy and an account change.
                await markShared(RecordZoneID(modification.zoneID))
            }
            for deletion in changes.deletions where isSharedDatabase {
                await sharedZoneLost(RecordZoneID(deletion.zoneID), syncEngine: syncEngine)
            }
            for deletion in changes.deletions where !isSharedDatabase {
                await zoneDeleted(
                    RecordZoneID(deletion.zoneID), reason: ZoneResetReason(ZoneDeletionReason(deletion)), syncEngine: syncEngine)
            }
        case let .sentDatabaseChanges(sent):
            await flush()
            for zone in sent.savedZones {
                await setZone(RecordZoneID(zone.zoneID), exists: true)
                emit(.zoneCreated(RecordZoneID(zone.zoneID)))
            }
        case let .didFetchRecordZoneChanges(done):
            await flush()
            if let error = done.error {
                await zoneFetchFailed(RecordZoneID(done.zoneID), error: error, syncEngine: syncEngine)
            }
        case let .accountChange(change):
            await flush()
            await accountChanged(change.changeType, syncEngine: syncEngine)
        case .willSendChanges:
            await flush()
            attempted = []
            conflictCounts = [:]
        case .didSendChanges:
            // Every result of the send has arrived: what is still in flight was not sent.
            await flush()
            attempted = []
            conflictCounts = [:]
            inFlight = [:]
        default:
            await flush()
        }
    }

    /// Reads fetched records into pages by zone, to store with the next state. A record that cannot be read
    /// into a `Record` is reported and left out; shares go to the store's shares, with their zone's page.
    private func receive(_ changes: CKSyncEngine.Event.FetchedRecordZoneChanges) async {
        var pages: [RecordZoneID: FetchedPage] = [:]
        var order: [RecordZoneID] = []
        func page(_ zoneID: RecordZoneID) -> RecordZoneID {
            if pages[zoneID] == nil {
                pages[zoneID] = FetchedPage(zoneID: zoneID)
                order.append(zoneID)
            }
            return zoneID
        }
        let (records, deletions, shares, deletedShares) = takeShares(from: changes.modifications, deletions: changes.deletions)
        for ckRecord in records {
            do {
                let record = try Record(ckRecord: ckRecord)
                pages[page(record.id.zoneID)]?.changed.append(record)
            } catch {
                let id = RecordID(ckRecord.recordID)
                emit(.undecodable(.undecodable(id, recordType: ckRecord.recordType, error)))
            }
        }
        for deletion in deletions {
            let id = RecordID(deletion.recordID)
            pages[page(id.zoneID)]?.deleted.append(id)
        }
        for share in shares { pages[page(share.zoneID)]?.shares.append(share) }
        for id in deletedShares { pages[page(id.zoneID)]?.deletedShares.append(id) }
        received.pages += order.compactMap { pages[$0] }
        // Bounded memory: a long fetch without a state update is stored as it comes (storing ahead of the
        // state is safe: a refetch applies the same records again).
        let items = received.pages.reduce(0) { $0 + $1.changed.count + $1.deleted.count + $1.shares.count + $1.deletedShares.count }
        if items > configuration.maxItemsPerRequest {
            await flush()
        }
    }

    func markShared(_ zoneID: RecordZoneID) async {
        do {
            try await store.async.setZone(zoneID, scope: .shared)
        } catch {
            emit(.storeFailed(error))
        }
    }

    func setZone(_ zoneID: RecordZoneID, exists: Bool) async {
        do {
            try await store.async.setZone(zoneID, exists: exists)
        } catch {
            emit(.storeFailed(error))
        }
    }
}
#endif
