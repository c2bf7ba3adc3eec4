import Foundation
import GRDB
import Observation
import RecordKit
import RecordKitStore
import Testing

/// `LiveQuery`, the `@Observable` a SwiftUI view holds, observed as SwiftUI observes it: with
/// `withObservationTracking`, on the main actor.
@MainActor @Suite struct LiveQueryTests {
    /// Registers an observation of `query`'s value and error as a view's body would, runs `edit`, and waits (bounded)
    /// for the query to change.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private func change<Value>(of query: LiveQuery<Value>, after edit: () throws -> Void) async throws {
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        withObservationTracking {
            _ = query.value
            _ = query.error
        } onChange: {
            continuation.yield()
            continuation.finish()
        }
        let probe = SequenceProbe.start(changes)
        try edit()
        try await probe.next()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theFirstValueIsThereAtOnceAndFollowsTheResult() async throws {
        let store = try Shelf.memoryStore()
        try store.save(contentsOf: [Shelf.book("short", pages: 50), Shelf.book("long", pages: 900)])
        let query = LiveQuery(store, initialValue: []) { db in
            try store.fetchAll(Book.self, in: db).models.filter { $0.pages > 500 }.map(\.title).sorted()
        }
        #expect(query.value == ["long"], "read before the initializer returned")

        try await change(of: query) {
            try store.save(Shelf.book("short", pages: 60))  // leaves the result as it was
            try store.save(Shelf.book("epic", pages: 1_000))
        }
        #expect(query.value == ["epic", "long"])
        #expect(query.error == nil)

        try await change(of: query) { try store.delete(Book.self, id: Shelf.id("epic")) }
        #expect(query.value == ["long"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func withoutAnImmediateReadTheFirstValueComesLater() async throws {
        let store = try Shelf.memoryStore()
        try store.save(Shelf.book("b1"))
        let query = LiveQuery(store, initialValue: -1, readsImmediately: false) { db in
            try store.fetchAll(Book.self, in: db).models.count
        }
        #expect(query.value == -1, "the initial value until the first read is delivered")
        try await change(of: query) {}
        #expect(query.value == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func observesOneRecordByIDAndReadsNilOnceDeleted() async throws {
        let store = try Shelf.memoryStore()
        let book = LiveQuery(store, Book.self, id: Shelf.id("b1"))
        #expect(book.value == nil)

        try await change(of: book) { try store.save(Shelf.book("b1", pages: 7)) }
        #expect(book.value?.pages == 7)
        try await change(of: book) { try store.delete(Book.self, id: Shelf.id("b1")) }
        #expect(book.value == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func anErrorIsReportedAndTheLastValueKept() async throws {
        let store = try Shelf.memoryStore()
        try store.save(Shelf.book("b1", pages: 7))
        let series = LiveQuery(store, Series.self, id: Shelf.id("s1"))
        #expect(series.value == nil && series.error == nil)
        try await change(of: series) { try store.save(Shelf.series("s1")) }
        #expect(series.value?.name == "s1")

        // The ID now holds a book: the read fails, typed and naming the record.
        try await change(of: series) {
            try store.transaction { edits in
                edits.delete(Series.self, id: Shelf.id("s1"))
                edits.save(Shelf.book("s1"))
            }
        }
        #expect(series.error as? RecordStoreError == .typeMismatch(Shelf.id("s1"), stored: "Book", requested: "Series"))
        #expect(series.value?.name == "s1", "the last value stays")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func cancelStopsTheObservation() async throws {
        let store = try Shelf.memoryStore()
        let reads = SharedCounter()
        let query = LiveQuery(store, initialValue: 0) { db in
            reads.increment()
            return try store.fetchAll(Book.self, in: db).models.count
        }
        try await change(of: query) { try store.save(Shelf.book("b1")) }
        #expect(query.value == 1)
        query.cancel()
        let readsAtCancel = reads.value

        let witness = LiveQuery(store, initialValue: 0) { db in try store.fetchAll(Book.self, in: db).models.count }
        try await change(of: witness) { try store.save(Shelf.book("b2")) }
        #expect(witness.value == 2)
        #expect(reads.value == readsAtCancel, "the cancelled query read nothing more")
        #expect(query.value == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func releasingTheQueryStopsTheObservation() async throws {
        let store = try Shelf.memoryStore()
        let reads = SharedCounter()
        var query: LiveQuery<Int>? = LiveQuery(store, initialValue: 0) { db in
            reads.increment()
            return try store.fetchAll(Book.self, in: db).models.count
        }
        let released = WeakReference(query)
        #expect(query?.value == 0)
        query = nil
        #expect(released.object == nil, "the observation does not keep the query alive")
        let readsAtRelease = reads.value

        let witness = LiveQuery(store, initialValue: 0) { db in try store.fetchAll(Book.self, in: db).models.count }
        try await change(of: witness) { try store.save(Shelf.book("b1")) }
        #expect(reads.value == readsAtRelease, "the released query's observation read nothing more")
    }
}

/// Holds an object without keeping it alive.
final class WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}
