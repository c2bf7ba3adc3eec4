import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// The parent (`CKRecord.parent`) is a system field the app sets: a local change is sent on the server copy's
/// change tag, and merges like a field (the side that changed it since the ancestor wins; changed on both sides,
/// the model's conflict rule decides, or without a model the client's).
@Suite struct RecordParentTests {
    static let folderA = Reference(recordID: Fixtures.id("folder-a"))
    static let folderB = Reference(recordID: Fixtures.id("folder-b"))
    static let folderC = Reference(recordID: Fixtures.id("folder-c"))

    /// A store holding note "n" as the server sent it: text "v1", parent `parent`, change tag "e1".
    private func storeWithServerNote(parent: Reference?, models: [any RecordModel.Type] = [Note.self]) throws -> RecordStore {
        let store = try RecordStore(database: try DatabaseQueue(), models: models, clock: Fixtures.clock)
        var record = Fixtures.serverRecord(Fixtures.note("n", text: "v1"), tag: "e1")
        record.system.parent = parent
        try store.apply(serverRecords: [record])
        return store
    }

    /// The server's next version of note "n": `text`, parent `parent`, change tag "e2".
    private func serverNote(text: String, parent: Reference?) -> RecordKit.Record {
        var record = Fixtures.serverRecord(Fixtures.note("n", text: text), tag: "e2")
        record.system.parent = parent
        return record
    }

    /// The app's edit of the stored note: its parent set to `parent`, and its text to `text` if given.
    private func edit(_ store: RecordStore, parent: Reference?, text: String? = nil) throws {
        var note = try #require(try store.fetch(Note.self, id: Fixtures.id("n")))
        note.metadata.system.parent = parent
        if let text { note.text = Fixtures.text(text) }
        try store.save(note)
    }

    @Test func aParentSetAfterTheFirstSendGoesOutOnTheServerCopysChangeTag() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("n", text: "v1"))
        let first = try #require(try store.nextPendingBatch().saves.first)
        try store.markSent([.saved(serverRecord: { var r = first.record; r.system.changeTag = "e1"; return r }(), generation: first.generation)])
        #expect(try store.pendingCount() == 0)

        try edit(store, parent: Self.folderA)
        #expect(try store.storedState(of: Fixtures.id("n"))?.local?.system.parent == Self.folderA, "the save keeps the parent the app set")
        let save = try #require(try store.nextPendingBatch().saves.first)
        #expect(save.record.system.parent == Self.folderA, "the new parent is sent")
        #expect(save.record.system.changeTag == "e1", "on the server copy's change tag")
        // Note's clock is stamped by the store: an edit is later than the server copy it edits, by 1 ms at least.
        #expect(save.changedKeys == ["modified"], "no field changed but the clock the store stamped")

        var accepted = save.record
        accepted.system.changeTag = "e2"
        try store.markSent([.saved(serverRecord: accepted, generation: save.generation)])
        let state = try #require(try store.storedState(of: Fixtures.id("n")))
        #expect(state.pending == nil)
        #expect(state.local?.system.parent == Self.folderA)
        #expect(state.server?.system.parent == Self.folderA)
    }

    @Test func anEditMadeDuringTheSendKeepsItsParent() throws {
        let store = try storeWithServerNote(parent: nil)
        try edit(store, parent: Self.folderA)
        let save = try #require(try store.nextPendingBatch().saves.first)
        try edit(store, parent: Self.folderB)
        var accepted = save.record
        accepted.system.changeTag = "e2"
        try store.markSent([.saved(serverRecord: accepted, generation: save.generation)])
        let next = try #require(try store.nextPendingBatch().saves.first)
        #expect(next.record.system.parent == Self.folderB)
        #expect(next.record.system.changeTag == "e2")
    }

    /// With the model's merge and with the field-by-field merge of a type the store has no model of.
    @Test(arguments: [true, false])
    func aLocalParentChangeSurvivesAConflictWithAnotherField(withModel: Bool) throws {
        let store = try storeWithServerNote(parent: Self.folderA, models: withModel ? [Note.self] : [])
        try edit(store, parent: Self.folderB)
        let report = try store.apply(serverRecords: [serverNote(text: "server", parent: Self.folderA)])
        #expect(report.merged == [Fixtures.id("n")])
        #expect(report.mergedWithoutModel.count == (withModel ? 0 : 1))

        let state = try #require(try store.storedState(of: Fixtures.id("n")))
        let local = try #require(state.local)
        #expect(local.system.parent == Self.folderB, "changed locally only: the local parent")
        #expect(Fixtures.textOf(try Note(record: local).text) == "server", "changed on the server only: the server's text")
        #expect(local.system.changeTag == "e2")
        guard case .save = state.pending else { Issue.record("the merge must stay pending"); return }
        let save = try #require(try store.nextPendingBatch().saves.first)
        #expect(save.record.system.parent == Self.folderB)
        #expect(save.record.system.changeTag == "e2")
    }

    @Test(arguments: [true, false])
    func aServerParentChangeWinsWhenTheParentWasNotChangedLocally(withModel: Bool) throws {
        let store = try storeWithServerNote(parent: Self.folderA, models: withModel ? [Note.self] : [])
        try edit(store, parent: Self.folderA, text: "local")
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [serverNote(text: "v1", parent: Self.folderB)]))
        let local = try #require(try store.storedState(of: Fixtures.id("n"))?.local)
        #expect(local.system.parent == Self.folderB, "changed on the server only: the server's parent")
        #expect(Fixtures.textOf(try Note(record: local).text) == "local", "changed locally only: the local text")
        #expect(try store.nextPendingBatch().saves.first?.record.system.parent == Self.folderB)
    }

    /// Without a model, a parent changed on both sides keeps the client's, as the fallback merge keeps any field
    /// changed locally.
    @Test func aParentChangedOnBothSidesTakesTheClientsWithoutAModel() throws {
        let store = try storeWithServerNote(parent: Self.folderA, models: [])
        try edit(store, parent: nil)
        try store.apply(serverRecords: [serverNote(text: "v1", parent: Self.folderC)])
        #expect(try store.storedState(of: Fixtures.id("n"))?.local?.system.parent == nil, "the client removed it")

        try edit(store, parent: Self.folderB)
        var later = serverNote(text: "v1", parent: Self.folderA)
        later.system.changeTag = "e3"
        try store.apply(serverRecords: [later])
        #expect(try store.storedState(of: Fixtures.id("n"))?.local?.system.parent == Self.folderB)
    }

    /// With a model, a parent changed on both sides follows the schema's conflict rule, like a field: `Note`'s is
    /// last writer wins on `modified`. The store stamps the clock of a local edit past its server copy's, so an
    /// edit that left `modified` as it was still beats a server record of the same clock (no tie).
    @Test func aParentChangedOnBothSidesFollowsTheModelsConflictRule() throws {
        let stamped = try storeWithServerNote(parent: Self.folderA)
        try edit(stamped, parent: Self.folderB)
        try stamped.apply(serverRecords: [serverNote(text: "v1", parent: Self.folderC)])
        #expect(try stamped.storedState(of: Fixtures.id("n"))?.local?.system.parent == Self.folderB, "stamped 1 ms later: the client's")

        let clientLater = try storeWithServerNote(parent: Self.folderA)
        var note = try #require(try clientLater.fetch(Note.self, id: Fixtures.id("n")))
        note.metadata.system.parent = nil
        note.modified = Date(timeIntervalSince1970: 2_000)
        try clientLater.save(note)
        try clientLater.apply(serverRecords: [serverNote(text: "v1", parent: Self.folderC)])
        #expect(try clientLater.storedState(of: Fixtures.id("n"))?.local?.system.parent == nil, "the client's edit is later")
    }

    @Test func aFetchedRecordReplacesTheParentOfARecordWithNoPendingEdit() throws {
        let store = try storeWithServerNote(parent: Self.folderA)
        try store.apply(serverRecords: [serverNote(text: "v1", parent: nil)])
        #expect(try store.storedState(of: Fixtures.id("n"))?.local?.system.parent == nil)
        #expect(try store.pendingCount() == 0)
    }
}
