#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit
import RecordKitStore

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension CKSyncEngineAdapter {
    /// The next batch to send: the store's oldest pending changes within the send's scope, at most
    /// ``SyncConfiguration/maxItemsPerRequest`` items and ``SyncConfiguration/maxBytesPerRequest`` bytes, as
    /// `CKRecord`s carrying the last server record's change tag, whose `changedKeys()` are the keys that differ
    /// from that record (every key of a new record; a removed key set to nil), so unchanged fields and assets
    /// are not sent again. Records already tried in this send are left for the next one; nil when nothing is left.
    public func nextRecordZoneChangeBatch(
        _ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine
    ) async -> CKSyncEngine.RecordZoneChangeBatch? {
        await flush()
        let scope = context.options.scope
        let skipped = attempted
        let batch: PendingBatch
        do {
            batch = try await store.async.nextPendingBatch(
                for: sendingScope, maxCount: max(1, configuration.maxItemsPerRequest), maxBytes: configuration.maxBytesPerRequest
            ) { !skipped.contains($0) && scope.contains(CKRecord.ID($0)) }
        } catch {
            emit(.storeFailed(error))
            return nil
        }
        for error in batch.unreadable { emit(.undecodable(error)) }
        var records: [CKRecord] = []
        for save in batch.saves {
            let id = save.record.id
            attempted.insert(id)
            do {
                records.append(try CloudKitDatabase.ckRecord(for: RecordSave(save.record, changedKeys: save.changedKeys)))
                inFlight[id] = (save.generation, save.record)
            } catch {
                emit(.failure(id, .invalidArguments(error.description)))
            }
        }
        for delete in batch.deletes {
            attempted.insert(delete.id)
            inFlight[delete.id] = (delete.generation, nil)
        }
        guard !records.isEmpty || !batch.deletes.isEmpty else {
            await forgetStaleChanges(in: syncEngine, scope: scope)
            return nil
        }
        return CKSyncEngine.RecordZoneChangeBatch(
            recordsToSave: records, recordIDsToDelete: batch.deletes.map { CKRecord.ID($0.id) },
            atomicByZone: configuration.atomic)
    }

    /// Removes from the engine's state the changes the store no longer has pending (sent, or undone locally).
    private func forgetStaleChanges(in syncEngine: CKSyncEngine, scope: CKSyncEngine.SendChangesOptions.Scope) async {
        do {
            let pending = Set(try await store.async.pendingItems(for: sendingScope).map(\.id))
            let stale = syncEngine.state.pendingRecordZoneChanges.filter { change in
                switch change {
                case let .saveRecord(id), let .deleteRecord(id):
                    scope.contains(id) && !pending.contains(RecordID(id))
                @unknown default: false
                }
            }
            if !stale.isEmpty { syncEngine.state.remove(pendingRecordZoneChanges: stale) }
        } catch {
            emit(.storeFailed(error))
        }
    }

    /// Sorts a sent batch's results: accepted changes wait for the next state; failures are repaired.
    func receive(_ sent: CKSyncEngine.Event.SentRecordZoneChanges, syncEngine: CKSyncEngine) async {
        for ckRecord in sent.savedRecords {
            let id = RecordID(ckRecord.recordID)
            let flight = inFlight.removeValue(forKey: id)
            do {
                var server: Record
                if let sentRecord = flight?.record {
                    // The server holds what was sent, under its new system fields: the changed keys applied over
                    // the record of the change tag sent, whose other keys equal the local record's.
                    server = sentRecord
                    server.system = try SystemFields(ckRecord: ckRecord)
                } else {
                    server = try Record(ckRecord: ckRecord)
                }
                // Unknown generation (a send from before a relaunch): store the server copy, keep the edit pending.
                received.sent.append(.saved(serverRecord: server, generation: flight?.generation ?? -1))
            } catch {
                emit(.undecodable(.undecodable(id, recordType: ckRecord.recordType, error)))
            }
        }
        for ckID in sent.deletedRecordIDs {
            let id = RecordID(ckID)
            received.sent.append(.deleted(id, generation: inFlight.removeValue(forKey: id)?.generation ?? -1))
        }
        var conflicts: [Record] = []
        for failure in sent.failedRecordSaves {
            let id = RecordID(failure.record.recordID)
            let flight = inFlight.removeValue(forKey: id)
            let ancestor = (try? await store.async.storedState(of: id))?.flatMap(\.server)
            let client = flight?.record ?? (try? Record(ckRecord: failure.record))
            let subject = CloudKitErrorSubject(recordID: id, clientRecord: client, ancestor: ancestor)
            let error = CloudError(cloudKitError: failure.error, subject: subject)
            if error.refusesWriteForGood {
                await refused(id, error, sentGeneration: flight?.generation)
            } else if case let .merge(server) = SendFailure(save: error) {
                conflicts.append(server)
            } else {
                await saveFailed(id, error, sentGeneration: flight?.generation, syncEngine: syncEngine)
            }
        }
        for (ckID, ckError) in sent.failedRecordDeletes.sorted(by: { RecordID($0.key) < RecordID($1.key) }) {
            let id = RecordID(ckID)
            let flight = inFlight.removeValue(forKey: id)
            let error = CloudError(cloudKitError: ckError, subject: CloudKitErrorSubject(recordID: id))
            if error.refusesWriteForGood {
                await refused(id, error, sentGeneration: flight?.generation)
                continue
            }
            switch SendFailure(delete: error) {
            case .done:
                received.sent.append(.deleted(id, generation: flight?.generation ?? -1))
            case let .zoneLost(zoneID, reason):
                await zoneDeleted(zoneID, reason: reason, syncEngine: syncEngine)
            case .sendAgain, .retryLater:
                // Held back by its atomic zone, or a passing failure: the engine sends it again.
                syncEngine.state.add(pendingRecordZoneChanges: [.deleteRecord(ckID)])
            case .merge, .sendAsNew, .createZone, .park, .report:
                emit(.failure(id, error))
            }
        }
        if !conflicts.isEmpty { await resolve(conflicts, syncEngine: syncEngine) }
    }

    /// A save or delete the server refused for good (a read-only participant's): rolled back in the store by the
    /// rule both engines share and reported with its record; CKSyncEngine is not asked to send it again.
    private func refused(_ id: RecordID, _ error: CloudError, sentGeneration: Int64?) async {
        guard let sentGeneration else {
            emit(.failure(id, error))
            return
        }
        do {
            emit(try await store.async.rollBackRefusedWrite(id, generation: sentGeneration, error: error))
        } catch {
            emit(.storeFailed(error))
        }
    }

    /// Repairs a failed save, or reports it (it stays pending in the store, for a later send).
    private func saveFailed(_ id: RecordID, _ error: CloudError, sentGeneration: Int64?, syncEngine: CKSyncEngine) async {
        let change = CKSyncEngine.PendingRecordZoneChange.saveRecord(CKRecord.ID(id))
        switch SendFailure(save: error) {
        case .sendAsNew:
            // The server no longer has the record the edit was based on: forget the server copy and send it
            // again as new, in this send.
            do {
                let report = try await store.async.apply(FetchedPage(zoneID: id.zoneID, deleted: [id]))
                for event in report.eventsBeyondMerges { emit(event) }
                // Under deleteConflict="deleteWins" the deletion discarded the edit: nothing is left to send.
                guard report.discardedEdits.isEmpty else { return }
                attempted.remove(id)
                syncEngine.state.add(pendingRecordZoneChanges: [change])
            } catch {
                emit(.storeFailed(error))
            }
        case let .createZone(zoneID) where isSharedDatabase:
            // A shared zone that is gone is access lost: the participant cannot create the owner's zone.
            await sharedZoneLost(zoneID, syncEngine: syncEngine)
        case let .createZone(zoneID):
            // Create the zone; the engine sends the record again after it.
            await setZone(zoneID, exists: false)
            syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: CKRecordZone.ID(zoneID)))])
            syncEngine.state.add(pendingRecordZoneChanges: [change])
        case let .zoneLost(zoneID, reason):
            await zoneDeleted(zoneID, reason: reason, syncEngine: syncEngine)
        case .park:
            // Too large for any request (the engine splits batches itself): park it until the app edits it, so
            // the changes behind it are sent.
            do {
                // Only the edit sent is parked; one made since (another generation) goes in a later send.
                if let sentGeneration { try await store.async.park(id, generation: sentGeneration, reason: "\(error)") }
                emit(.parked(id, error))
            } catch {
                emit(.storeFailed(error))
            }
        case .sendAgain:
            // Held back by another item of its atomic zone: it goes again in this send.
            attempted.remove(id)
            syncEngine.state.add(pendingRecordZoneChanges: [change])
        case .retryLater:
            // Retried by the engine, which keeps the change.
            syncEngine.state.add(pendingRecordZoneChanges: [change])
        case .merge, .done, .report:
            // The others wait for the next send.
            emit(.failure(id, error))
        }
    }

    /// Settles conflicts in the store (`RecordStore.settleConflicts(serverRecords:)`: merged with the schema's
    /// rule against the stored ancestor, a merge that leaves the server's record as it is marked sent) and queues
    /// the others again, a bounded number of times per send.
    private func resolve(_ servers: [Record], syncEngine: CKSyncEngine) async {
        do {
            let settlement = try await store.async.settleConflicts(serverRecords: servers)
            for event in settlement.events(for: servers) { emit(event) }
            for id in settlement.toSendAgain {
                conflictCounts[id, default: 0] += 1
                if conflictCounts[id, default: 0] <= configuration.maxConflictRetries { attempted.remove(id) }
                syncEngine.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(id))])
            }
        } catch {
            emit(.storeFailed(error))
        }
    }
}
#endif
