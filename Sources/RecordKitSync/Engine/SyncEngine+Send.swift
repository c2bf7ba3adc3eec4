import RecordKit
import RecordKitStore

extension SyncEngine {
    /// What one response asks the engine to do next.
    private struct Followups {
        var sent: [SentChange] = []
        var conflicts: [Record] = []
        var lostOnServer: [RecordID] = []
        var missingZones: [RecordZoneID] = []
        var lostZones: [(RecordZoneID, ZoneResetReason)] = []
        /// Records that failed for good in this sync, reported once each.
        var failed: Set<RecordID> = []

        var madeProgress: Bool {
            !sent.isEmpty || !conflicts.isEmpty || !lostOnServer.isEmpty || !missingZones.isEmpty || !lostZones.isEmpty
        }
    }

    /// Sends pending changes in batches until none is left, or until rounds stop making progress (the records
    /// that keep failing stay pending and are reported as failures).
    func sendAll() async throws(SyncError) {
        var itemLimit = max(1, configuration.maxItemsPerRequest)
        var conflictCounts: [RecordID: Int] = [:]
        var failed: Set<RecordID> = []
        var idleRounds = 0
        try await settleAttempts()
        while idleRounds < 3 {
            let batch = try stored { () throws(RecordStoreError) in
                try store.nextPendingBatch(maxCount: itemLimit, maxBytes: configuration.maxBytesPerRequest)
            }
            for error in batch.unreadable { emit(.undecodable(error)) }
            // Done, or only records that failed for good are left at the head of the queue: they wait for the next sync.
            let ids = batch.saves.map(\.record.id) + batch.deletes.map(\.id)
            if ids.allSatisfy({ failed.contains($0) }) { return }
            let request = ModifyRecordsRequest(
                saves: batch.saves.map { RecordSave($0.record, changedKeys: $0.changedKeys) }, deletes: batch.deletes.map(\.id),
                savePolicy: .ifServerRecordUnchanged, atomic: configuration.atomic)
            try noteAttempted(batch.saves)
            let result: ModifyRecordsResult
            do {
                result = try await withRetries { () async throws(CloudError) in try await database.modifyRecords(request) }
            } catch .cloud(.limitExceeded) where request.itemCount > 1 {
                // "Split the operation in half and try both requests again."
                itemLimit = max(1, request.itemCount / 2)
                continue
            } catch let .cloud(.limitExceeded(items, bytes)) where request.itemCount == 1 && batch.saves.count == 1 {
                // One record too large for any request: park it until the app edits it, and send what follows.
                let save = batch.saves[0]
                try stored { () throws(RecordStoreError) in
                    try store.park(save.record.id, generation: save.generation, reason: "\(CloudError.limitExceeded(itemCount: items, byteCount: bytes))")
                }
                emit(.parked(save.record.id, .limitExceeded(itemCount: items, byteCount: bytes)))
                itemLimit = max(1, configuration.maxItemsPerRequest)
                continue
            }
            var followups = Followups(failed: failed)
            sort(result, of: batch, into: &followups, conflictCounts: &conflictCounts)
            failed = followups.failed
            try await act(on: followups)
            idleRounds = followups.madeProgress ? 0 : idleRounds + 1
        }
    }

    /// Sorts a response's items into what to store and what to do.
    private func sort(
        _ result: ModifyRecordsResult, of batch: PendingBatch, into followups: inout Followups,
        conflictCounts: inout [RecordID: Int]
    ) {
        for (outcome, pending) in zip(result.saves, batch.saves) {
            switch outcome.result {
            case let .success(record):
                followups.sent.append(.saved(serverRecord: record, generation: pending.generation))
            case let .failure(.serverRecordChanged(server, _)):
                conflictCounts[outcome.id, default: 0] += 1
                if conflictCounts[outcome.id, default: 0] > configuration.maxConflictRetries {
                    fail(outcome.id, .serverRecordChanged(serverRecord: server, clientRecord: pending.record), &followups)
                } else {
                    followups.conflicts.append(server)
                }
            case .failure(.unknownItem):
                // The server no longer has the record this edit was based on: send it again as a new record.
                followups.lostOnServer.append(outcome.id)
            case let .failure(error):
                classify(error, id: outcome.id, into: &followups)
            }
        }
        for (outcome, pending) in zip(result.deletes, batch.deletes) {
            switch outcome.error {
            // Gone already (or its zone is): the delete is done.
            case nil, .unknownItem?, .zoneNotFound?:
                followups.sent.append(.deleted(outcome.id, generation: pending.generation))
            case let error?:
                classify(error, id: outcome.id, into: &followups)
            }
        }
    }

    private func classify(_ error: CloudError, id: RecordID, into followups: inout Followups) {
        switch error {
        case let .zoneNotFound(zoneID):
            if !followups.missingZones.contains(zoneID) { followups.missingZones.append(zoneID) }
        case let .userDeletedZone(zoneID):
            if !followups.lostZones.contains(where: { $0.0 == zoneID }) { followups.lostZones.append((zoneID, .userDeletedZone)) }
        case let .encryptedDataReset(zoneID):
            if !followups.lostZones.contains(where: { $0.0 == zoneID }) { followups.lostZones.append((zoneID, .encryptedDataReset)) }
        case .batchRequestFailed:
            break  // Another item of its atomic zone failed: it goes again with the next batch.
        default:
            fail(id, error, &followups)
        }
    }

    private func fail(_ id: RecordID, _ error: CloudError, _ followups: inout Followups) {
        if followups.failed.insert(id).inserted { emit(.failure(id, error)) }
    }

    /// Stores what the server accepted, merges conflicts, and repairs zones and lost records.
    private func act(on followups: Followups) async throws(SyncError) {
        if !followups.sent.isEmpty {
            try stored { () throws(RecordStoreError) in try store.markSent(followups.sent) }
            var saved: [RecordID] = [], deleted: [RecordID] = []
            for change in followups.sent {
                switch change {
                case let .saved(record, _): saved.append(record.id)
                case let .deleted(id, _): deleted.append(id)
                }
            }
            emit(.sent(saved: saved, deleted: deleted))
        }
        if !followups.conflicts.isEmpty {
            try resolveConflicts(followups.conflicts)
        }
        for id in followups.lostOnServer {
            // Forget the server copy; the pending save stays and is sent without a change tag.
            let report = try stored { () throws(RecordStoreError) in try store.apply(FetchedPage(zoneID: id.zoneID, deleted: [id])) }
            emitReport(report)
        }
        try await createZones(followups.missingZones)
        for (zoneID, reason) in followups.lostZones {
            try await zoneLost(zoneID, reason: reason)
        }
    }

    /// Merges each server record over the pending edit with the schema's rule against the stored ancestor; the
    /// result stays pending with the server's change tag. When the merge leaves the server's values and parent
    /// unchanged (a retry of a save whose response was lost), it is marked sent instead of saved again.
    private func resolveConflicts(_ serverRecords: [Record]) throws(SyncError) {
        let report = try stored { () throws(RecordStoreError) in try store.apply(serverRecords: serverRecords) }
        for event in report.eventsBeyondMerges { emit(event) }
        var settled: [SentChange] = []
        for server in serverRecords {
            emit(.conflictMerged(server.id))
            let state = try stored { () throws(RecordStoreError) in try store.storedState(of: server.id) }
            guard let state, case let .save(generation)? = state.pending, let local = state.local else { continue }
            if local.holdsTheSameValues(as: server) {
                settled.append(.saved(serverRecord: server, generation: generation))
            }
        }
        if !settled.isEmpty {
            try stored { () throws(RecordStoreError) in try store.markSent(settled) }
        }
    }
}
