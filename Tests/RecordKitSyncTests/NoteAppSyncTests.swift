import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The note app of the note-sync article, on two devices against the simulator.
@Suite struct NoteAppSyncTests {
    @Test func twoDevicesEditOneNoteOfflineAndTheLaterEditWinsEverywhere() async throws {
        let harness = try noteHarness(devices: 2)
        let (phone, laptop) = (harness[0], harness[1])
        try phone.store.save(Fixtures.note("groceries", text: "milk", modified: 100))
        try await harness.syncAll()
        try await harness.syncAll()
        #expect(try notes(on: laptop)["groceries"]?.textName == "milk")

        await phone.goOffline()
        await laptop.goOffline()
        try phone.store.save(Fixtures.note("groceries", text: "milk, eggs", modified: 200))
        try laptop.store.save(Fixtures.note("groceries", text: "milk, bread", modified: 300))
        // The earlier edit reaches the server first; the later one must still win.
        await laptop.goOnline()
        await phone.goOnline()
        try await phone.sync()
        try await laptop.sync()
        try await harness.settle()

        #expect(try await harness.divergences() == [])
        for device in harness.devices {
            let note = try #require(try notes(on: device)["groceries"])
            #expect(note.textName == "milk, bread", "\(device.name)")
            #expect(note.modified == Date(timeIntervalSince1970: 300))
        }
    }

    @Test func aNoteWrittenByANewerAppVersionIsRefusedAndKept() async throws {
        let harness = try noteHarness(devices: 1)
        let device = harness[0]
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        var newer = Fixtures.note("from-the-future", text: "v2 text", modified: 50).record()
        newer["version"] = .int64(2)
        newer["title"] = .string("a field version 1 does not know")
        let saved = try await harness.simulator.serverSave([newer])[0]
        try device.store.save(Fixtures.note("mine", text: "v1 text", modified: 10))
        try await device.sync()

        let stored = try device.store.fetchAll(Note.self)
        #expect(stored.models.map(\.recordID.recordName) == ["mine"])
        #expect(stored.undecodable.count == 1)
        guard case let .undecodable(id, _, .newerVersion)? = stored.undecodable.first else {
            Issue.record("expected a newerVersion refusal, got \(stored.undecodable)")
            return
        }
        #expect(id == saved.id)
        let kept = try #require(try device.store.storedState(of: saved.id)?.local)
        #expect(Fixtures.byContents(kept).fields == Fixtures.byContents(saved).fields)
        #expect(await harness.simulator.serverRecord(saved.id) == saved)
        #expect(try await harness.divergences() == [])
    }

    @Test func seedDataCreatedOnTwoDevicesOfflineEndsUpOnceEverywhere() async throws {
        let harness = try noteHarness(devices: 2)
        let seeds = ["welcome", "shopping", "ideas"]
        for (index, device) in harness.devices.enumerated() {
            await device.goOffline()
            // Deterministic record names: the same seed note has the same ID on every device.
            try device.store.save(contentsOf: seeds.map { Fixtures.note("seed-\($0)", text: $0, modified: Double(index)) })
        }
        try await harness.settle()
        #expect(try await harness.divergences() == [])
        #expect(await harness.simulator.serverRecords().map(\.id.recordName) == seeds.map { "seed-\($0)" }.sorted())
        for device in harness.devices {
            let local = try device.store.fetchAll(Note.self).models
            #expect(local.map(\.recordID.recordName).sorted() == seeds.map { "seed-\($0)" }.sorted(), "\(device.name)")
            #expect(local.allSatisfy { $0.modified == Date(timeIntervalSince1970: 1) })
        }
    }
}

/// RecordKitTesting's "Testing Sync" example (its DocC catalog), as written there.
@Suite struct TestingSyncExample {
    let groceries = RecordID(recordName: "groceries", zoneID: RecordZoneID(zoneName: "note-zone"))
    let milk = TestAssetFiles.asset(containing: "milk")
    let eggs = TestAssetFiles.asset(containing: "eggs")
    let bread = TestAssetFiles.asset(containing: "bread")
    let monday = Date(timeIntervalSince1970: 1_700_000_000)
    var tuesday: Date { monday.addingTimeInterval(86_400) }
    var wednesday: Date { monday.addingTimeInterval(2 * 86_400) }

    @Test func theLaterEditWinsOnEveryDevice() async throws {
        let harness = try SyncHarness(devices: 2, models: [Note.self], zones: [RecordZoneID(zoneName: "note-zone")])
        let (phone, laptop) = (harness[0], harness[1])
        try phone.store.save(Note(recordID: groceries, text: milk, modified: monday))
        try await harness.settle()                          // every device online, synced until quiet
        await phone.goOffline()
        try phone.store.save(Note(recordID: groceries, text: eggs, modified: tuesday))
        try laptop.store.save(Note(recordID: groceries, text: bread, modified: wednesday))
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)     // every store equals the server
        let note = try #require(try phone.store.fetch(Note.self, id: groceries))
        #expect(TestAssetFiles.text(of: note.text) == "bread")  // the store's own copy of the later edit's file
    }
}
