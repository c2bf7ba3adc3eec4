import Foundation
import RecordKit
import RecordKitStore
import Testing

/// `RecordStore.observe(_:)` over a typed query (the projection's SQL) and `LiveQuery` built from one: the current
/// answer first, then a value only when an edit changes the answer.
@Suite struct QueryObservationTests {
    private let longBooks = ModelQuery<Book>(Book.Fields.pages > 500).sorted(by: Book.Fields.title.ascending)

    @Test func aQueryEmitsOnlyWhenItsAnswerChanges() async throws {
        let store = try Shelf.memoryStore()
        try store.save(contentsOf: [Shelf.book("short", pages: 50), Shelf.book("long", pages: 900)])
        let probe = SequenceProbe.start(store.observe(longBooks))
        #expect(try await probe.next().map(\.title) == ["long"])

        try store.save(Shelf.book("short", pages: 60))  // a row of the table changes, the answer does not
        try store.save(Shelf.series("s1"))  // another type's table
        try store.save(Shelf.book("epic", pages: 1_200))
        #expect(try await probe.next().map(\.title) == ["epic", "long"], "the edits that left the answer alone emitted nothing")

        try store.delete(Book.self, id: Shelf.id("long"))
        #expect(try await probe.next().map(\.title) == ["epic"])
        probe.task?.cancel()
        #expect(try await probe.end() == nil)
    }

    @Test func aCountEmitsOnlyWhenTheCountChanges() async throws {
        let store = try Shelf.memoryStore()
        try store.save(Shelf.book("long", pages: 900))
        let probe = SequenceProbe.start(store.observeCount(longBooks))
        #expect(try await probe.next() == 1)
        var edited = Shelf.book("long", pages: 901)
        edited.title = "longer"
        try store.save(edited)  // the answer's content changes, its count does not
        try store.save(Shelf.book("epic", pages: 1_200))
        #expect(try await probe.next() == 2, "only the changed count was emitted")
        probe.task?.cancel()
        _ = try await probe.end()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor @Test func aLiveQueryOverAQueryReadsAtOnce() throws {
        let store = try Shelf.memoryStore()
        try store.save(contentsOf: [Shelf.book("long", pages: 900), Shelf.book("short", pages: 5)])
        let query = LiveQuery(store, longBooks)
        #expect(query.value.map(\.title) == ["long"])
        #expect(query.error == nil)
        query.cancel()
    }
}
