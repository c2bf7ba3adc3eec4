#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit
import RecordKitStore

/// A `CKSyncEngineDelegate` backed by a `RecordStore`: the glue an app writes around
/// CKSyncEngine, once.
///
/// - Pending changes live in the store's queue, committed with each edit (``save(_:)``, ``delete(_:id:)``), and
///   are handed to the engine's state when the engine starts and after each edit: no edit waits for the next
///   state serialization to be durable.
/// - ``nextRecordZoneChangeBatch(_:syncEngine:)`` builds `CKRecord`s from the store through the bridge, at most
///   400 items and 2 MB (``SyncConfiguration/maxItemsPerRequest``, ``SyncConfiguration/maxBytesPerRequest``),
///   within the send's scope, oldest edit first, each with the change tag of the last server record. An edit
///   sends only the keys that differ from that record, so unchanged fields and assets are not uploaded again.
/// - Fetched changes and sent results are stored in the same transaction as the state serialization that
///   follows them (`RecordStore.commit(_:engineState:)`), so the stored state never covers
///   changes the store lacks. A sent save clears its pending change only for the generation sent.
/// - `serverRecordChanged` is merged with the schema's rule against the stored ancestor and queued again on
///   the server's record; `unknownItem` sends the record again as new; `zoneNotFound` creates the zone; a
///   zone the user deleted, an encrypted data reset and account changes follow the configuration's policies.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public actor CKSyncEngineAdapter: CKSyncEngineDelegate {
    /// The store synced.
    public nonisolated let store: RecordStore
    /// The database synced with.
    public nonisolated let database: CKDatabase
    /// The zones, batch limits, policies and event callback (the retry settings are CKSyncEngine's own business).
    public nonisolated let configuration: SyncConfiguration

    var engineStorage: CKSyncEngine?
    /// Fetched pages and sent results waiting for the state serialization that covers them.
    var received = EngineChanges()
    /// What was sent in the current send, by record: the generation and the record, to mark them sent.
    var inFlight: [RecordID: (generation: Int64, record: Record?)] = [:]
    /// Records already in a batch of the current send, not offered again in it (unless a conflict was merged).
    var attempted: Set<RecordID> = []
    /// Conflicts merged per record in the current send, bounded by ``SyncConfiguration/maxConflictRetries``.
    var conflictCounts: [RecordID: Int] = [:]
    /// Set when the store refused a commit: no later state is stored in this process, so the engine fetches
    /// the lost changes again at the next launch.
    var stateBlocked = false

    /// An adapter over a store and a database (the private or the shared database of the app's container).
    public init(store: RecordStore, database: CKDatabase, configuration: SyncConfiguration) {
        self.store = store
        self.database = database
        self.configuration = configuration
    }

    /// The sync engine, created on first use from the state serialization the store holds; the store's
    /// pending changes and the zones the store does not know to exist are then handed to its state.
    public var engine: CKSyncEngine {
        if let engineStorage { return engineStorage }
        var serialization: CKSyncEngine.State.Serialization?
        do {
            if let data = try store.engineState() {
                // A blob that is no serialization (``SyncEngine``'s own state, say) starts the engine afresh:
                // it fetches everything again, and the store merges what it already has.
                serialization = try? JSONDecoder().decode(CKSyncEngine.State.Serialization.self, from: data)
            }
        } catch {
            emit(.storeFailed(error))
        }
        let engine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: serialization, delegate: self))
        engineStorage = engine
        handPendingChanges(to: engine)
        return engine
    }

    // MARK: Local edits

    /// Saves models as local edits (the store commits each with its pending change) and tells the engine.
    public func save<Model: RecordModel>(_ models: Model...) throws(RecordStoreError) {
        try save(contentsOf: models)
    }

    /// Saves models as local edits, in one transaction, and tells the engine.
    public func save<Model: RecordModel>(contentsOf models: some Collection<Model>) throws(RecordStoreError) {
        try store.save(contentsOf: models)
        engine.state.add(pendingRecordZoneChanges: models.map { .saveRecord(CKRecord.ID($0.recordID)) })
    }

    /// Deletes records as local edits and tells the engine.
    public func delete<Model: RecordModel>(_ type: Model.Type, id: RecordID...) throws(RecordStoreError) {
        try store.delete(type, ids: id)
        engine.state.add(pendingRecordZoneChanges: id.map { .deleteRecord(CKRecord.ID($0)) })
    }

    // MARK: Plumbing

    func emit(_ event: SyncEvent) {
        configuration.onEvent?(event)
    }

    /// Hands the store's pending changes, and the configured zones not known to exist, to the engine's state.
    func handPendingChanges(to engine: CKSyncEngine) {
        do {
            let changes: [CKSyncEngine.PendingRecordZoneChange] = try store.pendingItems().map { item in
                switch item.change {
                case .save: .saveRecord(CKRecord.ID(item.id))
                case .delete: .deleteRecord(CKRecord.ID(item.id))
                }
            }
            engine.state.add(pendingRecordZoneChanges: changes)
            var zones: [CKSyncEngine.PendingDatabaseChange] = []
            for zoneID in configuration.zones where zoneID.zoneName != RecordZoneID.defaultZoneName {
                if try store.zone(zoneID)?.exists != true { zones.append(.saveZone(CKRecordZone(zoneID: CKRecordZone.ID(zoneID)))) }
            }
            engine.state.add(pendingDatabaseChanges: zones)
        } catch {
            emit(.storeFailed(error))
        }
    }

    /// Stores what was received without a state serialization (before anything that reads the store).
    func flush() {
        commit(engineState: nil)
    }

    /// Stores what was received, with the state serialization that covers it, in one transaction.
    func commit(engineState: Data?) {
        let changes = received
        received = EngineChanges()
        guard !changes.isEmpty || engineState != nil else { return }
        do {
            let report = try store.commit(changes, engineState: stateBlocked ? nil : engineState)
            for event in report.eventsBeyondMerges { emit(event) }
            for page in changes.pages {
                emit(.fetched(zoneID: page.zoneID, changed: page.changed.map(\.id), deleted: page.deleted))
            }
            var saved: [RecordID] = [], deleted: [RecordID] = []
            for change in changes.sent {
                switch change {
                case let .saved(record, _): saved.append(record.id)
                case let .deleted(id, _): deleted.append(id)
                }
            }
            if !saved.isEmpty || !deleted.isEmpty { emit(.sent(saved: saved, deleted: deleted)) }
        } catch {
            stateBlocked = true
            emit(.storeFailed(error))
        }
    }
}
#endif
