import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// The store's local edits and sync-engine calls as `async` functions over GRDB's async API: the caller's task
    /// waits for the database without blocking a thread of Swift's cooperative pool, and a cancelled task gets
    /// ``RecordStoreError/cancelled``. Each does what the synchronous call of the same name does, in the same
    /// transaction.
    public var async: AsyncRecordStore { AsyncRecordStore(store: self) }
}

/// A ``RecordStore``'s calls for actors and other async code (``RecordStore/async``): the same transactions as the
/// synchronous API, run on GRDB's async API.
public struct AsyncRecordStore: Sendable {
    /// The store the calls run on.
    public let store: RecordStore

    /// See ``RecordStore/save(_:)``.
    public func save<Model: RecordModel>(_ model: Model) async throws(RecordStoreError) {
        try await save(contentsOf: CollectionOfOne(model))
    }

    /// See ``RecordStore/save(contentsOf:)``.
    public func save<Model: RecordModel>(contentsOf models: some Sequence<Model>) async throws(RecordStoreError) {
        // The same preparation and transaction body as the synchronous save (RecordStore+LocalWrites.swift).
        let prepared = try store.prepareLocalSaves(models.map { LocalSave.Request($0) })
        guard !prepared.saves.isEmpty else { return }
        let now = store.clock.currentDate()
        try await store.write(releasing: prepared.pins) { [store] db in try store.saveLocally(db, prepared.saves, now: now) }
    }

    /// See ``RecordStore/delete(_:id:)``.
    @discardableResult
    public func delete<Model: RecordModel>(_ type: Model.Type, id: RecordID) async throws(RecordStoreError) -> Bool {
        try await delete(type, ids: [id]) > 0
    }

    /// See ``RecordStore/delete(_:ids:)``.
    @discardableResult
    public func delete<Model: RecordModel>(_ type: Model.Type, ids: [RecordID]) async throws(RecordStoreError) -> Int {
        let recordType = Model.recordType
        return try await store.write { [store] db in try store.deleteLocally(db, recordType: recordType, ids: ids) }
    }

    /// See ``RecordStore/nextPendingBatch(maxCount:maxBytes:including:)``.
    public func nextPendingBatch(
        maxCount: Int = 400, maxBytes: Int = 1_500_000, including: @escaping @Sendable (RecordID) -> Bool = { _ in true }
    ) async throws(RecordStoreError) -> PendingBatch {
        try await store.read { [store] db in
            try store.pendingBatch(db, scope: nil, maxCount: maxCount, maxBytes: maxBytes, including: including)
        }
    }

    /// See ``RecordStore/nextPendingBatch(for:maxCount:maxBytes:including:)``.
    public func nextPendingBatch(
        for scope: DatabaseScope, maxCount: Int = 400, maxBytes: Int = 1_500_000,
        including: @escaping @Sendable (RecordID) -> Bool = { _ in true }
    ) async throws(RecordStoreError) -> PendingBatch {
        try await store.read { [store] db in
            try store.pendingBatch(db, scope: scope, maxCount: maxCount, maxBytes: maxBytes, including: including)
        }
    }

    /// See ``RecordStore/pendingItems()``.
    public func pendingItems() async throws(RecordStoreError) -> [PendingItem] {
        try await store.read { [store] db in try store.pendingItems(db, scope: nil) }
    }

    /// See ``RecordStore/pendingItems(for:)``.
    public func pendingItems(for scope: DatabaseScope) async throws(RecordStoreError) -> [PendingItem] {
        try await store.read { [store] db in try store.pendingItems(db, scope: scope) }
    }

    /// See ``RecordStore/storedState(of:)``.
    public func storedState(of id: RecordID) async throws(RecordStoreError) -> StoredRecordState? {
        let filter = try RecordIDFilter(id)
        return try await store.read { [store] db in try store.storedState(db, of: id, filter: filter) }
    }

    /// See ``RecordStore/apply(_:)``.
    @discardableResult
    public func apply(_ page: FetchedPage) async throws(RecordStoreError) -> ApplyReport {
        let prepared = store.prepareServerRecords(page.changed)
        return try await store.write(releasing: prepared.pins) { [store] db in try store.applyServerChanges(db, prepared, page: page) }
    }

    /// See ``RecordStore/apply(serverRecords:)``.
    @discardableResult
    public func apply(serverRecords: [RecordKit.Record]) async throws(RecordStoreError) -> ApplyReport {
        let prepared = store.prepareServerRecords(serverRecords)
        return try await store.write(releasing: prepared.pins) { [store] db in try store.applyServerRecords(db, prepared) }
    }

    /// See ``RecordStore/markSent(_:)``.
    public func markSent(_ changes: [SentChange]) async throws(RecordStoreError) {
        let (changes, pins) = store.adoptAssets(changes)
        try await store.write(releasing: pins) { [store] db in try store.markSent(db, changes) }
    }

    /// See ``RecordStore/settleConflicts(serverRecords:)``.
    public func settleConflicts(serverRecords: [RecordKit.Record]) async throws(RecordStoreError) -> ConflictSettlement {
        let prepared = store.prepareServerRecords(serverRecords)
        return try await store.write(releasing: prepared.pins) { [store] db in try store.settleConflicts(db, prepared) }
    }

    /// See ``RecordStore/commit(_:engineState:for:)``.
    @discardableResult
    public func commit(
        _ changes: EngineChanges, engineState: Data?, for key: EngineStateKey
    ) async throws(RecordStoreError) -> ApplyReport {
        let prepared = try store.prepare(changes)
        return try await store.write(releasing: prepared.pins) { [store] db in
            try store.commit(db, prepared, engineState: engineState, for: key)
        }
    }

    /// See ``RecordStore/park(_:generation:reason:)``.
    public func park(_ id: RecordID, generation: Int64, reason: String) async throws(RecordStoreError) {
        let filter = try RecordIDFilter(id)
        try await store.write { [store] db in try store.park(db, filter: filter, generation: generation, reason: reason) }
    }

    /// See ``RecordStore/zone(_:)``.
    public func zone(_ zoneID: RecordZoneID) async throws(RecordStoreError) -> StoredZone? {
        let zone = try RowCoding.arguments(zoneID)
        return try await store.read { [store] db in try store.zone(db, zoneID, arguments: zone) }
    }

    /// See ``RecordStore/zones()``.
    public func zones() async throws(RecordStoreError) -> [StoredZone] {
        try await store.read { [store] db in try store.zones(db) }
    }

    /// See ``RecordStore/setZone(_:exists:)``.
    public func setZone(_ zoneID: RecordZoneID, exists: Bool) async throws(RecordStoreError) {
        let zone = try RowCoding.arguments(zoneID)
        try await store.write { [store] db in try store.setZone(db, zone: zone, exists: exists) }
    }

    /// See ``RecordStore/beginRefetch(_:)``.
    public func beginRefetch(_ zoneID: RecordZoneID) async throws(RecordStoreError) {
        let zone = try RowCoding.arguments(zoneID)
        try await store.write { [store] db in try store.beginRefetch(db, zone: zone) }
    }

    /// See ``RecordStore/forgetZone(_:keepingLocalChanges:)``.
    public func forgetZone(_ zoneID: RecordZoneID, keepingLocalChanges: Bool) async throws(RecordStoreError) {
        let zone = try RowCoding.arguments(zoneID)
        try await store.write { [store] db in try store.forgetZone(db, zone: zone, keepingLocalChanges: keepingLocalChanges) }
    }

    /// See ``RecordStore/requeueZone(_:)``.
    @discardableResult
    public func requeueZone(_ zoneID: RecordZoneID) async throws(RecordStoreError) -> Int {
        let zone = try RowCoding.arguments(zoneID)
        return try await store.write { [store] db in try store.requeueZone(db, zone: zone) }
    }

    /// See ``RecordStore/requeueAll()``.
    @discardableResult
    public func requeueAll() async throws(RecordStoreError) -> Int {
        try await store.write { [store] db in try store.requeueAll(db) }
    }

    /// See ``RecordStore/deleteAllData()``.
    public func deleteAllData() async throws(RecordStoreError) {
        try await store.write { [store] db in try store.deleteAllData(db) }
    }

    /// See ``RecordStore/databaseToken()``.
    public func databaseToken() async throws(RecordStoreError) -> ServerChangeToken? {
        try await databaseToken(for: .private)
    }

    /// See ``RecordStore/setDatabaseToken(_:)``.
    public func setDatabaseToken(_ token: ServerChangeToken?) async throws(RecordStoreError) {
        try await setDatabaseToken(token, for: .private)
    }

    /// See ``RecordStore/databaseToken(for:)``.
    public func databaseToken(for scope: DatabaseScope) async throws(RecordStoreError) -> ServerChangeToken? {
        let key = RecordStore.databaseTokenKey(scope)
        guard let data = try await store.read({ [store] db in try store.stateValue(db, key) }) else { return nil }
        return try RecordStore.token(data, what: "\(scope.rawValue) database change token")
    }

    /// See ``RecordStore/setDatabaseToken(_:for:)``.
    public func setDatabaseToken(_ token: ServerChangeToken?, for scope: DatabaseScope) async throws(RecordStoreError) {
        let data = token.map { NativeArchive.encode($0) }
        let key = RecordStore.databaseTokenKey(scope)
        try await store.write { [store] db in try store.setStateValue(db, key, data) }
    }

    /// See ``RecordStore/setZone(_:scope:)``.
    public func setZone(_ zoneID: RecordZoneID, scope: DatabaseScope) async throws(RecordStoreError) {
        let zone = try RowCoding.arguments(zoneID)
        try await store.write { [store] db in try store.setZone(db, zone: zone, scope: scope) }
    }

    /// See ``RecordStore/loseSharedZone(_:policy:)``.
    @discardableResult
    public func loseSharedZone(_ zoneID: RecordZoneID, policy: SharedZoneLossPolicy) async throws(RecordStoreError) -> Int {
        let zone = try RowCoding.arguments(zoneID)
        return try await store.write { [store] db in try store.loseSharedZone(db, zone: zone, policy: policy) }
    }

    /// See ``RecordStore/rollBackRefusedChange(_:generation:)``.
    @discardableResult
    public func rollBackRefusedChange(_ id: RecordID, generation: Int64) async throws(RecordStoreError) -> WriteRollback {
        let filter = try RecordIDFilter(id)
        return try await store.write { [store] db in
            try store.rollBackRefusedChange(db, id: id, filter: filter, generation: generation)
        }
    }

    /// See ``RecordStore/engineState(_:)``.
    public func engineState(_ key: EngineStateKey) async throws(RecordStoreError) -> Data? {
        try await store.read { [store] db in try store.stateValue(db, key.name) }
    }

    /// See ``RecordStore/setEngineState(_:for:)``.
    public func setEngineState(_ data: Data?, for key: EngineStateKey) async throws(RecordStoreError) {
        try await store.write { [store] db in try store.setStateValue(db, key.name, data) }
    }
}
