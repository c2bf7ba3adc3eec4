import Foundation
import GRDB
import RecordKit

extension AsyncRecordStore {
    /// See ``RecordStore/fetch(_:offset:)``.
    public func fetch<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>, offset: Int = 0) async throws(RecordStoreError) -> [Model] {
        _ = try store.projectedType(Model.self)  // the typed errors before the database is asked
        return try await store.read { [store] db in try store.fetch(query, offset: offset, in: db) }
    }

    /// See ``RecordStore/count(_:)``.
    public func count<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>) async throws(RecordStoreError) -> Int {
        _ = try store.projectedType(Model.self)
        return try await store.read { [store] db in try store.count(query, in: db) }
    }

    /// See ``RecordStore/exists(_:)``.
    public func exists<Model: ProjectableRecordModel>(_ query: ModelQuery<Model>) async throws(RecordStoreError) -> Bool {
        _ = try store.projectedType(Model.self)
        return try await store.read { [store] db in try store.exists(query, in: db) }
    }
}
