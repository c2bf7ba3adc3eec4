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
        /// Saves too large for any request, with the error that said so.
        var tooLarge: [(PendingSave, CloudError)] = []
        /// Changes the user may not make, with the generation sent: rolled back, never sent again.
        var refused: [(id: RecordID, generation: Int64, error: CloudError)] = []
        /// Records that failed for good in this sync, reported once each.
        var failed: Set<RecordID> = []

        var madeProgress: Bool {
            !sent.isEmpty || !conflicts.isEmpty || !lostOnServer.isEmpty || !missingZones.isEmpty || !lostZones.isEmpty
                || !tooLarge.isEmpty || !refused.isEmpty
        }
    }

    /// Sends pending changes in batches until none is left, or until rounds stop making progress (the records
    /// that keep failing stay pending and are reported as failures).
    func sendAll() async throws {
        var itemLimit = max(1, configuration.maxItemsPerRequest)
        var conflictCounts: [RecordID: Int] = [:]
        var failed: Set<RecordID> = []
        var idleRounds = 0
        try await settleAttempts()
        while idleRounds < 3 {
            let batch = try await nextPendingBatch(maxCount: itemLimit)
            for error in batch.unreadable { emit(.undecodable(error)) }
            // Done, or only records that failed for good are left at the head of the queue: they wait for the next sync.
            let ids = batch.saves.map(\.record.id) + batch.deletes.map(\.id)
            if ids.allSatisfy({ failed.contains($0) }) { return }
            let request = ModifyRecordsRequest(
                saves: batch.saves.map { RecordSave($0.record, changedKeys: $0.changedKeys) }, deletes: batch.deletes.map(\.id),
                savePolicy: .ifServerRecordUnchanged, atomic: configuration.atomic)
            try await noteAttempted(batch.saves)
            let result: ModifyRecordsResult
            switch await attempt({ () async throws(SyncError) in
                try await withRetries { () async throws(CloudError) in try await database.modifyRecords(request) }
            }) {
            case let .success(response):
                result = response
            case .failure(.cloud(.limitExceeded)) where request.itemCount > 1:
                // "Split the operation in half and try both requests again."
                itemLimit = max(1, request.itemCount / 2)
                continue
            case let .failure(.cloud(error)) where request.itemCount == 1 && batch.saves.count == 1 && SendFailure(save: error) == .park:
                // One record too large for any request: park it until the app edits it, and send what follows.
                try await park(batch.saves[0], error)
                itemLimit = max(1, configuration.maxItemsPerRequest)
                continue
            case let .failure(error):
                throw error
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
            case let .failure(error) where error.refusesWriteForGood:
                followups.refused.append((outcome.id, pending.generation, error))
            case let .failure(error):
                switch SendFailure(save: error) {
                case let .merge(server):
                    conflictCounts[outcome.id, default: 0] += 1
                    if conflictCounts[outcome.id, default: 0] > configuration.maxConflictRetries {
                        fail(outcome.id, .serverRecordChanged(serverRecord: server, clientRecord: pending.record), &followups)
                    } else {
                        followups.conflicts.append(server)
                    }
                case .park:
                    followups.tooLarge.append((pending, error))
                case let step:
                    follow(step, id: outcome.id, error: error, into: &followups)
                }
            }
        }
        for (outcome, pending) in zip(result.deletes, batch.deletes) {
            guard let error = outcome.error else {
                followups.sent.append(.deleted(outcome.id, generation: pending.generation))
                continue
            }
            if error.refusesWriteForGood {
                followups.refused.append((outcome.id, pending.generation, error))
                continue
            }
            switch SendFailure(delete: error) {
            case .done: followups.sent.append(.deleted(outcome.id, generation: pending.generation))
            case let step: follow(step, id: outcome.id, error: error, into: &followups)
            }
        }
    }

    /// Notes what a failed change needs beyond its own record: a zone to create or to lose; a change held back
    /// by its atomic zone goes with the next batch; anything else fails for this sync (a passing failure too:
    /// the request's own retries are behind it).
    private func follow(_ step: SendFailure, id: RecordID, error: CloudError, into followups: inout Followups) {
        switch step {
        case .sendAsNew:
            followups.lostOnServer.append(id)
        case let .createZone(zoneID):
            if !followups.missingZones.contains(zoneID) { followups.missingZones.append(zoneID) }
        case let .zoneLost(zoneID, reason):
            if !followups.lostZones.contains(where: { $0.0 == zoneID }) { followups.lostZones.append((zoneID, reason)) }
        case .sendAgain, .done:
            break
        case .merge, .park, .retryLater, .report:
            fail(id, error, &followups)
        }
    }

    /// The next pending changes of the engine's database: a private engine never sends a shared zone's record,
    /// nor the reverse. An engine of the public database (which stands alone) sends every database's changes.
    private func nextPendingBatch(maxCount: Int) async throws -> PendingBatch {
        let maxBytes = configuration.maxBytesPerRequest
        if database.scope == .public { return try await store.async.nextPendingBatch(maxCount: maxCount, maxBytes: maxBytes) }
        return try await store.async.nextPendingBatch(for: database.scope, maxCount: maxCount, maxBytes: maxBytes)
    }

    /// Parks a save too large for any request, at the generation sent, so that the changes behind it are sent.
    private func park(_ save: PendingSave, _ error: CloudError) async throws {
        try await store.async.park(save.record.id, generation: save.generation, reason: "\(error)")
        emit(.parked(save.record.id, error))
    }

    private func fail(_ id: RecordID, _ error: CloudError, _ followups: inout Followups) {
        if followups.failed.insert(id).inserted { emit(.failure(id, error)) }
    }

    /// Stores what the server accepted, merges conflicts, and repairs zones and lost records.
    private func act(on followups: Followups) async throws {
        if !followups.sent.isEmpty {
            try await store.async.markSent(followups.sent)
            if let event = SyncEvent.sent(followups.sent) { emit(event) }
        }
        if !followups.conflicts.isEmpty {
            let servers = followups.conflicts
            // Merged over the pending edits; a merge that leaves the server's record as it is counts as sent.
            let settlement = try await store.async.settleConflicts(serverRecords: servers)
            for event in settlement.events(for: servers) { emit(event) }
        }
        for (save, error) in followups.tooLarge {
            try await park(save, error)
        }
        var removed: [RecordID] = []
        for refusal in followups.refused {
            let event = try await store.async.rollBackRefusedWrite(refusal.id, generation: refusal.generation, error: refusal.error)
            if case .writeRefused(_, .removedUnsavedRecord, _) = event { removed.append(refusal.id) }
            emit(event)
        }
        // Refused, so the server does not hold them: settling must not delete them there.
        try await forgetAttempts(removed)
        for id in followups.lostOnServer {
            // Forget the server copy; the pending save stays and is sent without a change tag.
            let report = try await store.async.apply(FetchedPage(zoneID: id.zoneID, deleted: [id]))
            emitReport(report)
        }
        if database.scope == .shared {
            // A participant cannot create a shared zone: a zone not found is one the user lost.
            for zoneID in followups.missingZones { try await zoneLost(zoneID, reason: .deleted) }
        } else {
            try await createZones(followups.missingZones)
        }
        for (zoneID, reason) in followups.lostZones {
            try await zoneLost(zoneID, reason: reason)
        }
    }
}
