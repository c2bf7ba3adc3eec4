import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// `RecordStore.observe`: a live query's async sequence emits the current value, then a value only when an edit
/// changed the result; one record by ID; errors; cancellation.
@Suite struct LiveValuesTests {
    /// The titles of the books over 500 pages, sorted: a filtered, sorted read over the records table.
    private func longTitles(_ store: RecordStore) -> LiveValues<[String]> {
        store.observe { db in
            try store.fetchAll(Book.self, in: db).models.filter { $0.pages > 500 }.map(\.title).sorted()
        }
    }

    @Test func emitsTheCurrentValueThenOnlyWhenTheResultChanges() async throws {
        let store = try Shelf.memoryStore()
        try store.save(contentsOf: [Shelf.book("short", pages: 50), Shelf.book("long", pages: 900)])
        let probe = SequenceProbe.start(longTitles(store))
        #expect(try await probe.next() == ["long"])

        try store.save(Shelf.book("short", pages: 60))  // a record of the read changes, the result does not
        try store.save(Shelf.series("s1"))  // another type
        try store.transaction { edits in
            edits.save(Shelf.book("tiny", pages: 3))
            edits.delete(Book.self, id: Shelf.id("tiny"))
        }
        try store.save(Shelf.book("epic", pages: 1_200))  // the result changes
        #expect(try await probe.next() == ["epic", "long"], "the edits that left the result as it was emitted nothing")

        try store.save(Shelf.book("long", pages: 10))
        #expect(try await probe.next() == ["epic"], "one edit that changes the result emits once")
        try store.save(Shelf.book("saga", pages: 700))
        #expect(try await probe.next() == ["epic", "saga"])
        probe.task?.cancel()
        #expect(try await probe.end() == nil)
    }

    @Test func observesOneRecordByIDUntilItIsDeleted() async throws {
        let store = try Shelf.memoryStore()
        // b1 as the server has it: deleting it leaves a pending delete (a tombstone row with no value).
        try store.apply(serverRecords: [Shelf.serverRecord(Shelf.book("b1", pages: 10))])
        let probe = SequenceProbe.start(store.observe(Book.self, id: Shelf.id("b1")))
        #expect(try await probe.next()?.pages == 10)

        try store.save(Shelf.book("b2", pages: 99))  // another record: nothing
        var edited = try #require(try store.fetch(Book.self, id: Shelf.id("b1")))
        edited.pages = 11
        try store.save(edited)
        #expect(try await probe.next()?.pages == 11)

        try store.delete(Book.self, id: Shelf.id("b1"))
        #expect(try await probe.next() == nil, "a deleted record reads as nil")
        let tombstone = try #require(try store.storedState(of: Shelf.id("b1")), "the row stays until the delete is sent")
        #expect(tombstone.local == nil)
        probe.task?.cancel()
        #expect(try await probe.end() == nil)
    }

    @Test func observesAnIDThatHoldsNothingYet() async throws {
        let store = try Shelf.memoryStore()
        let probe = SequenceProbe.start(store.observe(Book.self, id: Shelf.id("new")))
        #expect(try await probe.next() == nil)
        try store.save(Shelf.book("new", pages: 5))
        #expect(try await probe.next()?.pages == 5)
        try store.delete(Book.self, id: Shelf.id("new"))
        #expect(try await probe.next() == nil)
        probe.task?.cancel()
        _ = try await probe.end()
    }

    @Test func aRecordOfAnotherTypeEndsTheSequenceWithATypedError() async throws {
        let store = try Shelf.memoryStore()
        try store.save(Shelf.book("b1"))
        let probe = SequenceProbe.start(store.observe(Series.self, id: Shelf.id("b1")))
        let error = try await probe.end()
        #expect(error as? RecordStoreError == .typeMismatch(Shelf.id("b1"), stored: "Book", requested: "Series"))
    }

    @Test func anErrorTheReadThrowsArrivesUnchanged() async throws {
        struct AppError: Error, Equatable {}
        let store = try Shelf.memoryStore()
        let probe = SequenceProbe.start(store.observe { db -> Int in
            let count = try store.fetchAll(Book.self, in: db).models.count
            if count > 1 { throw AppError() }
            return count
        })
        #expect(try await probe.next() == 0)
        try store.save(Shelf.book("b1"))
        #expect(try await probe.next() == 1)
        try store.save(Shelf.book("b2"))
        #expect(try await probe.end() as? AppError == AppError())
    }

    @Test func cancellingTheTaskEndsTheSequenceAndStopsTheObservation() async throws {
        let store = try Shelf.memoryStore()
        let reads = SharedCounter()
        let probe = SequenceProbe.start(store.observe { db in
            reads.increment()
            return try store.fetchAll(Book.self, in: db).models.count
        })
        #expect(try await probe.next() == 0)
        try store.save(Shelf.book("b1"))
        #expect(try await probe.next() == 1)

        probe.task?.cancel()
        #expect(try await probe.end() == nil, "the sequence ends, without an error")
        let readsAtCancel = reads.value

        // A second observation of the same table sees the next edits: once it has, the first would have read them too.
        let witness = SequenceProbe.start(store.observe { db in try store.fetchAll(Book.self, in: db).models.count })
        #expect(try await witness.next() == 1)
        try store.save(Shelf.book("b2"))
        try store.save(Shelf.book("b3"))
        #expect(try await witness.next() == 2)
        #expect(try await witness.next() == 3)
        #expect(reads.value == readsAtCancel, "the cancelled observation read nothing more")
        #expect(probe.unclaimedCount == 0)
        witness.task?.cancel()
        _ = try await witness.end()
    }

    @Test func valuesCanBeDeliveredOnAQueue() async throws {
        let store = try Shelf.memoryStore()
        let queue = DispatchQueue(label: "live-values-test")
        let probe = SequenceProbe.start(store.observe(scheduling: .async(onQueue: queue)) { db in
            try store.fetchAll(Book.self, in: db).models.count
        })
        #expect(try await probe.next() == 0)
        try store.save(Shelf.book("b1"))
        #expect(try await probe.next() == 1)
        probe.task?.cancel()
        _ = try await probe.end()
    }
}

/// What a live query sees of the store's other write paths.
@Suite struct LiveValuesWritePathTests {
    @Test func aTransactionIsOneChange() async throws {
        let store = try Shelf.memoryStore()
        let probe = SequenceProbe.start(store.observe { db in try store.fetchAll(Book.self, in: db).models.count })
        #expect(try await probe.next() == 0)
        try store.transaction { edits in
            for name in ["b1", "b2", "b3"] { edits.save(Shelf.book(name)) }
        }
        #expect(try await probe.next() == 3, "never a state in between")
        probe.task?.cancel()
        _ = try await probe.end()
    }

    @Test func aFetchedPageChangesTheResult() async throws {
        let store = try Shelf.memoryStore()
        let probe = SequenceProbe.start(store.observe(Book.self, id: Shelf.id("b1")))
        #expect(try await probe.next() == nil)
        try store.apply(FetchedPage(zoneID: Shelf.zone, changed: [Shelf.serverRecord(Shelf.book("b1", pages: 42))]))
        #expect(try await probe.next()?.pages == 42)
        try store.apply(FetchedPage(zoneID: Shelf.zone, deleted: [Shelf.id("b1")]))
        #expect(try await probe.next() == nil)
        probe.task?.cancel()
        _ = try await probe.end()
    }
}
