import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// A projection whose layout changed is rebuilt at open in one transaction: a full disk leaves the old table as
/// it was (the open fails with a typed error), and the next open rebuilds it.
@Suite struct ProjectionRebuildTests {
    @Test func aFullDiskDuringARebuildLeavesTheOldProjectionAndTheNextOpenRebuilds() throws {
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
        let pages = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 2)") }
        #expect {
            _ = try RecordStore(database: queue, models: [Book.self, Series.self], clock: Fixtures.clock)
        } throws: { error in
            if case .diskFull = error as? RecordStoreError { true } else { false }
        }
        let (rows, signature) = try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM recordkit_q_Book"),
             try String.fetchOne(db, sql: "SELECT value FROM recordkit_state WHERE key = 'projection.Book'"))
        }
        #expect(rows == 400)
        #expect(signature == "older")
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        let store = try RecordStore(database: queue, models: [Book.self, Series.self], clock: Fixtures.clock)
        #expect(try store.projectionMismatches() == [])
        #expect(try store.count(ModelQuery<Book>()) == 400)
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
