import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// Typed reads, the pending batch's bounds, undecodable records, sync state and observation.
@Suite struct ReadTests {
    @Test func fetchByIDAllAndByZone() throws {
        let store = try Fixtures.memoryStore()
        let other = RecordZoneID(zoneName: "other")
        try store.save(contentsOf: [Fixtures.note("a"), Fixtures.note("b"), Fixtures.note("c", zone: other)])
        #expect(Fixtures.textOf(try store.fetch(Note.self, id: Fixtures.id("b"))?.text) == "b")
        #expect(try store.fetch(Note.self, id: Fixtures.id("missing")) == nil)
        #expect(try store.fetchAll(Note.self).models.count == 3)
        #expect(try store.fetchAll(Note.self, inZone: other).models.map(\.recordID) == [Fixtures.id("c", zone: other)])
        var seen: [String] = []
        try store.forEach(Note.self) { seen.append($0.recordID.recordName) }
        #expect(seen.sorted() == ["a", "b", "c"])
    }

    @Test func fetchingAnIDOfAnotherTypeThrowsATypedError() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("a"))
        #expect(throws: RecordStoreError.typeMismatch(Fixtures.id("a"), stored: "Note", requested: "Folder")) {
            _ = try store.fetch(LocalFolder.self, id: Fixtures.id("a"))
        }
    }

    /// Invariant 5: a record this app version cannot read is reported by ID and kept, and sent back unchanged.
    @Test func aRecordTheModelCannotReadIsReportedAndKept() throws {
        let store = try Fixtures.memoryStore()
        var newer = Fixtures.serverRecord(Fixtures.note("newer"), tag: "e1")
        newer.fields.set(.int64(2), forKey: "version")
        newer.fields.set(.string("from the future"), forKey: "mood")
        try store.apply(serverRecords: [newer, Fixtures.serverRecord(Fixtures.note("ok"), tag: "e1")])

        let all = try store.fetchAll(Note.self)
        #expect(all.models.map(\.recordID) == [Fixtures.id("ok")])
        #expect(all.undecodable.count == 1)
        guard case .undecodable(let id, "Note", .newerVersion) = all.undecodable.first else {
            Issue.record("expected an undecodable newer version, got \(all.undecodable)"); return
        }
        #expect(id == newer.id)
        #expect(throws: RecordStoreError.self) { _ = try store.fetch(Note.self, id: newer.id) }
        #expect((try store.storedState(of: newer.id)?.local).map(Fixtures.byContents) == Fixtures.byContents(newer), "kept field for field, its file the store's copy")
        // Saving an unrelated note, or the whole page again, never drops it.
        try store.save(Fixtures.note("another"))
        #expect((try store.storedState(of: newer.id)?.local).map(Fixtures.byContents) == Fixtures.byContents(newer))
    }

    @Test func thePendingBatchIsBoundedByCountAndBytesOldestFirst() throws {
        let store = try Fixtures.memoryStore()
        try store.save(contentsOf: (0..<10).map { Fixtures.note("n\($0)") })
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("d"), tag: "e1")])
        try store.delete(Note.self, id: Fixtures.id("d"))

        let byCount = try store.nextPendingBatch(maxCount: 4)
        #expect(byCount.saves.map(\.record.id.recordName) == ["n0", "n1", "n2", "n3"])
        let all = try store.nextPendingBatch(maxCount: 100)
        #expect(all.saves.count == 10)
        #expect(all.deletes.map(\.id) == [Fixtures.id("d")])

        // The size of a stored save (its asset names the store's own file).
        let size = NativeArchive.encode(try #require(all.saves.first).record).count
        let byBytes = try store.nextPendingBatch(maxCount: 100, maxBytes: size * 3)
        #expect(byBytes.saves.count == 3)
        let tiny = try store.nextPendingBatch(maxCount: 100, maxBytes: 1)
        #expect(tiny.saves.count == 1, "the first change always goes, however large")
    }

    @Test func syncStateTokensAndEngineStatePersist() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let zoneToken = ServerChangeToken(data: Data([7, 7]))
        let databaseToken = ServerChangeToken(data: Data([9]))
        do {
            let store = try RecordStore(path: path, models: [Note.self], clock: Fixtures.clock)
            try store.apply(FetchedPage(zoneID: Fixtures.zone, token: zoneToken))
            try store.setZone(RecordZoneID(zoneName: "gone"), exists: false)
            try store.setDatabaseToken(databaseToken)
            try store.setEngineState(Data("engine".utf8), for: .ckSyncEngine)
        }
        let reopened = try RecordStore(path: path, models: [Note.self], clock: Fixtures.clock)
        #expect(try reopened.syncState() == SyncState(zoneTokens: [Fixtures.zone: zoneToken], databaseToken: databaseToken))
        #expect(try reopened.zone(RecordZoneID(zoneName: "gone"))?.exists == false)
        #expect(try reopened.engineState(.ckSyncEngine) == Data("engine".utf8))
        try reopened.setDatabaseToken(nil)
        #expect(try reopened.databaseToken() == nil)
    }

    @Test func observationEmitsAfterEachCommittedChange() async throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("a"))
        var iterator = store.values(of: Note.self).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.models.map(\.recordID) == [Fixtures.id("a")])
        try store.save(Fixtures.note("b"))
        let second = try await iterator.next()
        #expect(Set(second?.models.map(\.recordID) ?? []) == [Fixtures.id("a"), Fixtures.id("b")])
        try store.delete(Note.self, id: Fixtures.id("a"))
        let third = try await iterator.next()
        #expect(third?.models.map(\.recordID) == [Fixtures.id("b")])
    }
}
