import RecordKit
import RecordKitStore

extension SyncEngine {
    /// The engine's persisted state.
    func loadState() async throws -> EngineState {
        EngineState(data: try await store.async.engineState(stateKey))
    }

    func saveState(_ state: EngineState) async throws {
        try await store.async.setEngineState(state.data, for: stateKey)
    }

    /// The engine's key in the store: the engines of the private and the shared database keep their states apart.
    var stateKey: EngineStateKey {
        database.scope == .shared ? .sharedSyncEngine : .syncEngine
    }

    /// Forgets attempted records the server is known not to hold (their save was refused).
    func forgetAttempts(_ ids: [RecordID]) async throws {
        var state = try await loadState()
        let kept = state.attempted.subtracting(ids)
        guard kept.count != state.attempted.count else { return }
        state.attempted = kept
        try await saveState(state)
    }

    /// Records, before sending, the new records of a batch: if the response is lost, the server may hold them.
    func noteAttempted(_ saves: [PendingSave]) async throws {
        let new = saves.filter { $0.record.system.changeTag == nil }.map(\.record.id)
        guard !new.isEmpty else { return }
        var state = try await loadState()
        let before = state
        state.attempted.formUnion(new)
        if state != before { try await saveState(state) }
    }

    /// Forgets the attempted records of a zone whose local data went with the zone: the store no longer holding them
    /// is not the app's delete, so settling must not delete what the server now holds under their IDs (another
    /// device's acknowledged records).
    func forgetAttempts(in zoneID: RecordZoneID) async throws {
        var state = try await loadState()
        let kept = state.attempted.filter { $0.zoneID != zoneID }
        guard kept.count != state.attempted.count else { return }
        state.attempted = kept
        try await saveState(state)
    }

    /// Settles the attempted records: those the store now has a server copy of are known; those the app deleted
    /// meanwhile (the store dropped them, never having seen them on the server) are deleted on the server, where
    /// a lost response may have left them. Records still pending stay attempted.
    func settleAttempts() async throws {
        var state = try await loadState()
        guard !state.attempted.isEmpty else { return }
        var orphans: [RecordID] = []
        for id in state.attempted.sorted() {
            let stored = try await store.async.storedState(of: id)
            if let stored {
                if stored.server != nil { state.attempted.remove(id) }
            } else {
                orphans.append(id)
            }
        }
        for chunk in stride(from: 0, to: orphans.count, by: max(1, configuration.maxItemsPerRequest)) {
            let ids = Array(orphans[chunk..<min(orphans.count, chunk + max(1, configuration.maxItemsPerRequest))])
            let request = ModifyRecordsRequest(deletes: ids, atomic: false)
            let result = try await withRetries { () async throws(CloudError) in try await database.modifyRecords(request) }
            var deleted: [RecordID] = []
            for outcome in result.deletes {
                guard let error = outcome.error else {
                    state.attempted.remove(outcome.id)
                    deleted.append(outcome.id)
                    continue
                }
                // The user may not delete it: their save was not refused, so it stands (the fetch brings it back).
                if error.refusesWriteForGood {
                    state.attempted.remove(outcome.id)
                    emit(.failure(outcome.id, error))
                    continue
                }
                switch SendFailure(delete: error) {
                // Gone, or its zone is: nothing of it is left on the server.
                case .done, .zoneLost: state.attempted.remove(outcome.id)
                default: emit(.failure(outcome.id, error))
                }
            }
            if !deleted.isEmpty { emit(.sent(saved: [], deleted: deleted)) }
        }
        try await saveState(state)
    }
}
