import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// Local edits and their pending changes: one transaction, and coalescing per record.
@Suite struct LocalEditTests {
    @Test func aSavedNoteReadsBackWithAPendingSave() throws {
        let store = try Fixtures.memoryStore()
        let note = Fixtures.note("n1")
        try store.save(note)
        #expect(Fixtures.byContents(try store.fetch(Note.self, id: note.recordID)) == Fixtures.byContents(note))
        let state = try #require(try store.storedState(of: note.recordID))
        guard case .save = state.pending else { Issue.record("expected a pending save, found \(String(describing: state.pending))"); return }
        #expect(state.server == nil)
        #expect(try store.pendingCount() == 1)
    }

    @Test func saveThenSaveIsOneSaveOfTheLastValue() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("n1", text: "first"))
        try store.save(Fixtures.note("n1", text: "second"))
        let batch = try store.nextPendingBatch()
        #expect(batch.saves.count == 1)
        #expect(batch.deletes.isEmpty)
        #expect(Fixtures.textOf(try Note(record: #require(batch.saves.first).record).text) == "second")
    }

    @Test func saveThenDeleteOfARecordTheServerNeverSawLeavesNothing() throws {
        let store = try Fixtures.memoryStore()
        let note = Fixtures.note("n1")
        try store.save(note)
        #expect(try store.delete(Note.self, id: note.recordID))
        #expect(try store.storedState(of: note.recordID) == nil)
        #expect(try store.nextPendingBatch().isEmpty)
    }

    @Test func deleteOfAServerRecordLeavesATombstoneToSend() throws {
        let store = try Fixtures.memoryStore()
        let note = Fixtures.note("n1")
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(note, tag: "e1")]))
        try store.delete(Note.self, id: note.recordID)
        #expect(try store.fetch(Note.self, id: note.recordID) == nil)
        #expect(try store.fetchAll(Note.self).models.isEmpty)
        let batch = try store.nextPendingBatch()
        #expect(batch.deletes.map(\.id) == [note.recordID])
        #expect(batch.saves.isEmpty)
    }

    /// sqlite-data #418: a delete then a re-insert of the same ID uploaded only the delete.
    @Test func deleteThenSaveOfTheSameIDIsASaveAndLosesNothing() throws {
        let store = try Fixtures.memoryStore()
        let original = Fixtures.note("n1", text: "original")
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(original, tag: "e1")]))
        try store.delete(Note.self, id: original.recordID)
        let reinserted = Fixtures.note("n1", text: "reinserted", modified: 2_000)
        try store.save(reinserted)

        #expect(Fixtures.textOf(try store.fetch(Note.self, id: original.recordID)?.text) == "reinserted")
        let batch = try store.nextPendingBatch()
        #expect(batch.deletes.isEmpty, "the delete is replaced by the save")
        let save = try #require(batch.saves.first)
        #expect(batch.saves.count == 1)
        #expect(Fixtures.textOf(try Note(record: save.record).text) == "reinserted")
        #expect(save.record.system.changeTag == "e1", "sent over the server's record, not as a new one")
    }

    @Test func aSaveOverAnIDOfAnotherTypeIsRefusedAndChangesNothing() throws {
        let store = try Fixtures.memoryStore()
        var folder = Fixtures.note("n1").record()
        folder.recordType = "Folder"
        try store.apply(serverRecords: [folder])
        #expect(throws: RecordStoreError.typeMismatch(Fixtures.id("n1"), stored: "Folder", requested: "Note")) {
            try store.save(Fixtures.note("n1"))
        }
        #expect(try store.storedState(of: Fixtures.id("n1"))?.recordType == "Folder")
        #expect(try store.pendingCount() == 0)
    }

    /// Invariant 1: a batch of edits commits whole or not at all; no edit is stored without its pending change.
    @Test func aFailedBatchOfSavesStoresNothing() throws {
        let store = try Fixtures.memoryStore()
        var folder = Fixtures.note("taken").record()
        folder.recordType = "Folder"
        try store.apply(serverRecords: [folder])
        #expect(throws: RecordStoreError.self) {
            try store.save(contentsOf: [Fixtures.note("first"), Fixtures.note("taken"), Fixtures.note("last")])
        }
        #expect(try store.storedState(of: Fixtures.id("first")) == nil)
        #expect(try store.storedState(of: Fixtures.id("last")) == nil)
        #expect(try store.pendingCount() == 0)
    }

    @Test func unknownFieldsOfANewerAppTravelThroughTheStore() throws {
        let store = try Fixtures.memoryStore()
        var record = Fixtures.serverRecord(Fixtures.note("n1"), tag: "e1")
        record.fields.set(.string("teal"), forKey: "color")
        try store.apply(serverRecords: [record])

        var note = try #require(try store.fetch(Note.self, id: record.id))
        note.modified = Date(timeIntervalSince1970: 5_000)
        try store.save(note)
        let sent = try #require(try store.nextPendingBatch().saves.first).record
        #expect(sent["color"] == .string("teal"))
        #expect(try store.storedState(of: record.id)?.local?["color"] == .string("teal"))
    }

    @Test func generationsGrowWithEveryEdit() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("a"))
        try store.save(Fixtures.note("b"))
        try store.save(Fixtures.note("a", text: "again"))
        let saves = try store.nextPendingBatch().saves
        #expect(saves.map(\.record.id.recordName) == ["b", "a"], "oldest edit first")
        #expect(saves[0].generation < saves[1].generation)
    }

    /// A save of several records reserves one generation each, in order, right after the last one given out.
    @Test func aSaveReservesConsecutiveGenerationsAfterTheLast() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("first"))
        try store.save(contentsOf: ["b", "c", "d"].map { Fixtures.note($0) })
        try store.save(Fixtures.note("e"))
        let saves = try store.nextPendingBatch().saves
        #expect(saves.map(\.record.id.recordName) == ["first", "b", "c", "d", "e"])
        let first = try #require(saves.first).generation
        #expect(saves.map(\.generation) == Array(first..<(first + 5)))
    }

    /// A store whose generation counter is gone (a damaged file) refuses local edits with a typed error naming the
    /// table, and writes nothing.
    @Test func aMissingGenerationCounterIsATypedErrorAndWritesNothing() throws {
        let store = try Fixtures.memoryStore()
        try store.database.write { db in try db.execute(sql: "DELETE FROM recordkit_state WHERE key = 'generation'") }
        #expect(throws: RecordStoreError.missingGenerationCounter(table: "recordkit_state")) { try store.save(Fixtures.note("n1")) }
        #expect(try store.fetch(Note.self, id: Fixtures.note("n1").recordID) == nil)
        #expect(try store.pendingCount() == 0)
    }
}
