import Foundation
import RecordKit
import RecordKitStore
import Testing

/// Local edits through the store's async API (`store.async`), as `CKSyncEngineAdapter` makes them: the same
/// transactions as the synchronous calls.
@Suite struct AsyncLocalEditTests {
    @Test func anAsyncSaveCommitsTheEditWithItsPendingSave() async throws {
        let store = try Fixtures.memoryStore()
        let note = Fixtures.note("n1")
        try await store.async.save(note)
        let stored: Note? = try store.fetch(Note.self, id: note.recordID)
        #expect(Fixtures.byContents(stored) == Fixtures.byContents(note))
        let state = try #require(try store.storedState(of: note.recordID))
        guard case .save = state.pending else { Issue.record("expected a pending save, found \(String(describing: state.pending))"); return }
        #expect(try store.pendingCount() == 1)
    }

    /// The clock is stamped as the synchronous save stamps it: past the server copy's.
    @Test func anAsyncSaveStampsTheMergeClockPastTheServerCopy() async throws {
        let store = try Fixtures.memoryStore()
        let server = Fixtures.note("n1", modified: 5_000)
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(server, tag: "e1")]))
        try await store.async.save(contentsOf: [Fixtures.note("n1", text: "edited", modified: 1_000)])
        let saved = try #require(try store.fetch(Note.self, id: server.recordID))
        #expect(saved.modified == Date(timeIntervalSince1970: 5_000.001))
        #expect(Fixtures.textOf(saved.text) == "edited")
    }

    @Test func anAsyncSaveRefusesToTurnARecordIntoAnotherTypeAndStoresNothing() async throws {
        let store = try Fixtures.memoryStore()
        var folder = Fixtures.note("taken").record()
        folder.recordType = "Folder"
        try store.apply(serverRecords: [folder])
        await #expect(throws: RecordStoreError.typeMismatch(Fixtures.id("taken"), stored: "Folder", requested: "Note")) {
            try await store.async.save(contentsOf: [Fixtures.note("first"), Fixtures.note("taken")])
        }
        #expect(try store.fetch(Note.self, id: Fixtures.id("first")) == nil)
        #expect(try store.pendingCount() == 0)
    }

    @Test func anAsyncDeleteOfAServerRecordLeavesATombstoneToSend() async throws {
        let store = try Fixtures.memoryStore()
        let note = Fixtures.note("n1")
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(note, tag: "e1")]))
        #expect(try await store.async.delete(Note.self, id: note.recordID))
        #expect(try store.fetch(Note.self, id: note.recordID) == nil)
        #expect(try store.nextPendingBatch().deletes.map(\.id) == [note.recordID])
    }

    @Test func anAsyncDeleteOfARecordTheServerNeverSawLeavesNothing() async throws {
        let store = try Fixtures.memoryStore()
        let note = Fixtures.note("n1")
        try store.save(note)
        #expect(try await store.async.delete(Note.self, ids: [note.recordID, Fixtures.id("absent")]) == 1)
        #expect(try store.storedState(of: note.recordID) == nil)
        #expect(try store.nextPendingBatch().isEmpty)
    }
}
