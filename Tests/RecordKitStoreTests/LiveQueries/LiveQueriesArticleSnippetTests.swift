import Foundation
import GRDB
import Observation
import RecordKit
import RecordKitStore
import Testing

/// The code of the DocC article "Live Queries and SwiftUI" (RecordKitStore.docc/LiveQueries.md), run as the article
/// shows it. The SwiftUI view cannot compile on Linux: `LongBooksModel` is the article's `LongBooksView` minus the
/// lines the article marks "SwiftUI only" (`View`, `@State`, `State(initialValue:)`, the body's views), with the
/// body replaced by the same reads of `books.value` and `books.error`.
@Suite struct LiveQueriesArticleSnippetTests {
    @Test func followAQueryInAnAsyncLoop() async throws {
        let store = try Shelf.memoryStore()
        try store.save(contentsOf: [Shelf.book("Zed", pages: 900), Shelf.book("Short", pages: 10), Shelf.book("Anna", pages: 600)])
        let printed = SequenceProbe<[String]>.start(AsyncThrowingStream { continuation in
            let loop = Task {
                do {
                    // --- "Follow a query in an async loop" ---
                    let longBooks = store.observe { db in
                        try store.fetchAll(Book.self, in: db).models
                            .filter { $0.pages > 500 }
                            .sorted { $0.title < $1.title }
                    }
                    for try await books in longBooks {
                        continuation.yield(books.map(\.title))  // the article prints them
                    }
                    // --- end of the snippet ---
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in loop.cancel() }
        })
        #expect(try await printed.next() == ["Anna", "Zed"])
        try store.save(Shelf.book("Short", pages: 501))
        #expect(try await printed.next() == ["Anna", "Short", "Zed"])
        printed.task?.cancel()
        #expect(try await printed.end() == nil, "cancelling the task ends the loop")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    struct LongBooksModel {
        // --- "Hold a live query in a SwiftUI view", minus the SwiftUI-only lines ---
        var books: LiveQuery<[Book]>

        init(store: RecordStore) {
            books = LiveQuery(store, initialValue: []) { db in
                try store.fetchAll(Book.self, in: db).models
                    .filter { $0.pages > 500 }
                    .sorted { $0.title < $1.title }
            }
        }
        // --- end of the snippet ---

        /// What the view's body reads: the rows' titles and the error text.
        var body: (rows: [String], error: String?) {
            (books.value.map(\.title), books.error.map { "\($0)" })
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor @Test func holdALiveQueryInAView() async throws {
        let store = try Shelf.memoryStore()
        try store.save(contentsOf: [Shelf.book("Zed", pages: 900), Shelf.book("Short", pages: 10)])
        let view = LongBooksModel(store: store)
        #expect(view.body.rows == ["Zed"], "the first frame shows the result")
        #expect(view.body.error == nil)

        let (redraws, continuation) = AsyncStream.makeStream(of: Void.self)
        withObservationTracking { _ = view.body } onChange: {
            continuation.yield()
            continuation.finish()
        }
        let redraw = SequenceProbe.start(redraws)
        try store.save(Shelf.book("Anna", pages: 600))
        try await redraw.next()
        #expect(view.body.rows == ["Anna", "Zed"])
    }

    @Test func saveRecordsOfSeveralTypesTogether() throws {
        let store = try Shelf.memoryStore()
        try store.apply(serverRecords: [Shelf.serverRecord(Shelf.book("old"))])
        let series = Shelf.series("s1")
        let (book1, book2, book3) = (Shelf.book("b1", series: "s1"), Shelf.book("b2", series: "s1"), Shelf.book("b3", series: "s1"))
        let oldBook = Shelf.book("old")
        // --- "Save records of several types together" ---
        try store.transaction { edits in
            edits.save(series)
            edits.save(contentsOf: [book1, book2, book3])
            edits.delete(Book.self, id: oldBook.id)
        }
        // --- end of the snippet ---
        let batch = try store.nextPendingBatch()
        #expect(Set(batch.saves.map(\.record.id)) == [series.id, book1.id, book2.id, book3.id])
        #expect(batch.deletes.map(\.id) == [oldBook.id])
    }
}
