import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The parent (`CKRecord.parent`, for share hierarchies) is a system field the app sets: it travels from one
/// device to the others through the engine, also when set after the record's first send and through conflicts.
@Suite struct SyncEngineParentTests {
    private let id = Fixtures.id("n")
    private let folderA = Reference(recordID: Fixtures.id("folder-a"))
    private let folderB = Reference(recordID: Fixtures.id("folder-b"))

    /// The note "n" with its text `text` and parent `parent`.
    private func note(text: String = "milk", modified: TimeInterval = 100, parent: Reference?) -> Note {
        var note = Fixtures.note("n", text: text, modified: modified)
        note.metadata.system.parent = parent
        return note
    }

    /// The stored note "n" with its parent set to `parent`, saved as a local edit.
    private func setParent(_ parent: Reference?, on device: SimulatedDevice) throws {
        var note = try #require(try device.store.fetch(Note.self, id: id))
        note.metadata.system.parent = parent
        try device.store.save(note)
    }

    /// A two-device harness whose devices both hold the two folders and note "n" under `parent`.
    private func harnessWithNote(parent: Reference?) async throws -> SyncHarness {
        let harness = try noteHarness(devices: 2)
        try harness[0].store.save(contentsOf: [Fixtures.note("folder-a", text: "a", modified: 1), Fixtures.note("folder-b", text: "b", modified: 1)])
        try harness[0].store.save(note(parent: parent))
        try await harness.settle()
        return harness
    }

    @Test func aParentSetOnOneDeviceReachesTheOther() async throws {
        let harness = try await harnessWithNote(parent: folderA)
        let (phone, laptop) = (harness[0], harness[1])
        #expect(await harness.simulator.serverRecord(id)?.system.parent == folderA)
        #expect(try laptop.store.fetch(Note.self, id: id)?.metadata.system.parent == folderA)

        // Changed after the record's first send: sent on the server copy's change tag.
        try setParent(folderB, on: phone)
        try await phone.sync()
        #expect(await harness.simulator.serverRecord(id)?.system.parent == folderB)
        #expect(try phone.store.storedState(of: id)?.pending == nil)
        try await laptop.sync()
        #expect(try laptop.store.fetch(Note.self, id: id)?.metadata.system.parent == folderB)

        try setParent(nil, on: laptop)
        try await harness.settle()
        #expect(await harness.simulator.serverRecord(id)?.system.parent == nil)
        #expect(try phone.store.fetch(Note.self, id: id)?.metadata.system.parent == nil)
        #expect(try await harness.divergences() == [])
    }

    @Test func aParentChangeSurvivesAConflictWithAnotherDevicesTextEdit() async throws {
        let harness = try await harnessWithNote(parent: folderA)
        let (phone, laptop) = (harness[0], harness[1])
        // Offline from each other, the phone edits the text and the laptop moves the note.
        try phone.store.save(note(text: "milk, eggs", parent: folderA))
        try setParent(folderB, on: laptop)
        try await phone.sync()
        // Sent before fetching: the server answers serverRecordChanged, and the engine merges and sends again.
        try await laptop.engine.sendChanges()
        #expect(laptop.events.merged == [id])
        #expect(await harness.simulator.serverRecord(id)?.system.parent == folderB)

        try await harness.settle()
        let server = try #require(await harness.simulator.serverRecord(id))
        #expect(server.system.parent == folderB, "the laptop's parent")
        #expect(try Note(record: server).textName == "milk, eggs", "the phone's text")
        #expect(try await harness.divergences() == [])
    }

    /// The server record of the conflict (the phone saved the note unchanged) has the laptop's fields: the merge
    /// is not "already on the server", as its parent differs.
    @Test func aParentChangeConflictingWithAnUnchangedSaveIsSentAgain() async throws {
        let harness = try await harnessWithNote(parent: nil)
        let (phone, laptop) = (harness[0], harness[1])
        try phone.store.save(note(parent: nil))
        try await phone.sync()
        try setParent(folderA, on: laptop)
        try await laptop.engine.sendChanges()
        #expect(laptop.events.merged == [id])
        #expect(await harness.simulator.serverRecord(id)?.system.parent == folderA)

        try await harness.settle()
        #expect(try phone.store.fetch(Note.self, id: id)?.metadata.system.parent == folderA)
        #expect(try await harness.divergences() == [])
    }

    @Test func aServerParentChangeReachesADeviceWithAPendingTextEdit() async throws {
        let harness = try await harnessWithNote(parent: folderA)
        let (phone, laptop) = (harness[0], harness[1])
        try setParent(folderB, on: phone)
        try laptop.store.save(note(text: "milk, eggs", modified: 200, parent: folderA))
        try await phone.sync()
        try await laptop.sync()  // Fetches first: the phone's record is merged over the pending edit.
        #expect(laptop.events.merged == [id])

        try await harness.settle()
        let server = try #require(await harness.simulator.serverRecord(id))
        #expect(server.system.parent == folderB, "the phone's parent, which the laptop did not change")
        #expect(try Note(record: server).textName == "milk, eggs", "the laptop's text")
        #expect(try await harness.divergences() == [])
    }
}
