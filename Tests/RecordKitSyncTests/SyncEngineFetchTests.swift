import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// Fetching: pages and tokens, expired tokens, zones deleted by another device or by the user.
@Suite struct SyncEngineFetchTests {
    /// A harness whose server holds `count` notes written by another device.
    func serverWithNotes(_ count: Int, configure: (inout SyncConfiguration) -> Void = { _ in }) async throws -> SyncHarness {
        let harness = try noteHarness(configure: configure)
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        try await harness.simulator.serverSave((0..<count).map { Fixtures.note(String(format: "s%04d", $0), text: "server", modified: 1).record() })
        return harness
    }

    @Test func changesArriveInPagesEachStoredWithItsToken() async throws {
        let harness = try await serverWithNotes(1000)
        await harness.simulator.setChangesPageSize(300)
        let device = harness[0]
        try await device.engine.fetchChanges()
        #expect(device.events.fetchedPages == [300, 300, 300, 100])
        #expect(try device.store.fetchAll(Note.self).models.count == 1000)
        #expect(try device.store.zone(Fixtures.zone)?.token != nil)
        device.events.removeAll()
        try await device.engine.fetchChanges()
        #expect(device.events.fetchedPages == [0])
    }

    @Test func aFetchCutShortKeepsThePagesStoredAndResumesFromTheirToken() async throws {
        let harness = try await serverWithNotes(1000)
        await harness.simulator.setChangesPageSize(300)
        let device = harness[0]
        // Two pages arrive, then the zone feed stays throttled past the retries.
        await #expect(throws: SyncError.cloud(.requestRateLimited(retryAfter: 1))) {
            try await fetchPages(device, simulator: harness.simulator, pagesBeforeFault: 2)
        }
        #expect(try device.store.fetchAll(Note.self).models.count == 600)
        let token = try #require(try device.store.zone(Fixtures.zone)?.token)
        device.events.removeAll()
        try await device.engine.fetchChanges()
        #expect(device.events.fetchedPages == [300, 100])
        #expect(try device.store.zone(Fixtures.zone)?.token != token)
        #expect(try device.store.fetchAll(Note.self).models.count == 1000)
    }

    /// Runs a fetch whose zone feed fails for good after `pagesBeforeFault` pages.
    private func fetchPages(_ device: SimulatedDevice, simulator: CloudKitSimulator, pagesBeforeFault: Int) async throws {
        let gate = PageGate(simulator: simulator, pagesBeforeFault: pagesBeforeFault)
        let engine = SyncEngine(
            store: device.store, database: gate, configuration: SyncConfiguration(zones: [Fixtures.zone]) { device.events.record($0) },
            clock: VirtualClock())
        try await engine.fetchChanges()
    }

    @Test func anExpiredTokenRefetchesEverythingAndKeepsPendingEdits() async throws {
        let harness = try await serverWithNotes(5)
        let device = harness[0]
        try await device.sync()
        let simulator = harness.simulator
        try await simulator.serverModify(ModifyRecordsRequest(deletes: [Fixtures.id("s0000")]))
            .throwingPartialFailure()
        try await simulator.serverSave([Fixtures.note("s9999", text: "later", modified: 3).record()])
        var edited = try #require(try notes(on: device)["s0001"])
        edited.text = Fixtures.text("local edit")
        edited.modified = Date(timeIntervalSince1970: 10)
        try device.store.save(edited)
        await simulator.serverExpireChangeTokens()
        try await device.sync()
        #expect(device.events.events.contains(.zoneReset(Fixtures.zone, reason: .changeTokenExpired)))
        let local = try notes(on: device)
        #expect(local.keys.sorted() == ["s0001", "s0002", "s0003", "s0004", "s9999"])
        #expect(local["s0001"]?.textName == "local edit")
        let server = try #require(await simulator.serverRecord(edited.recordID))
        #expect(try Note(record: server).textName == "local edit")
        #expect(try await harness.divergences() == [])
    }

    @Test func aZoneDeletedByAnotherDeviceTakesItsLocalDataAlong() async throws {
        let harness = try await serverWithNotes(3)
        let device = harness[0]
        try await device.sync()
        _ = try await harness.simulator.deleteZones([Fixtures.zone])
        try await device.sync()
        #expect(device.events.events.contains(.zoneReset(Fixtures.zone, reason: .deleted)))
        #expect(try device.store.fetchAll(Note.self).models.isEmpty)
    }

    @Test func aZoneTheUserDeletedDropsLocalDataByDefaultAndLaterEditsSync() async throws {
        let harness = try await serverWithNotes(3)
        let device = harness[0]
        try await device.sync()
        await harness.simulator.serverUserDeletesZone(Fixtures.zone)
        try await device.sync()
        #expect(device.events.events.contains(.zoneReset(Fixtures.zone, reason: .userDeletedZone)))
        #expect(try device.store.fetchAll(Note.self).models.isEmpty)
        try device.store.save(Fixtures.note("after", text: "t", modified: 5))
        try await device.sync()
        #expect(await harness.simulator.serverRecords().map(\.id.recordName) == ["after"])
    }

    @Test func aZoneTheUserDeletedIsUploadedAgainWhenTheAppSaysSo() async throws {
        let harness = try await serverWithNotes(3) { $0.onUserDeletedZone = .uploadAgain }
        let device = harness[0]
        try await device.sync()
        await harness.simulator.serverUserDeletesZone(Fixtures.zone)
        // The send meets userDeletedZone before any fetch tells the device.
        try device.store.save(Fixtures.note("s0000", text: "edited", modified: 5))
        try await device.engine.sendChanges()
        try await device.sync()
        let server = await harness.simulator.serverRecords()
        #expect(server.map(\.id.recordName) == ["s0000", "s0001", "s0002"])
        #expect(try Note(record: server[0]).textName == "edited")
        #expect(try await harness.divergences() == [])
    }

    @Test func anEncryptedDataResetUploadsLocalDataAgainByDefault() async throws {
        let harness = try await serverWithNotes(3)
        let device = harness[0]
        try await device.sync()
        await harness.simulator.serverResetEncryptedData()
        try await device.sync()
        #expect(device.events.events.contains(.zoneReset(Fixtures.zone, reason: .encryptedDataReset)))
        #expect(await harness.simulator.serverRecords().count == 3)
        #expect(try await harness.divergences() == [])
    }
}

/// Passes requests to the simulator, but fails every zone fetch after the first few pages with a throttle.
actor PageGate: SimulatorPassThrough {
    let simulator: CloudKitSimulator
    var pagesLeft: Int

    init(simulator: CloudKitSimulator, pagesBeforeFault: Int) {
        self.simulator = simulator
        pagesLeft = pagesBeforeFault
    }

    func fetchZoneChanges(_ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?) async throws(CloudError) -> ZoneChangesPage {
        guard pagesLeft > 0 else { throw .requestRateLimited(retryAfter: 1) }
        pagesLeft -= 1
        return try await simulator.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit)
    }
}
