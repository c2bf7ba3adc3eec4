import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// `RecordStore.transaction(_:)` and its async variant: edits of several record types commit together with their
/// pending changes, or nothing of them is stored.
@Suite struct StoreTransactionTests {
    struct AppError: Error, Equatable {}

    /// A store holding `book4` as the server has it (so deleting it queues a delete) and nothing pending.
    private func storeWithSyncedBook() throws -> RecordStore {
        let store = try Shelf.memoryStore()
        try store.apply(serverRecords: [Shelf.serverRecord(Shelf.book("book4"))])
        #expect(try store.pendingCount() == 0)
        return store
    }

    /// The IDs of the next batch, saves and deletes, by record name.
    private func nextBatch(_ store: RecordStore) throws -> (saves: Set<String>, deletes: Set<String>) {
        let batch = try store.nextPendingBatch()
        return (Set(batch.saves.map(\.record.id.recordName)), Set(batch.deletes.map(\.id.recordName)))
    }

    @Test func savesAndDeletesOfSeveralTypesCommitTogetherAndGoInTheNextBatch() throws {
        let store = try storeWithSyncedBook()
        let books = ["book1", "book2", "book3"].map { Shelf.book($0, series: "s1") }
        let count = try store.transaction { edits in
            edits.save(Shelf.series("s1"))
            edits.save(contentsOf: books)
            edits.delete(Book.self, id: Shelf.id("book4"))
            return books.count
        }
        #expect(count == 3, "the transaction returns what its body returns")
        #expect(try store.fetch(Series.self, id: Shelf.id("s1"))?.name == "s1")
        #expect(try store.fetchAll(Book.self).models.map(\.title).sorted() == ["book1", "book2", "book3"])
        #expect(try store.fetch(Book.self, id: Shelf.id("book4")) == nil)
        let batch = try nextBatch(store)
        #expect(batch.saves == ["s1", "book1", "book2", "book3"])
        #expect(batch.deletes == ["book4"])
    }

    @Test func editsApplyInTheOrderTheyWereNoted() throws {
        let store = try Shelf.memoryStore()
        try store.transaction { edits in
            edits.save(Shelf.book("draft"))
            edits.delete(Book.self, id: Shelf.id("draft"))  // never sent: nothing stays
            edits.save(Shelf.book("kept", pages: 1))
            edits.save(Shelf.book("kept", pages: 2))  // the later save wins
        }
        #expect(try store.storedState(of: Shelf.id("draft")) == nil)
        #expect(try store.fetch(Book.self, id: Shelf.id("kept"))?.pages == 2)
        #expect(try store.pendingCount() == 1)
    }

    @Test func anErrorTheBodyThrowsStoresNothingAndArrivesUnchanged() throws {
        let store = try storeWithSyncedBook()
        #expect(throws: AppError()) {
            try store.transaction { edits in
                edits.save(Shelf.series("s1"))
                edits.delete(Book.self, id: Shelf.id("book4"))
                throw AppError()
            }
        }
        try expectUnchanged(store)
    }

    @Test func aSaveOfAnIDStoredAsAnotherTypeFailsTheWholeTransactionNamingTheRecord() throws {
        let store = try storeWithSyncedBook()
        #expect(throws: RecordStoreError.typeMismatch(Shelf.id("book4"), stored: "Book", requested: "Series")) {
            try store.transaction { edits in
                edits.save(Shelf.series("s1"))
                edits.save(Shelf.book("book1"))
                edits.save(Series(recordID: Shelf.id("book4"), name: "not a book"))  // fails here, after two writes
                edits.save(Shelf.book("book2"))
            }
        }
        try expectUnchanged(store)
    }

    @Test func aDeleteOfAnotherTypeFailsTheWholeTransaction() throws {
        let store = try storeWithSyncedBook()
        #expect(throws: RecordStoreError.typeMismatch(Shelf.id("book4"), stored: "Book", requested: "Series")) {
            try store.transaction { edits in
                edits.save(contentsOf: [Shelf.book("book1"), Shelf.book("book2")])
                edits.delete(Series.self, id: Shelf.id("book4"))
            }
        }
        try expectUnchanged(store)
    }

    @Test func aNameTheStoreCannotKeepFailsTheWholeTransaction() throws {
        let store = try storeWithSyncedBook()
        #expect(throws: RecordStoreError.unstorableName("bad\u{0}name", what: "record name")) {
            try store.transaction { edits in
                edits.save(Shelf.series("s1"))
                edits.save(Shelf.book("bad\u{0}name"))
            }
        }
        try expectUnchanged(store)
    }

    @Test func aMissingAssetFileFailsTheWholeTransactionAndLeavesNoCopies() throws {
        let folder = try AssetTestFolder()
        let store = try RecordStore(
            database: try DatabaseQueue(path: folder.folder.file("store.sqlite")), models: [Book.self, Series.self],
            assetFolder: folder.assets, clock: Fixtures.clock)
        let missing = URL(fileURLWithPath: folder.folder.file("app/missing.jpg"))
        #expect {
            try store.transaction { edits in
                edits.save(Shelf.series("s1"))
                edits.save(Shelf.book("book1", cover: try folder.appFile("cover1.jpg", "one")))
                edits.save(Shelf.book("book2", cover: missing))
            }
        } throws: { error in
            guard case let .asset(id, recordType, field, _) = error as? RecordStoreError else { return false }
            return id == Shelf.id("book2") && recordType == "Book" && field == "cover"
        }
        #expect(try store.fetch(Series.self, id: Shelf.id("s1")) == nil)
        #expect(try store.fetch(Book.self, id: Shelf.id("book1")) == nil)
        #expect(try store.pendingCount() == 0)
        #expect(folder.assetFolderContents().filter { !$0.hasPrefix(".") } == [], "the copy made for book1 is removed")
    }

    @Test func savedAssetsAreTakenIntoTheFolderBeforeTheTransaction() throws {
        let folder = try AssetTestFolder()
        let store = try RecordStore(
            database: try DatabaseQueue(path: folder.folder.file("store.sqlite")), models: [Book.self, Series.self],
            assetFolder: folder.assets, clock: Fixtures.clock)
        let cover = try folder.appFile("cover.jpg", "cover")
        try store.transaction { edits in
            edits.save(Shelf.series("s1"))
            edits.save(Shelf.book("book1", series: "s1", cover: cover))
        }
        let book = try store.fetch(Book.self, id: Shelf.id("book1"))
        let stored = try #require(book?.cover?.fileURL)
        #expect(stored.deletingLastPathComponent().standardizedFileURL.path == folder.assets.standardizedFileURL.path)
        #expect(try Data(contentsOf: stored) == Data("cover".utf8))
    }

    @Test func anEmptyTransactionWritesNothing() throws {
        let store = try Shelf.memoryStore()
        let generationBefore = try store.nextPendingBatch()
        try store.transaction { _ in }
        #expect(try store.nextPendingBatch() == generationBefore)
    }

    @Test func theAsyncTransactionCommitsTogetherOrNotAtAll() async throws {
        let store = try storeWithSyncedBook()
        await #expect(throws: RecordStoreError.typeMismatch(Shelf.id("book4"), stored: "Book", requested: "Series")) {
            try await store.async.transaction { edits in
                edits.save(Shelf.book("book1"))
                edits.delete(Series.self, id: Shelf.id("book4"))
            }
        }
        try expectUnchanged(store)
        try await store.async.transaction { edits in
            edits.save(Shelf.series("s1"))
            edits.save(Shelf.book("book1", series: "s1"))
            edits.delete(Book.self, id: Shelf.id("book4"))
        }
        let batch = try nextBatch(store)
        #expect(batch.saves == ["s1", "book1"])
        #expect(batch.deletes == ["book4"])
    }

    /// Nothing of a failed transaction is stored: `book4` as the server has it, nothing else, nothing pending.
    private func expectUnchanged(_ store: RecordStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try store.pendingCount() == 0, sourceLocation: sourceLocation)
        #expect(try store.fetchAll(Series.self).models == [], sourceLocation: sourceLocation)
        #expect(try store.fetchAll(Book.self).models.map(\.title) == ["book4"], sourceLocation: sourceLocation)
    }
}
