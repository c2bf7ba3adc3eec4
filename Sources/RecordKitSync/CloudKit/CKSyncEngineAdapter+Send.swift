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
        flush()
        let scope = context.options.scope
        let skipped = attempted
        let batch: PendingBatch
        do {
            batch = try store.nextPendingBatch(
                maxCount: max(1, configuration.maxItemsPerRequest), maxBytes: configuration.maxBytesPerRequest
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
            forgetStaleChanges(in: syncEngine, scope: scope)
            return nil
        }
        return CKSyncEngine.RecordZoneChangeBatch(
            recordsToSave: records, recordIDsToDelete: batch.deletes.map { CKRecord.ID($0.id) },
            atomicByZone: configuration.atomic)
    }

    /// Removes from the engine's state the changes the store no longer has pending (sent, or undone locally).
    private func forgetStaleChanges(in syncEngine: CKSyncEngine, scope: CKSyncEngine.SendChangesOptions.Scope) {
        do {
            let pending = Set(try store.pendingItems().map(\.id))
            let stale = syncEngine.state.pendingRecordZoneChanges.filter { change in
                switch change {
                case let .saveRecord(id), let .deleteRecord(id): scope.contains(id) && !pending.contains(RecordID(id))
                @unknown default: false
                }
            }
            if !stale.isEmpty { syncEngine.state.remove(pendingRecordZoneChanges: stale) }
        } catch {
            emit(.storeFailed(error))
        }
    }

    /// Sorts a sent batch's results: accepted changes wait for the next state; failures are repaired.
    func receive(_ sent: CKSyncEngine.Event.SentRecordZoneChanges, syncEngine: CKSyncEngine) {
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
        var conflicts: [(Record, Record?)] = []
        for failure in sent.failedRecordSaves {
            let id = RecordID(failure.record.recordID)
            let flight = inFlight.removeValue(forKey: id)
            let ancestor = (try? store.storedState(of: id))?.flatMap(\.server)
            let client = flight?.record ?? (try? Record(ckRecord: failure.record))
            let subject = CloudKitErrorSubject(recordID: id, clientRecord: client, ancestor: ancestor)
            let error = CloudError(cloudKitError: failure.error, subject: subject)
            if case let .serverRecordChanged(server, _) = error {
                conflicts.append((server, flight?.record))
            } else {
                saveFailed(id, error, sentGeneration: flight?.generation, syncEngine: syncEngine)
            }
        }
        for (ckID, ckError) in sent.failedRecordDeletes.sorted(by: { RecordID($0.key) < RecordID($1.key) }) {
            let id = RecordID(ckID)
            let flight = inFlight.removeValue(forKey: id)
            switch CloudError(cloudKitError: ckError, subject: CloudKitErrorSubject(recordID: id)) {
            case .unknownItem, .zoneNotFound:
                // Gone already, or its zone is: the delete is done.
                received.sent.append(.deleted(id, generation: flight?.generation ?? -1))
            case let .userDeletedZone(zoneID):
                zoneDeleted(zoneID, reason: .userDeletedZone, syncEngine: syncEngine)
            case let .encryptedDataReset(zoneID):
                zoneDeleted(zoneID, reason: .encryptedDataReset, syncEngine: syncEngine)
            case let error where error.isTransient || error == .batchRequestFailed(id):
                syncEngine.state.add(pendingRecordZoneChanges: [.deleteRecord(ckID)])
            case let error:
                emit(.failure(id, error))
            }
        }
        if !conflicts.isEmpty { resolve(conflicts, syncEngine: syncEngine) }
    }

    /// Repairs a failed save, or reports it (it stays pending in the store, for a later send).
    private func saveFailed(_ id: RecordID, _ error: CloudError, sentGeneration: Int64?, syncEngine: CKSyncEngine) {
        let change = CKSyncEngine.PendingRecordZoneChange.saveRecord(CKRecord.ID(id))
        switch error {
        case .unknownItem:
            // The server no longer has the record the edit was based on: forget the server copy and send it
            // again as new, in this send.
            do {
                let report = try store.apply(FetchedPage(zoneID: id.zoneID, deleted: [id]))
                for event in report.eventsBeyondMerges { emit(event) }
                // Under deleteConflict="deleteWins" the deletion discarded the edit: nothing is left to send.
                guard report.discardedEdits.isEmpty else { return }
                attempted.remove(id)
                syncEngine.state.add(pendingRecordZoneChanges: [change])
            } catch {
                emit(.storeFailed(error))
            }
        case let .zoneNotFound(zoneID):
            // Create the zone; the engine sends the record again after it.
            setZone(zoneID, exists: false)
            syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: CKRecordZone.ID(zoneID)))])
            syncEngine.state.add(pendingRecordZoneChanges: [change])
        case let .userDeletedZone(zoneID):
            zoneDeleted(zoneID, reason: .userDeletedZone, syncEngine: syncEngine)
        case let .encryptedDataReset(zoneID):
            zoneDeleted(zoneID, reason: .encryptedDataReset, syncEngine: syncEngine)
        case .limitExceeded:
            // Too large for any request (the engine splits batches itself): park it until the app edits it, so
            // the changes behind it are sent.
            do {
                // Only the edit sent is parked; one made since (another generation) goes in a later send.
                if let sentGeneration { try store.park(id, generation: sentGeneration, reason: "\(error)") }
                emit(.parked(id, error))
            } catch {
                emit(.storeFailed(error))
            }
        case .batchRequestFailed:
            // Held back by another item of its atomic zone: it goes again in this send.
            attempted.remove(id)
            syncEngine.state.add(pendingRecordZoneChanges: [change])
        default:
            // Transient errors are retried by the engine, which keeps the change; the others wait for the next send.
            if error.isTransient {
                syncEngine.state.add(pendingRecordZoneChanges: [change])
            } else {
                emit(.failure(id, error))
            }
        }
    }

    /// Merges each conflict with the schema's rule against the stored ancestor (the store keeps the result
    /// pending on the server's change tag) and queues it again, a bounded number of times per send. A merge
    /// that leaves the server's values and parent as they are (a save whose response was lost) is marked sent
    /// instead.
    private func resolve(_ conflicts: [(server: Record, client: Record?)], syncEngine: CKSyncEngine) {
        let servers = conflicts.map(\.server)
        do {
            let report = try store.apply(serverRecords: servers)
            for event in report.eventsBeyondMerges { emit(event) }
            var settled: [SentChange] = []
            for server in servers {
                let id = server.id
                emit(.conflictMerged(id))
                guard let state = try store.storedState(of: id), case let .save(generation)? = state.pending,
                    let local = state.local
                else { continue }
                if local.holdsTheSameValues(as: server) {
                    settled.append(.saved(serverRecord: server, generation: generation))
                    continue
                }
                conflictCounts[id, default: 0] += 1
                if conflictCounts[id, default: 0] <= configuration.maxConflictRetries { attempted.remove(id) }
                syncEngine.state.add(pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(id))])
            }
            if !settled.isEmpty { try store.markSent(settled) }
        } catch {
            emit(.storeFailed(error))
        }
    }
}
#endif
