#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit
import RecordKitStore

/// A `CKSyncEngineDelegate` backed by a `RecordStore`: the glue an app writes around
/// CKSyncEngine, once.
///
/// Call ``start()`` once the app is ready to sync: it makes the `CKSyncEngine` from the state the store holds.
/// The store is used through its async API (`RecordStore.async`), so no SQLite call blocks Swift's cooperative
/// thread pool.
///
/// - Pending changes live in the store's queue, committed with each edit (``save(_:)``, ``delete(_:id:)``), and
///   are handed to the engine's state when it starts and after each edit: no edit waits for the next
///   state serialization to be durable.
/// - ``nextRecordZoneChangeBatch(_:syncEngine:)`` builds `CKRecord`s from the store through the bridge, at most
///   400 items and 2 MB (``SyncConfiguration/maxItemsPerRequest``, ``SyncConfiguration/maxBytesPerRequest``),
///   within the send's scope, oldest edit first, each with the change tag of the last server record. An edit
///   sends only the keys that differ from that record, so unchanged fields and assets are not uploaded again.
/// - Fetched changes and sent results are stored in the same transaction as the state serialization that
///   follows them (`RecordStore.commit(_:engineState:for:)`), so the stored state never covers
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

    /// The sync engine, once ``start()`` made it; nil before.
    public private(set) var engine: CKSyncEngine?
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
    /// Over the shared database it creates no zones, and hands its engine only the changes of zones other users
    /// own; over the private database, only those of the current user's zones.
    public init(store: RecordStore, database: CKDatabase, configuration: SyncConfiguration) {
        self.store = store
        self.database = database
        self.configuration = configuration
    }

    /// Starts syncing: makes the sync engine from the state serialization the store holds and hands it the
    /// store's pending changes and the zones the store does not know to exist. Calling it again returns the same
    /// engine.
    @discardableResult
    public func start() async -> CKSyncEngine {
        if let engine { return engine }
        var serialization: CKSyncEngine.State.Serialization?
        do {
            if let data = try await store.async.engineState(engineStateKey) {
                // A blob that is no serialization (a damaged one) starts the engine afresh: it fetches everything
                // again, and the store merges what it already has.
                serialization = try? JSONDecoder().decode(CKSyncEngine.State.Serialization.self, from: data)
            }
        } catch {
            emit(.storeFailed(error))
        }
        // Another call may have started it while this one read the store.
        if let engine { return engine }
        let engine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: serialization, delegate: self))
        self.engine = engine
        await handPendingChanges(to: engine)
        return engine
    }

    // MARK: Local edits

    /// Saves models as local edits (the store commits each with its pending change) and tells the engine, once
    /// started (``start()`` hands it every pending change).
    public func save<Model: RecordModel>(_ models: Model...) async throws(RecordStoreError) {
        try await save(contentsOf: models)
    }

    /// Saves models as local edits, in one transaction, and tells the engine, once started.
    public func save<Model: RecordModel>(contentsOf models: some Collection<Model>) async throws(RecordStoreError) {
        let models = Array(models)  // Sendable, to hand to the store's async call.
        try await store.async.save(contentsOf: models)
        guard let engine else { return }
        engine.state.add(pendingRecordZoneChanges: try await ownIDs(models.map(\.recordID)).map { .saveRecord(CKRecord.ID($0)) })
    }

    /// Deletes records as local edits and tells the engine, once started.
    public func delete<Model: RecordModel>(_ type: Model.Type, id: RecordID...) async throws(RecordStoreError) {
        try await store.async.delete(type, ids: id)
        guard let engine else { return }
        engine.state.add(pendingRecordZoneChanges: try await ownIDs(id).map { .deleteRecord(CKRecord.ID($0)) })
    }

    // MARK: Plumbing

    func emit(_ event: SyncEvent) {
        configuration.onEvent?(event)
    }

    /// Hands the store's pending changes, and the configured zones not known to exist, to the engine's state.
    func handPendingChanges(to engine: CKSyncEngine) async {
        do {
            let changes: [CKSyncEngine.PendingRecordZoneChange] = try await store.async.pendingItems(for: sendingScope).map { item in
                switch item.change {
                case .save: .saveRecord(CKRecord.ID(item.id))
                case .delete: .deleteRecord(CKRecord.ID(item.id))
                }
            }
            engine.state.add(pendingRecordZoneChanges: changes)
            // The shared database's zones are their owners' to create.
            guard !isSharedDatabase else { return }
            var zones: [CKSyncEngine.PendingDatabaseChange] = []
            for zoneID in configuration.zones where zoneID.zoneName != RecordZoneID.defaultZoneName {
                if try await store.async.zone(zoneID)?.exists != true { zones.append(.saveZone(CKRecordZone(zoneID: CKRecordZone.ID(zoneID)))) }
            }
            engine.state.add(pendingDatabaseChanges: zones)
        } catch {
            emit(.storeFailed(error))
        }
    }

    /// Stores what was received without a state serialization (before anything that reads the store).
    func flush() async {
        await commit(engineState: nil)
    }

    /// Stores what was received, with the state serialization that covers it, in one transaction.
    func commit(engineState: Data?) async {
        let changes = received
        received = EngineChanges()
        guard !changes.isEmpty || engineState != nil else { return }
        do {
            let report = try await store.async.commit(changes, engineState: stateBlocked ? nil : engineState, for: engineStateKey)
            for event in report.eventsBeyondMerges { emit(event) }
            for page in changes.pages {
                emit(.fetched(zoneID: page.zoneID, changed: page.changed.map(\.id), deleted: page.deleted))
            }
            if let event = SyncEvent.sent(changes.sent) { emit(event) }
        } catch {
            stateBlocked = true
            emit(.storeFailed(error))
        }
    }
}
#endif
