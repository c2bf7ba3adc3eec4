import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// The projection equals what the stored records say after random sequences of every kind of write: local saves
/// and deletes, fetched pages (changes, deletions, undecodable records), merges over pending edits, sent results,
/// zone resets, requeues and a wipe; and after a store is reopened with the same models.
@Suite struct ProjectionConsistencyTests {
    static let zones = [QueryLibrary.zone, RecordZoneID(zoneName: "other")]

    /// The seeds of the random sequences: 300 by default; `PROJECTION_PROPERTY_SEQUENCES=<n>` runs n of them
    /// (Scripts/projection-property-test.sh runs thousands), `PROJECTION_PROPERTY_SEED=<seed>` replays one.
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["PROJECTION_PROPERTY_SEED"].flatMap({ UInt64($0) }) { return [seed] }
        let count = environment["PROJECTION_PROPERTY_SEQUENCES"].flatMap { UInt64($0) } ?? 300
        return Array(0..<max(1, count))
    }()

    @Test(arguments: seeds)
    func randomWriteSequencesKeepTheProjectionExact(seed: UInt64) throws {
        var library = try QueryLibrary(seed: seed, seriesCount: 3, bookCount: 0)
        var random = SplitMix64(seed: seed &* 7919)
        let store = try RecordStore(database: try DatabaseQueue(), models: [Book.self, Series.self], clock: Fixtures.clock)
        try store.save(contentsOf: library.series)
        var tag = 0
        func id() -> RecordID {
            RecordID(recordName: "b\(Int.random(in: 0..<12, using: &random))", zoneID: Self.zones[Int.random(in: 0..<2, using: &random)])
        }
        func book() throws -> Book {
            var book = try library.book(Int.random(in: 0..<1000, using: &random))
            book.metadata.recordID = id()
            return book
        }
        func serverRecord() throws -> RecordKit.Record {
            var record = try book().record()
            tag += 1
            record.system.changeTag = "t\(tag)"
            if Int.random(in: 0..<6, using: &random) == 0 { record["title"] = .int64(1) }  // undecodable here
            return record
        }
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: try store.save(try book())
            case 2: _ = try store.delete(Book.self, id: id())
            case 3, 4:
                let records = try (0..<Int.random(in: 1...4, using: &random)).map { _ in try serverRecord() }
                let zone = records[0].id.zoneID
                let page = FetchedPage(zoneID: zone, changed: records.filter { $0.id.zoneID == zone },
                                       deleted: Int.random(in: 0..<3, using: &random) == 0 ? [id()].filter { $0.zoneID == zone } : [])
                _ = try store.apply(page)
            case 5: _ = try store.apply(serverRecords: [try serverRecord()])
            case 6:
                let batch = try store.nextPendingBatch(maxCount: 3)
                var sent: [SentChange] = batch.deletes.map { .deleted($0.id, generation: $0.generation) }
                for save in batch.saves {
                    var record = save.record
                    tag += 1
                    record.system.changeTag = "s\(tag)"
                    sent.append(.saved(serverRecord: record, generation: save.generation))
                }
                try store.markSent(sent)
            case 7: try store.forgetZone(Self.zones[Int.random(in: 0..<2, using: &random)], keepingLocalChanges: Bool.random(using: &random))
            case 8: _ = try store.requeueZone(Self.zones[Int.random(in: 0..<2, using: &random)])
            default:
                if Int.random(in: 0..<4, using: &random) == 0 { try store.deleteAllData() } else { _ = try store.settleConflicts(serverRecords: [try serverRecord()]) }
            }
        }
        #expect(try store.projectionMismatches() == [])
    }

    @Test func aStoreReopenedWithTheSameModelsKeepsItsProjection() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let library = try QueryLibrary(seed: 4, bookCount: 30)
        do {
            let store = try RecordStore(path: path, models: [Book.self, Series.self], clock: Fixtures.clock)
            try store.save(contentsOf: library.books)
        }
        let store = try RecordStore(path: path, models: [Book.self, Series.self], clock: Fixtures.clock)
        #expect(try store.count(ModelQuery<Book>()) == 30)
        try store.save(library.books[0])
        #expect(try store.projectionMismatches() == [])
    }

    @Test func theCoreDataMoveFillsTheProjection() throws {
        let library = try QueryLibrary(seed: 7, bookCount: 12)
        let store = try RecordStore(database: try DatabaseQueue(), models: [Book.self, Series.self], clock: Fixtures.clock)
        let moved = library.books.map { book in
            MovedRecord(id: book.recordID, recordType: Book.recordType, local: book.record(), server: book.record(), pending: .none)
        }
        try store.moveIn(records: moved, zones: [MovedZone(id: QueryLibrary.zone, token: nil, exists: true)], databaseToken: nil)
        #expect(try store.count(ModelQuery<Book>()) == 12)
        #expect(try store.projectionMismatches() == [])
    }

    @Test func theAsyncPathsKeepTheProjection() async throws {
        let library = try QueryLibrary(seed: 5, bookCount: 10)
        let store = try RecordStore(database: try DatabaseQueue(), models: [Book.self, Series.self], clock: Fixtures.clock)
        let records = library.books.map { $0.record() }
        try await store.async.apply(FetchedPage(zoneID: QueryLibrary.zone, changed: records))
        try await store.async.apply(FetchedPage(zoneID: QueryLibrary.zone, deleted: [records[0].id]))
        #expect(try await store.async.count(ModelQuery<Book>()) == 9)
        #expect(try await store.async.fetch(ModelQuery<Book>(Book.Fields.recordName == records[1].id)).map(\.recordID) == [records[1].id])
        #expect(try store.projectionMismatches() == [])
    }
}
