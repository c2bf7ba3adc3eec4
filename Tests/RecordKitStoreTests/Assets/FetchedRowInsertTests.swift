import Foundation
import GRDB
import RecordKit
@testable import RecordKitStore
import Testing

/// A fetched record the store does not hold yet is inserted with the insert triggers bypassed, its asset
/// references and projection row (and full-text row) written from the record in hand (issue 25, initial sync
/// speed): the rows must be exactly the ones the triggers write, and the page's shared download is taken in once.
@Suite struct FetchedRowInsertTests {
    /// A store of books and series on disk, its assets in the test's folder.
    private static func store(_ folder: AssetTestFolder) throws -> RecordStore {
        let queue = try DatabaseQueue(path: folder.path + "/books.sqlite")
        return try RecordStore(database: queue, models: [Book.self, Series.self], assetFolder: folder.assets, clock: Fixtures.clock)
    }

    /// Every asset reference, as `digest/recordName/slot` (0 the value, 1 the server copy: a row's `slots` bits),
    /// sorted.
    private static func references(_ store: RecordStore) throws -> [String] {
        try store.database.read { db in
            try String.fetchAll(db, sql: """
                SELECT digest || '/' || recordName || '/' || s.slot
                FROM recordkit_asset_record_refs, (SELECT 0 AS slot UNION ALL SELECT 1) s WHERE slots & (1 << s.slot)
                ORDER BY digest, recordName, s.slot
                """)
        }
    }

    /// The full-text rows, as `rowid/title`, sorted.
    private static func fullTextRows(_ store: RecordStore) throws -> [String] {
        let names = try store.projectionNames(of: Book.self)
        let fullText = try #require(names.fullTextTable)
        return try store.database.read { db in
            try String.fetchAll(db, sql: "SELECT rowid || '/' || title FROM \(fullText) ORDER BY rowid")
        }
    }

    @Test func newRecordsOfAFetchedPageGetTheRowsTheTriggersWrite() throws {
        let folder = try AssetTestFolder()
        let store = try Self.store(folder)
        // A first page of new records: books (two naming the same download, one with no cover) and a series.
        let shared = try folder.cachedFile("shared", "shared cover")
        try store.apply(FetchedPage(zoneID: Shelf.zone, changed: [
            Shelf.serverRecord(Shelf.book("b1", pages: 10, series: "s1", cover: shared)),
            Shelf.serverRecord(Shelf.book("b2", pages: 20, cover: shared)),
            Shelf.serverRecord(Shelf.book("b3", pages: 30, cover: try folder.cachedFile("own", "own cover"))),
            Shelf.serverRecord(Shelf.book("b4", pages: 40)),
            Shelf.serverRecord(Shelf.series("s1", title: "Series one")),
            Shelf.serverRecord(Shelf.book("old", pages: 60, cover: try folder.cachedFile("old", "old cover"))),
        ], token: ServerChangeToken(data: Data([1]))))
        // A second page: a new book, and a change of a held one (its row exists: written by the triggers), which
        // drops the last reference to its old cover.
        let report = try store.apply(FetchedPage(zoneID: Shelf.zone, changed: [
            Shelf.serverRecord(Shelf.book("b5", pages: 50, cover: shared)),
            Shelf.serverRecord(Shelf.book("old", pages: 70, cover: shared), tag: "t2"),
        ], token: ServerChangeToken(data: Data([2]))))
        #expect(report.skipped.isEmpty)

        // The projection (and its full-text table) is what the records say.
        #expect(try store.projectionMismatches() == [])
        let books = try store.fetch(ModelQuery<Book>().sorted(by: Book.Fields.pages.ascending))
        #expect(books.map(\.pages) == [10, 20, 30, 40, 50, 70])
        #expect(try Self.fullTextRows(store).count == 6)
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.title.containsAnyTokens("b3"))).map(\.pages) == [30])

        // The references are what the triggers' function finds in every row (refilled from the rows, forced).
        let written = try Self.references(store)
        #expect(written.count == 10, "b1, b2, b3, b5 and old: value and server copy each")
        #expect(store.collectUnreferencedAssets() == [])
        #expect(try Self.references(store) == written)

        // The shared download is one file of the folder; the old cover went with its last reference, and a write
        // that drops the shared file's last reference removes it too.
        #expect(folder.assetFolderContents() == [SHA256Digest.hex(of: Data("own cover".utf8)), SHA256Digest.hex(of: Data("shared cover".utf8))].sorted())
        try store.apply(FetchedPage(zoneID: Shelf.zone, deleted: ["b1", "b2", "b5", "old"].map(Shelf.id)))
        #expect(folder.assetFolderContents() == [SHA256Digest.hex(of: Data("own cover".utf8))])
        #expect(try store.projectionMismatches() == [])
    }

    @Test func aRecordTwiceInOnePageIsInsertedThenChanged() throws {
        let folder = try AssetTestFolder()
        let store = try Self.store(folder)
        try store.apply(FetchedPage(zoneID: Shelf.zone, changed: [
            Shelf.serverRecord(Shelf.book("b1", pages: 10, cover: try folder.cachedFile("first", "first"))),
            Shelf.serverRecord(Shelf.book("b1", pages: 11, cover: try folder.cachedFile("second", "second")), tag: "t2"),
        ]))
        #expect(try store.fetch(ModelQuery<Book>()).map(\.pages) == [11])
        #expect(try store.projectionMismatches() == [])
        #expect(try Self.references(store).count == 2)
        #expect(folder.assetFolderContents() == [SHA256Digest.hex(of: Data("second".utf8))])
    }

    @Test func aNewRecordTheModelCannotDecodeIsStoredWithoutAProjectionRowAndKeepsItsFile() throws {
        let folder = try AssetTestFolder()
        let store = try Self.store(folder)
        var undecodable = Shelf.serverRecord(Shelf.book("odd", cover: try folder.cachedFile("odd", "odd cover")))
        undecodable["pages"] = .string("many")  // a kind the model refuses
        try store.apply(FetchedPage(zoneID: Shelf.zone, changed: [undecodable]))
        #expect(try store.projectionMismatches() == [])
        #expect(try store.unprojected(Book.self).count == 1)
        #expect(try Self.fullTextRows(store).isEmpty)
        #expect(try Self.references(store).count == 2)
        #expect(folder.assetFolderContents().count == 1)
    }

    @Test func aStoreOnTheSameConnectionSharesTheBypass() throws {
        // Two stores on one connection replace each other's triggers and functions: the bypass must hold for the
        // one that writes, or the triggers would write the rows a second time.
        let folder = try AssetTestFolder()
        let queue = try DatabaseQueue(path: folder.path + "/books.sqlite")
        let first = try RecordStore(database: queue, models: [Book.self, Series.self], assetFolder: folder.assets, clock: Fixtures.clock)
        _ = try RecordStore(database: queue, models: [Book.self, Series.self], assetFolder: folder.assets, clock: Fixtures.clock)
        let page = FetchedPage(zoneID: Shelf.zone, changed: [
            Shelf.serverRecord(Shelf.book("b1", cover: try folder.cachedFile("c1", "one"))),
        ])
        try first.apply(page)
        #expect(try first.projectionMismatches() == [])
        #expect(try Self.fullTextRows(first).count == 1)
        #expect(try Self.references(first).count == 2)
    }

    @Test func aPageOfSeveralBatchesWithARecordTwiceGetsTheRowsTheTriggersWrite() throws {
        // Notes have no full-text table: their rows go in by the multi-row statements, a whole batch at a time.
        let folder = try AssetTestFolder()
        let store = try folder.store()
        let files = try (0..<3).map { try folder.cachedFile("f\($0)", "text \($0)") }
        let count = 2 * FetchedRowInsert.batchSize + 7
        var changed = (0..<count).map { index in
            Fixtures.serverRecord(Fixtures.note(String(format: "n%03d", index), file: files[index % 3], modified: Double(index)), tag: "t1")
        }
        // A record twice: its second copy, a change, comes while its new row is still queued.
        changed.insert(Fixtures.serverRecord(Fixtures.note("n001", file: files[2], modified: 5_000), tag: "t2"), at: 3)
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: changed, token: ServerChangeToken(data: Data([1]))))

        #expect(try store.projectionMismatches() == [])
        let notes = try store.fetchAll(Note.self).models
        #expect(notes.count == count)
        #expect(notes.first { $0.metadata.recordID.recordName == "n001" }?.modified == Date(timeIntervalSince1970: 5_000))
        // The references are what the triggers' function finds in every row (refilled from the rows, forced).
        let written = try Self.references(store)
        #expect(written.count == 2 * count, "value and server copy of each note")
        #expect(store.collectUnreferencedAssets() == [])
        #expect(try Self.references(store) == written)
        #expect(folder.assetFolderContents().count == 3)
    }

    @Test func aPageInterleavingTypesGetsTheRowsTheTriggersWrite() throws {
        // Series have no full-text table (a batch of them goes in by one statement), books have one (theirs go one
        // by one). The page's records are written a batch at a time: a batch of series alone, a batch of series and
        // books interleaved (each record switches the type; too few series for a statement of their own), a batch
        // of series alone again, and a few series left for the page's end.
        let folder = try AssetTestFolder()
        let store = try Self.store(folder)
        let batch = FetchedRowInsert.batchSize
        var changed: [RecordKit.Record] = []
        var seriesCount = 0
        func series() -> RecordKit.Record {
            defer { seriesCount += 1 }
            return Shelf.serverRecord(Shelf.series(String(format: "s%03d", seriesCount), title: "Series \(seriesCount)"))
        }
        for _ in 0..<batch { changed.append(series()) }
        for index in 0..<(batch / 2) {
            changed.append(Shelf.serverRecord(Shelf.book(String(format: "b%03d", index), pages: index)))
            changed.append(series())
        }
        for _ in 0..<(batch + 5) { changed.append(series()) }
        try store.apply(FetchedPage(zoneID: Shelf.zone, changed: changed, token: ServerChangeToken(data: Data([1]))))

        #expect(try store.projectionMismatches() == [])
        let stored = try store.fetch(ModelQuery<Series>().sorted(by: Series.Fields.name.ascending))
        #expect(stored.count == seriesCount)
        #expect(Set(stored.map(\.name)) == Set((0..<seriesCount).map { "Series \($0)" }))
        let books = try store.fetch(ModelQuery<Book>().sorted(by: Book.Fields.pages.ascending))
        #expect(books.map(\.pages) == Array(0..<(batch / 2)))
        #expect(try Self.fullTextRows(store).count == books.count)
    }
}
