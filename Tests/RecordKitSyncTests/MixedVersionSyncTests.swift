import CardsV1
import CardsV2
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The harness with devices on different app versions (the Cards schema at versions 1 and 2, compiled as the
/// CardsV1 and CardsV2 modules): an old app meeting a newer, later edit, under both newer-version gates; the
/// harness comparing records a device cannot decode; a device killed in the middle of a sync.
@Suite struct MixedVersionSyncTests {
    static let zone = RecordZoneID(zoneName: "cards")
    static let card = RecordID(recordName: "card", zoneID: zone)

    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    /// RecordKitTesting's documented old-version case (Testing Sync): an app at schema version 1, which refuses newer cards, edits
    /// the title offline; a version-2 app writes a later title and a new field; the old app syncs. The later edit
    /// wins everywhere, and the new field stays.
    @Test func anOldAppDoesNotOverwriteANewerLaterEdit() async throws {
        let harness = try SyncHarness(deviceModels: [[CardsV1.Card.self], [CardsV2.Card.self]], zones: [Self.zone])
        let (old, new) = (harness[0], harness[1])
        try old.store.save(CardsV1.Card(recordID: Self.card, title: "draft", body: "", color: 0, tags: [], modified: Self.at(1)))
        try await harness.settle()
        await old.goOffline()
        var mine = try #require(try old.store.fetch(CardsV1.Card.self, id: Self.card))
        mine.title = "old title"
        mine.modified = Self.at(2)
        try old.store.save(mine)
        var theirs = try #require(try new.store.fetch(CardsV2.Card.self, id: Self.card))
        theirs.title = "new title"
        theirs.label = "urgent"
        theirs.modified = Self.at(3)
        try new.store.save(theirs)
        try await new.sync()
        try await harness.settle()                        // the old app syncs with its older edit
        #expect(try await harness.divergences().isEmpty)  // every store equals the server, the old one too
        let server = try CardsV2.Card(record: try #require(await harness.simulator.serverRecord(Self.card)))
        #expect(server.title == "new title")
        #expect(server.label == "urgent")
        #expect(server.modified >= Self.at(3))
        #expect(throws: RecordStoreError.self) { try old.store.fetch(CardsV1.Card.self, id: Self.card) }
    }

    /// The same with the other gate: a version-1 app that reads newer memos keeps the later title and the field it
    /// does not know.
    @Test func anOldAppThatPreservesKeepsANewerLaterEdit() async throws {
        let harness = try SyncHarness(deviceModels: [[CardsV1.Memo.self], [CardsV2.Memo.self]], zones: [Self.zone])
        let (old, new) = (harness[0], harness[1])
        try old.store.save(CardsV1.Memo(recordID: Self.card, title: "draft", body: "", color: 0, tags: [], modified: Self.at(1)))
        try await harness.settle()
        await old.goOffline()
        var mine = try #require(try old.store.fetch(CardsV1.Memo.self, id: Self.card))
        mine.title = "old title"
        mine.modified = Self.at(2)
        try old.store.save(mine)
        var theirs = try #require(try new.store.fetch(CardsV2.Memo.self, id: Self.card))
        theirs.title = "new title"
        theirs.label = "urgent"
        theirs.modified = Self.at(3)
        try new.store.save(theirs)
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
        #expect(try old.store.fetch(CardsV1.Memo.self, id: Self.card)?.title == "new title")
        let server = try CardsV2.Memo(record: try #require(await harness.simulator.serverRecord(Self.card)))
        #expect(server.title == "new title")
        #expect(server.label == "urgent")
    }

    /// Field by field across versions: the old app's body (changed only there) and the new app's title and label.
    @Test func fieldsChangedOnOneSideMergeAcrossVersions() async throws {
        let harness = try SyncHarness(deviceModels: [[CardsV1.Memo.self], [CardsV2.Memo.self]], zones: [Self.zone])
        let (old, new) = (harness[0], harness[1])
        try new.store.save(CardsV2.Memo(recordID: Self.card, title: "draft", body: "draft", color: 0, tags: ["a"], modified: Self.at(1)))
        try await harness.settle()
        var mine = try #require(try old.store.fetch(CardsV1.Memo.self, id: Self.card))
        mine.body = "old body"
        mine.tags.append("old")
        mine.modified = Self.at(2)
        try old.store.save(mine)
        var theirs = try #require(try new.store.fetch(CardsV2.Memo.self, id: Self.card))
        theirs.title = "new title"
        theirs.label = "urgent"
        theirs.tags.append("new")
        theirs.modified = Self.at(3)
        try new.store.save(theirs)
        try await new.sync()
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
        let server = try CardsV2.Memo(record: try #require(await harness.simulator.serverRecord(Self.card)))
        #expect(server.body == "old body")
        #expect(server.title == "new title")
        #expect(server.label == "urgent")
        #expect(server.tags == ["a", "new", "old"])
    }

    /// divergences() compares a record a device cannot decode, field by field.
    @Test func divergencesCompareRecordsADeviceCannotDecode() async throws {
        let harness = try SyncHarness(deviceModels: [[CardsV1.Card.self], [CardsV2.Card.self]], zones: [Self.zone])
        #expect(harness.models.count == 2)
        try harness[1].store.save(CardsV2.Card(recordID: Self.card, title: "new", body: "", color: 0, tags: [], modified: Self.at(1)))
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
        #expect(throws: RecordStoreError.self) { try harness[0].store.fetch(CardsV1.Card.self, id: Self.card) }
        // The server's record changes behind the devices' backs.
        var changed = try #require(await harness.simulator.serverRecord(Self.card))
        changed.fields["label"] = .string("changed on the server")
        _ = try await harness.simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(changed)], savePolicy: .allKeys))
        let problems = try await harness.divergences()
        #expect(problems.contains { $0.hasPrefix("device 0 holds record") && $0.contains("changed on the server") })
        #expect(problems.contains { $0.hasPrefix("device 1 holds record") })
    }

    /// A device killed in the middle of a sync keeps what its store committed, and syncs after its relaunch.
    @Test func aDeviceKilledInTheMiddleOfASyncRelaunchesFromItsFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mixed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let harness = try SyncHarness(
            deviceModels: [[CardsV2.Card.self], [CardsV2.Card.self]], zones: [Self.zone], storeDirectory: directory)
        let device = harness[0]
        let oldStore = device.store
        try device.store.save(CardsV2.Card(recordID: Self.card, title: "t", body: "", color: 0, tags: [], modified: Self.at(1)))
        await device.connection.kill(afterRequests: 1)
        await #expect(throws: SyncError.self) { try await device.sync() }
        #expect(await device.connection.isDead)
        try await device.relaunch()
        #expect(device.store !== oldStore)
        #expect(try device.store.pendingCount() == 1)
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
        #expect(try harness[1].store.fetch(CardsV2.Card.self, id: Self.card)?.title == "t")
    }

    /// A device whose store is in memory cannot be relaunched: it says so.
    @Test func aDeviceInMemoryRefusesARelaunch() async throws {
        let harness = try SyncHarness(deviceModels: [[CardsV1.Card.self]], zones: [Self.zone])
        await #expect(throws: SimulatedDeviceError.storeInMemory(device: "device 0")) { try await harness[0].relaunch() }
    }
}
