import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Observes what `fetch` reads: a live query whose values are the current result, then each new result after a
    /// committed transaction changed it (GRDB's `ValueObservation`, which re-reads only when a transaction touched
    /// the tables and rows the last read used, and drops a result equal to the previous one).
    ///
    /// ```swift
    /// let longBooks = store.observe { db in
    ///     try store.fetchAll(Book.self, in: db).models.filter { $0.pages > 500 }.sorted { $0.title < $1.title }
    /// }
    /// for try await books in longBooks { show(books) }
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: where values are delivered (GRDB's `.task` by default; `.async(onQueue:)` for a queue).
    ///   - fetch: the read, run on the store's database; compose it from the `in db:` reads of the store.
    public func observe<Value: Equatable & Sendable>(
        scheduling scheduler: some ValueObservationScheduler = .task,
        _ fetch: @escaping @Sendable (Database) throws -> Value
    ) -> LiveValues<Value> {
        LiveValues(observation: ValueObservation.tracking(fetch).removeDuplicates().values(in: database, scheduling: scheduler))
    }

    /// Observes one record: the model stored under `id`, then each change of it; nil while there is none (never
    /// saved, deleted, or only a pending delete). A record the model cannot read ends the sequence with the error
    /// ``fetch(_:id:)`` throws.
    public func observe<Model: RecordModel>(
        _ type: Model.Type, id: RecordID, scheduling scheduler: some ValueObservationScheduler = .task
    ) -> LiveValues<Model?> {
        observe(scheduling: scheduler) { [self] db in try fetch(type, id: id, in: db) }
    }

    /// The model stored under `id`, read in `db` (a read or write of ``database``, or a live query's read); see
    /// ``fetch(_:id:)``.
    public func fetch<Model: RecordModel>(_ type: Model.Type, id: RecordID, in db: Database) throws(RecordStoreError) -> Model? {
        let table = schema.records
        let stored: StoredRow?
        do {
            let statement = try db.cachedStatement(sql: "SELECT recordType, value FROM \(table) WHERE \(RecordIDFilter.sql)")
            stored = try Row.fetchOne(statement, arguments: try RecordIDFilter(id).arguments).map {
                StoredRow($0, table: table, id: id, layout: StoredRow.Layout(statement))
            }
        } catch {
            throw RecordStoreError(error)
        }
        guard let stored else { return nil }
        guard let bytes = try stored.localBytes else { return nil }
        return try RowCoding.model(bytes, id: id, recordType: try stored.recordType, as: Model.self)
    }

    /// Every stored model of a type, read in `db` (a read or write of ``database``, or a live query's read); see
    /// ``fetchAll(_:)``.
    public func fetchAll<Model: RecordModel>(_ type: Model.Type, in db: Database) throws(RecordStoreError) -> StoredModels<Model> {
        let table = schema.records
        do {
            return try Self.collect(Model.self, db, table: table, sql: "SELECT ownerName, zoneName, recordName, value FROM \(table) WHERE recordType = ? AND value IS NOT NULL", arguments: [Model.recordType])
        } catch {
            throw RecordStoreError(error)
        }
    }
}
