import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// A save writes only the keys the engine names, over the server's record (CloudKit's save policies:
/// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy), so the engine
/// names the keys that differ from the stored server copy: a removal reaches the server, an unchanged field is
/// not sent again.
@Suite struct SyncEngineChangedKeysTests {
    private let id = Fixtures.id("n")

    /// A note whose record holds a field the app's model does not know, kept through the store.
    private func colored(_ color: String) -> Note {
        var note = Fixtures.note("n", text: "milk", modified: 100)
        note.metadata.unknownFields["color"] = .string(color)
        return note
    }

    @Test func aFieldRemovedLocallyIsRemovedOnTheServerAndOnEveryDevice() async throws {
        let harness = try noteHarness(devices: 2)
        let (phone, laptop) = (harness[0], harness[1])
        try phone.store.save(colored("blue"))
        try await harness.settle()
        #expect(try laptop.store.storedState(of: id)?.local?["color"] == .string("blue"))

        var edited = try #require(try phone.store.fetch(Note.self, id: id))
        edited.metadata.unknownFields["color"] = nil
        try phone.store.save(edited)
        try await phone.sync()
        let server = try #require(await harness.simulator.serverRecord(id))
        #expect(server["color"] == nil, "the server lost the field")
        #expect(Fixtures.textOf(server["text"]) == Fixtures.textOf(colored("blue").record()["text"]), "and kept the others")
        #expect(try phone.store.storedState(of: id)?.local?["color"] == nil)
        #expect(try phone.store.storedState(of: id)?.server?["color"] == nil)

        try await laptop.sync()
        #expect(try laptop.store.storedState(of: id)?.local?["color"] == nil, "the other device lost it too")
        #expect(try await harness.divergences() == [])
    }

    @Test func anEditOfOneFieldSendsOnlyThatKeyAndStoresTheWholeServerRecord() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        let recorder = RequestRecorder(simulator: harness.simulator)
        let engine = SyncEngine(
            store: device.store, database: recorder, configuration: SyncConfiguration(zones: [Fixtures.zone]), clock: VirtualClock())
        try device.store.save(colored("blue"))
        try await engine.sync()
        #expect(try #require(await recorder.saves.last).changedKeys == nil, "a new record: every key")

        try device.store.save(colored("blue").with(modified: 200))
        try await engine.sync()
        let sent = try #require(await recorder.saves.last)
        #expect(sent.changedKeys == ["modified"])
        #expect(sent.record.system.changeTag != nil, "on the server copy's change tag")

        let onServer = try #require(await harness.simulator.serverRecord(id))
        let state = try #require(try device.store.storedState(of: id))
        #expect(state.pending == nil)
        #expect(state.server.map(Fixtures.byContents) == Fixtures.byContents(onServer), "the server copy is the whole record the server holds")
        #expect(state.local.map(Fixtures.byContents)?.fields == Fixtures.byContents(onServer).fields)
        #expect(Fixtures.textOf(onServer["text"]) == Fixtures.textOf(colored("blue").record()["text"]), "the field not sent is still there")
        #expect(onServer["color"] == .string("blue"))
    }

    @Test func aConflictRetrySendsOnlyTheKeysTheMergeChangedFromTheServersRecord() async throws {
        let harness = try noteHarness(devices: 2)
        let (phone, laptop) = (harness[0], harness[1])
        let recorder = RequestRecorder(simulator: harness.simulator)
        let laptopEngine = SyncEngine(
            store: laptop.store, database: recorder, configuration: SyncConfiguration(zones: [Fixtures.zone]) { laptop.events.record($0) },
            clock: VirtualClock())
        try phone.store.save(Fixtures.note("n", text: "milk", modified: 100))
        try await harness.settle()

        // Offline from each other, the phone edits the text and the laptop the date.
        try phone.store.save(Fixtures.note("n", text: "milk, eggs", modified: 100))
        try laptop.store.save(Fixtures.note("n", text: "milk", modified: 300))
        try await phone.sync()
        try await laptopEngine.sendChanges()
        #expect(laptop.events.merged == [id])
        #expect(await recorder.saves.map(\.changedKeys) == [["modified"], ["modified"]], "first on the old tag, then on the server's")

        try await harness.settle()
        #expect(try await harness.divergences() == [])
        let server = try Note(record: try #require(await harness.simulator.serverRecord(id)))
        #expect(server.textName == "milk, eggs")
        #expect(server.modified == Date(timeIntervalSince1970: 300))
    }

    @Test func anotherDevicesRemovalReachesThisDevice() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(colored("blue"))
        try await device.sync()
        let other = Fixtures.note("n", text: "milk", modified: 100).record()
        try await harness.simulator.serverSave([other])
        #expect(await harness.simulator.serverRecord(id)?["color"] == .string("blue"), "a key the save does not hold stays")
        try await harness.simulator.serverSave([other], removing: ["color"])
        try await device.sync()
        #expect(try device.store.storedState(of: id)?.local?["color"] == nil)
        #expect(try await harness.divergences() == [])
    }
}

extension Note {
    /// The note with another `modified` date.
    func with(modified seconds: TimeInterval) -> Note {
        var note = self
        note.modified = Date(timeIntervalSince1970: seconds)
        return note
    }
}

/// A database that passes every request to the simulator and keeps the saves it sent.
actor RequestRecorder: SimulatorPassThrough {
    let simulator: CloudKitSimulator
    /// Every save of every modify request, in order.
    private(set) var saves: [RecordSave] = []

    init(simulator: CloudKitSimulator) {
        self.simulator = simulator
    }

    func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        saves += request.saves
        return try await simulator.modifyRecords(request)
    }
}
