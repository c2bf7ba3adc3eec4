import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// A projection whose layout changed is rebuilt at open in committed batches beside the old one: a full disk stops
/// it (the open fails with a typed error) with the old table still answering queries, and the next open continues
/// after the last committed batch, projecting again what was written in between.
@Suite struct ProjectionRebuildTests {
    static let batchSize = 20

    static func progress(_ db: Database) throws -> Int64? {
        try String.fetchOne(db, sql: "SELECT value FROM recordkit_state WHERE key = 'projectionRebuild.Book'")
            .flatMap { Int64($0.prefix { $0 != ";" }) }
    }

    static func open(_ queue: DatabaseQueue) throws -> RecordStore {
        try RecordStore(database: queue, models: [Book.self, Series.self], assetFolder: nil, clock: Fixtures.clock,
                        projectionRebuildBatchSize: batchSize)
    }

    @Test func aFullDiskMidRebuildLeavesTheOldProjectionAnsweringAndTheNextOpenContinues() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let library = try QueryLibrary(seed: 8, bookCount: 400)
        do {
            let store = try RecordStore(database: try DatabaseQueue(path: path), models: [Book.self, Series.self], clock: Fixtures.clock)
            try store.save(contentsOf: library.books)
        }
        // As if the models changed: the stored signature no longer matches, so the next open rebuilds.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "UPDATE recordkit_state SET value = 'older' WHERE key = 'projection.Book'") }
        // Room for one more page at each attempt, until the disk fills up after some batches committed.
        var stoppedAt: Int64?
        for room in 1...200 where stoppedAt == nil {
            let pages = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + room)") }
            #expect {
                _ = try Self.open(queue)
            } throws: { error in
                if case .diskFull = error as? RecordStoreError { true } else { false }
            }
            stoppedAt = try queue.read { db in try Self.progress(db) }.flatMap { $0 > 0 ? $0 : nil }
        }
        let progress = try #require(stoppedAt, "the disk filled up after a committed batch")
        let bookRowids = try queue.read { db in
            try Int64.fetchAll(db, sql: "SELECT rowid FROM recordkit_records WHERE recordType = 'Book' ORDER BY rowid")
        }
        #expect(progress < bookRowids.last ?? 0, "stopped mid-rebuild")

        // The old projection is intact and answers queries.
        let long = library.books.filter { $0.pages >= 250 }.map(\.recordID.recordName).sorted()
        let (rows, signature, found) = try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM recordkit_q_Book"),
             try String.fetchOne(db, sql: "SELECT value FROM recordkit_state WHERE key = 'projection.Book'"),
             try String.fetchAll(db, sql: "SELECT recordName FROM recordkit_q_Book WHERE pages >= 250 ORDER BY recordName"))
        }
        #expect(rows == 400)
        #expect(signature == "older")
        #expect(found == long)

        // Written before the next open, by an app that does not register Book (its projection triggers are not
        // there): a record already built, a deletion, a new record. Only the rebuild's own triggers see them.
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        var edited = library.books[0]
        edited.title = "Rewritten after its batch"
        var added = library.books[1]
        added.metadata.recordID = RecordID(recordName: "added", zoneID: QueryLibrary.zone)
        do {
            let other = try RecordStore(database: queue, models: [Series.self], clock: Fixtures.clock)
            try other.save(contentsOf: [edited, added])
            #expect(try other.delete(Book.self, id: library.books[2].recordID))
        }

        let left = try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM recordkit_records WHERE recordType = 'Book' AND rowid > ?", arguments: [progress]) ?? 0
        }
        let store = try Self.open(queue)
        let report = try #require(store.projectionRebuilds.first { $0.recordType == "Book" })
        #expect(report.resumedAfterRowid == progress, "continued after the last committed batch")
        #expect(report.batches == (left + Self.batchSize - 1) / Self.batchSize, "only the batches left")
        #expect(report.reprojected == 3)
        #expect(try store.projectionMismatches() == [])
        #expect(try store.count(ModelQuery<Book>()) == 400)
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.title.containsAllTokens("rewritten"))).map(\.recordID) == [edited.recordID])
        #expect(try queue.read { db in try Self.progress(db) } == nil)
        #expect(try queue.read { db in try db.tableExists("recordkit_q_Book_rebuild_changes") } == false)
    }

    @Test func aTypeTheStoreIsOpenedWithoutLosesItsProjectionAndGetsItBack() throws {
        let queue = try DatabaseQueue()
        var library = try QueryLibrary(seed: 6, bookCount: 20)
        do {
            let store = try RecordStore(database: queue, models: [Book.self, Series.self], clock: Fixtures.clock)
            try store.save(contentsOf: library.books)
        }
        do {
            // Opened without Book: nothing would keep its table current, so it goes; its records stay.
            let store = try RecordStore(database: queue, models: [Series.self], clock: Fixtures.clock)
            try store.save(try library.book(500))
            #expect(throws: RecordStoreError.notProjected(recordType: "Book")) { try store.count(ModelQuery<Book>()) }
            #expect(try queue.read { db in try db.tableExists("recordkit_q_Book") } == false)
        }
        let store = try RecordStore(database: queue, models: [Book.self, Series.self], clock: Fixtures.clock)
        #expect(try store.count(ModelQuery<Book>()) == 21)
        #expect(try store.projectionMismatches() == [])
    }
}
