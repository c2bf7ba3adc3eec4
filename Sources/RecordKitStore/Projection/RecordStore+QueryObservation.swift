import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// Observes a typed query: the models it selects now, then again only when a committed transaction changed the
    /// answer (GRDB tracks the projection tables the query read; see <doc:QueryingTheStore> and <doc:LiveQueries>).
    ///
    /// ```swift
    /// let longBooks = ModelQuery<Book>(Book.Fields.pages > 500).sorted(by: Book.Fields.title.ascending)
    /// for try await books in store.observe(longBooks) { show(books) }
    /// ```
    public func observe<Model: ProjectableRecordModel & Equatable>(
        _ query: ModelQuery<Model>, offset: Int = 0, scheduling scheduler: some ValueObservationScheduler = .task
    ) -> LiveValues<[Model]> {
        observe(scheduling: scheduler) { [self] db in try fetch(query, offset: offset, in: db) }
    }

    /// Observes how many records a typed query selects, emitting only when the count changes.
    public func observeCount<Model: ProjectableRecordModel>(
        _ query: ModelQuery<Model>, scheduling scheduler: some ValueObservationScheduler = .task
    ) -> LiveValues<Int> {
        observe(scheduling: scheduler) { [self] db in try count(query, in: db) }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension LiveQuery {
    /// Follows a typed query: ``value`` is the models it selects, updated only when the answer changes.
    ///
    /// ```swift
    /// @State private var books = LiveQuery(store, ModelQuery<Book>().sorted(by: Book.Fields.title.ascending))
    /// ```
    public convenience init<Model: ProjectableRecordModel & Equatable>(
        _ store: RecordStore, _ query: ModelQuery<Model>, offset: Int = 0, readsImmediately: Bool = true,
        scheduling scheduler: some ValueObservationScheduler = .task
    ) where Value == [Model] {
        self.init(store, initialValue: [], readsImmediately: readsImmediately, scheduling: scheduler) { db in
            try store.fetch(query, offset: offset, in: db)
        }
    }
}
