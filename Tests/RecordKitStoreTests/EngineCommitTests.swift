import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// What a CKSyncEngine adapter needs of the store: fetched and sent changes committed with the engine state in one
/// transaction, the pending queue without values, batches limited to some records, account resets.
@Suite struct EngineCommitTests {
    @Test func fetchedAndSentChangesCommitWithTheEngineState() throws {
        let store = try Fixtures.memoryStore()
        let sent = Fixtures.note("sent")
        try store.save(sent)
        let generation = try #require(try store.storedState(of: sent.recordID)?.pending?.generation)
        let changes = EngineChanges(
            pages: [FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(Fixtures.note("fetched"), tag: "e1")])],
            sent: [.saved(serverRecord: Fixtures.serverRecord(sent, tag: "e2"), generation: generation)])
        try store.commit(changes, engineState: Data("state-1".utf8), for: .ckSyncEngine)
        #expect(try store.engineState(.ckSyncEngine) == Data("state-1".utf8))
        #expect(try store.fetch(Note.self, id: Fixtures.id("fetched")) != nil)
        #expect(try store.pendingCount() == 0)
        #expect(try store.storedState(of: sent.recordID)?.server?.system.changeTag == "e2")

        // Nil keeps the stored state.
        try store.commit(EngineChanges(pages: [FetchedPage(zoneID: Fixtures.zone, deleted: [Fixtures.id("fetched")])]), engineState: nil, for: .ckSyncEngine)
        #expect(try store.engineState(.ckSyncEngine) == Data("state-1".utf8))
        #expect(try store.fetch(Note.self, id: Fixtures.id("fetched")) == nil)
    }

    /// The state never covers changes the store lacks: a commit that fails stores neither.
    @Test func aFailedCommitStoresNeitherTheChangesNorTheState() throws {
        let queue = try DatabaseQueue()
        let store = try RecordStore(database: queue, models: [Note.self], clock: Fixtures.clock)
        try store.setEngineState(Data("state-1".utf8), for: .ckSyncEngine)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON recordkit_records WHEN NEW.recordName = 'poison'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        let page = FetchedPage(zoneID: Fixtures.zone, changed: [
            Fixtures.serverRecord(Fixtures.note("good"), tag: "e1"), Fixtures.serverRecord(Fixtures.note("poison"), tag: "e1"),
        ])
        #expect(throws: RecordStoreError.self) { try store.commit(EngineChanges(pages: [page]), engineState: Data("state-2".utf8), for: .ckSyncEngine) }
        #expect(try store.engineState(.ckSyncEngine) == Data("state-1".utf8))
        #expect(try store.fetch(Note.self, id: Fixtures.id("good")) == nil)
    }

    @Test func pendingItemsListTheQueueOldestFirstWithoutValues() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("gone"), tag: "e1")])
        try store.save(Fixtures.note("b"))
        try store.save(Fixtures.note("a"))
        try store.delete(Note.self, id: Fixtures.id("gone"))
        let items = try store.pendingItems()
        #expect(items.map(\.id.recordName) == ["b", "a", "gone"])
        #expect(items.map(\.recordType) == ["Note", "Note", "Note"])
        guard case .save = items[0].change, case .delete = items[2].change else {
            Issue.record("expected saves then a delete, got \(items)")
            return
        }
        #expect(items[0].change.generation < items[1].change.generation)
    }

    @Test func aBatchSkipsTheRecordsNotIncludedWithoutCountingThem() throws {
        let store = try Fixtures.memoryStore()
        try store.save(contentsOf: ["a", "b", "c", "d"].map { Fixtures.note($0) })
        let batch = try store.nextPendingBatch(maxCount: 2) { $0.recordName != "a" }
        #expect(batch.saves.map(\.record.id.recordName) == ["b", "c"])
    }

    @Test func deleteAllDataLeavesAnEmptyStoreThatStillWorks() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(Fixtures.note("a"), tag: "e1")], token: ServerChangeToken(data: Data([1]))))
        try store.save(Fixtures.note("b"))
        try store.setDatabaseToken(ServerChangeToken(data: Data([2])))
        try store.setEngineState(Data("state".utf8), for: .ckSyncEngine)
        try store.deleteAllData()
        #expect(try store.fetchAll(Note.self).models.isEmpty)
        #expect(try store.zones().isEmpty)
        #expect(try store.databaseToken() == nil)
        #expect(try store.engineState(.ckSyncEngine) == nil)
        try store.save(Fixtures.note("c"))
        #expect(try store.pendingItems().map(\.id.recordName) == ["c"])
    }

    @Test func requeueAllQueuesEveryRecordAsNewAndForgetsTheServer() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [
            Fixtures.serverRecord(Fixtures.note("a"), tag: "e1"), Fixtures.serverRecord(Fixtures.note("gone"), tag: "e1"),
        ], token: ServerChangeToken(data: Data([1]))))
        try store.save(Fixtures.note("b"))
        try store.delete(Note.self, id: Fixtures.id("gone"))
        try store.setEngineState(Data("state".utf8), for: .ckSyncEngine)
        #expect(try store.requeueAll() == 2)
        #expect(try store.pendingItems().map(\.id.recordName).sorted() == ["a", "b"])
        #expect(try store.storedState(of: Fixtures.id("gone")) == nil)
        #expect(try store.storedState(of: Fixtures.id("a"))?.server == nil)
        let batch = try store.nextPendingBatch()
        #expect(batch.saves.allSatisfy { $0.record.system.changeTag == nil })
        #expect(try store.zones().isEmpty)
        #expect(try store.engineState(.ckSyncEngine) == nil)
    }
}
