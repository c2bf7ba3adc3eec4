import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// The server half: fetched pages with their tokens, merges over pending edits, sends marked done, zones forgotten.
@Suite struct ServerApplyTests {
    static let token1 = ServerChangeToken(data: Data([1]))
    static let token2 = ServerChangeToken(data: Data([2]))

    @Test func aFetchedPageStoresItsRecordsAndTokenWithNothingPending() throws {
        let store = try Fixtures.memoryStore()
        let a = Fixtures.note("a"), b = Fixtures.note("b")
        try store.apply(FetchedPage(
            zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(a, tag: "e1"), Fixtures.serverRecord(b, tag: "e1")], token: Self.token1))
        #expect(Set(try store.fetchAll(Note.self).models.map(\.recordID)) == [a.recordID, b.recordID])
        #expect(try store.zone(Fixtures.zone)?.token == Self.token1)
        #expect(try store.zone(Fixtures.zone)?.exists == true)
        #expect(try store.pendingCount() == 0)
        #expect(try store.storedState(of: a.recordID)?.server?.system.changeTag == "e1")

        try store.apply(FetchedPage(zoneID: Fixtures.zone, deleted: [a.recordID], token: Self.token2))
        #expect(try store.fetchAll(Note.self).models.map(\.recordID) == [b.recordID])
        #expect(try store.zone(Fixtures.zone)?.token == Self.token2)
    }

    /// Invariant 2: a page that fails to store leaves neither its records nor its token.
    @Test func theTokenNeverAdvancesWithoutItsRecords() throws {
        let queue = try DatabaseQueue()
        let store = try RecordStore(database: queue, models: [Note.self], clock: Fixtures.clock)
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(Fixtures.note("a"), tag: "e1")], token: Self.token1))
        // The app's database refuses one record of the next page (a trigger stands in for any failure mid-page).
        try queue.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON recordkit_records WHEN NEW.recordName = 'poison'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        let page = FetchedPage(
            zoneID: Fixtures.zone,
            changed: [Fixtures.serverRecord(Fixtures.note("b"), tag: "e1"), Fixtures.serverRecord(Fixtures.note("poison"), tag: "e1")],
            token: Self.token2)
        #expect(throws: RecordStoreError.self) { try store.apply(page) }
        #expect(try store.zone(Fixtures.zone)?.token == Self.token1, "the token stays where the stored records are")
        #expect(try store.fetch(Note.self, id: Fixtures.id("b")) == nil, "no record of the failed page is stored")
    }

    /// Invariant 4: a server change over a pending edit is merged by the model's rule against the ancestor, keeps the
    /// server's change tag, and stays pending.
    @Test func aServerChangeOverAPendingEditIsMergedAndStaysPending() throws {
        let store = try Fixtures.memoryStore()
        let ancestor = Fixtures.note("n1", text: "v1", modified: 1_000)
        try store.apply(serverRecords: [Fixtures.serverRecord(ancestor, tag: "e1")])
        var local = try #require(try store.fetch(Note.self, id: ancestor.recordID))
        local.text = Fixtures.text("local")
        local.modified = Date(timeIntervalSince1970: 3_000)
        try store.save(local)
        let before = try #require(try store.storedState(of: ancestor.recordID)?.pending)

        let server = Fixtures.note("n1", text: "server", modified: 2_000)
        let report = try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(server, tag: "e2")], token: Self.token1))
        #expect(report.merged == [ancestor.recordID])
        #expect(report.mergedWithoutModel.isEmpty)

        let state = try #require(try store.storedState(of: ancestor.recordID))
        let merged = try Note(record: #require(state.local))
        #expect(Fixtures.textOf(merged.text) == "local", "the later edit wins (lastWriterWins on modified)")
        #expect(state.local?.system.changeTag == "e2", "the merge result keeps the server's change tag")
        #expect(state.server?.system.changeTag == "e2", "the server record is the new ancestor")
        guard case .save(let generation) = state.pending else { Issue.record("the merge must stay pending"); return }
        #expect(generation > before.generation, "a send of the pre-merge value must not clear the merge")
    }

    /// The stored ancestor decides which side changed a field: here only the server changed the text, so the server's
    /// text wins although the local edit is later (without the ancestor, last-writer-wins would keep the local text).
    @Test func theMergeUsesTheStoredAncestor() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("n1", text: "v1", modified: 1_000), tag: "e1")])
        try store.save(Fixtures.note("n1", text: "v1", modified: 3_000))
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("n1", text: "server", modified: 2_000), tag: "e2")])
        let merged = try Note(record: #require(try store.storedState(of: Fixtures.id("n1"))?.local))
        #expect(Fixtures.textOf(merged.text) == "server", "changed on the server only")
        #expect(merged.modified == Date(timeIntervalSince1970: 3_000), "changed locally only")
    }

    @Test func anEarlierLocalEditLosesTheFieldButStaysPendingOverTheServerRecord() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("n1", text: "v1", modified: 1_000), tag: "e1")])
        try store.save(Fixtures.note("n1", text: "local", modified: 1_500))
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("n1", text: "server", modified: 2_000), tag: "e2")])
        let save = try #require(try store.nextPendingBatch().saves.first)
        #expect(Fixtures.textOf(try Note(record: save.record).text) == "server")
        #expect(save.record.system.changeTag == "e2")
    }

    @Test func aRecordTypeWithNoModelIsMergedFieldByFieldAndReported() throws {
        let store = try RecordStore(database: try DatabaseQueue(), models: [], clock: Fixtures.clock)
        let id = Fixtures.id("f1")
        var base = RecordKit.Record(recordType: "Folder", id: id, fields: ["name": .string("a"), "count": .int64(1)])
        base.system.changeTag = "e1"
        try store.apply(serverRecords: [base])
        var server = base
        server.fields.set(.int64(2), forKey: "count")
        server.system.changeTag = "e2"
        // The app saves through a model the store was not given (LocalFolder): the store can only merge records.
        let local = LocalFolder(record: { var r = base; r.fields.set(.string("b"), forKey: "name"); return r }())
        try store.save(local)
        let report = try store.apply(serverRecords: [server])
        #expect(report.merged == [id])
        #expect(report.mergedWithoutModel.count == 1)
        let merged = try #require(try store.storedState(of: id)?.local)
        #expect(merged["name"] == .string("b"), "changed locally: the local value")
        #expect(merged["count"] == .int64(2), "changed on the server: the server's value")
        #expect(merged.system.changeTag == "e2")
    }

    /// Invariant 3: a pending change is cleared only for the generation that was sent.
    @Test func markSentClearsOnlyTheGenerationThatWasSent() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("a", text: "sent"))
        try store.save(Fixtures.note("b", text: "sent"))
        let batch = try store.nextPendingBatch()
        #expect(batch.saves.count == 2)
        // While the batch is in flight, "b" is edited again.
        try store.save(Fixtures.note("b", text: "edited during the send", modified: 2_000))
        try store.markSent(batch.saves.map { .saved(serverRecord: { var r = $0.record; r.system.changeTag = "e1"; return r }($0), generation: $0.generation) })

        #expect(try store.storedState(of: Fixtures.id("a"))?.pending == nil)
        #expect(try store.storedState(of: Fixtures.id("a"))?.server?.system.changeTag == "e1")
        let b = try #require(try store.storedState(of: Fixtures.id("b")))
        #expect(b.pending != nil, "the edit made during the send stays pending")
        #expect(Fixtures.textOf(try Note(record: #require(b.local)).text) == "edited during the send")
        #expect(b.server?.system.changeTag == "e1", "the returned record is the ancestor")
        let next = try store.nextPendingBatch()
        #expect(next.saves.map(\.record.id) == [Fixtures.id("b")])
        #expect(next.saves.first?.record.system.changeTag == "e1", "the next send carries the new change tag")
    }

    /// A pending save lists the keys that differ from the server copy: every key is new without one.
    @Test func aPendingSaveListsTheKeysChangedSinceTheServerCopy() throws {
        let store = try Fixtures.memoryStore()
        var server = Fixtures.note("a", text: "v1", modified: 1_000)
        server.metadata.unknownFields["color"] = .string("blue")
        server.metadata.unknownFields["size"] = .int64(1)
        try store.apply(serverRecords: [Fixtures.serverRecord(server, tag: "e1")])
        var edited = try #require(try store.fetch(Note.self, id: Fixtures.id("a")))
        edited.modified = Date(timeIntervalSince1970: 2_000)
        edited.metadata.unknownFields["color"] = nil
        edited.metadata.unknownFields["size"] = nil
        edited.metadata.unknownEncryptedFields["size"] = .int64(1)
        try store.save(contentsOf: [edited, Fixtures.note("new")])
        let saves = try store.nextPendingBatch().saves
        #expect(saves.map(\.record.id) == [Fixtures.id("a"), Fixtures.id("new")])
        #expect(saves.first?.changedKeys == ["modified", "size", "color"], "changed, moved to encrypted, then removed")
        #expect(saves.first?.record.system.changeTag == "e1")
        #expect(saves.last?.changedKeys == nil, "no server copy: every key is new")
    }

    @Test func aSentDeleteRemovesTheTombstoneUnlessASaveFollowed() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("a"), tag: "e1"), Fixtures.serverRecord(Fixtures.note("b"), tag: "e1")])
        try store.delete(Note.self, ids: [Fixtures.id("a"), Fixtures.id("b")])
        let batch = try store.nextPendingBatch()
        #expect(batch.deletes.count == 2)
        try store.save(Fixtures.note("b", text: "recreated", modified: 2_000))
        try store.markSent(batch.deletes.map { .deleted($0.id, generation: $0.generation) })
        #expect(try store.storedState(of: Fixtures.id("a")) == nil)
        let b = try #require(try store.storedState(of: Fixtures.id("b")))
        #expect(b.server == nil, "the server no longer has it")
        guard case .save = b.pending else { Issue.record("the save made after the delete stays"); return }
    }

    @Test func aRecordDeletedLocallyDuringItsFirstSaveIsQueuedForDeletion() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("a"))
        let save = try #require(try store.nextPendingBatch().saves.first)
        try store.delete(Note.self, id: Fixtures.id("a"))
        try store.markSent([.saved(serverRecord: Fixtures.serverRecord(Fixtures.note("a"), tag: "e1"), generation: save.generation)])
        #expect(try store.nextPendingBatch().deletes.map(\.id) == [Fixtures.id("a")])
        #expect(try store.fetch(Note.self, id: Fixtures.id("a")) == nil)
    }

    @Test func aServerDeletionKeepsAPendingSaveAndDropsEverythingElse() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(serverRecords: ["a", "b", "c"].map { Fixtures.serverRecord(Fixtures.note($0), tag: "e1") })
        try store.save(Fixtures.note("a", text: "edited"))
        try store.delete(Note.self, id: Fixtures.id("b"))
        try store.apply(FetchedPage(zoneID: Fixtures.zone, deleted: ["a", "b", "c"].map { Fixtures.id($0) }))
        #expect(Fixtures.textOf(try store.fetch(Note.self, id: Fixtures.id("a"))?.text) == "edited")
        #expect(try store.storedState(of: Fixtures.id("a"))?.server == nil)
        #expect(try store.storedState(of: Fixtures.id("b")) == nil)
        #expect(try store.storedState(of: Fixtures.id("c")) == nil)
        #expect(try store.nextPendingBatch().saves.map(\.record.id) == [Fixtures.id("a")])
    }

    @Test(arguments: [true, false])
    func forgettingAZoneKeepsOrDropsLocalChanges(keeping: Bool) throws {
        let store = try Fixtures.memoryStore()
        let other = RecordZoneID(zoneName: "other")
        try store.apply(FetchedPage(
            zoneID: Fixtures.zone, changed: ["a", "b", "c"].map { Fixtures.serverRecord(Fixtures.note($0), tag: "e1") }, token: Self.token1))
        try store.apply(FetchedPage(zoneID: other, changed: [Fixtures.serverRecord(Fixtures.note("z", zone: other), tag: "e1")], token: Self.token1))
        try store.save(Fixtures.note("a", text: "edited"))
        try store.delete(Note.self, id: Fixtures.id("b"))

        try store.forgetZone(Fixtures.zone, keepingLocalChanges: keeping)
        #expect(try store.zone(Fixtures.zone) == nil)
        #expect(try store.storedState(of: Fixtures.id("c")) == nil, "unchanged records are fetched again")
        #expect(try store.zone(other)?.token == Self.token1, "other zones are untouched")
        #expect(try store.fetch(Note.self, id: Fixtures.id("z", zone: other)) != nil)
        if keeping {
            #expect(Fixtures.textOf(try store.fetch(Note.self, id: Fixtures.id("a"))?.text) == "edited")
            #expect(try store.storedState(of: Fixtures.id("a"))?.server == nil)
            let batch = try store.nextPendingBatch()
            #expect(batch.saves.map(\.record.id) == [Fixtures.id("a")])
            #expect(batch.saves.first?.record.system.changeTag == nil, "created anew")
            #expect(batch.deletes.map(\.id) == [Fixtures.id("b")])
        } else {
            #expect(try store.storedState(of: Fixtures.id("a")) == nil)
            #expect(try store.pendingCount() == 0)
        }
    }
}

/// A model whose record is whatever it was given: stands for a type the store has no registered model of.
struct LocalFolder: RecordModel {
    enum Field: String, RecordFieldKey { case name }
    static let recordType = "Folder"
    static let schemaVersion = 1
    var metadata: RecordMetadata
    var stored: RecordKit.Record

    init(record: RecordKit.Record) {
        stored = record
        metadata = RecordMetadata(recordID: record.id, system: record.system)
    }

    func record() -> RecordKit.Record { stored }
    static func merge(ancestor: LocalFolder?, client: LocalFolder, server: LocalFolder) -> LocalFolder { server }
}
