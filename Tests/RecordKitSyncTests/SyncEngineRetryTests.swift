import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// Throttling and network failures (backoff on the virtual clock), bounded conflict retries, events.
@Suite struct SyncEngineRetryTests {
    @Test func throttlingWaitsTheServersRetryAfter() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        await harness.simulator.injectFault(.rateLimit(retryAfter: 7), on: [.modifyRecords])
        await harness.simulator.injectFault(.zoneBusy(retryAfter: 2), on: [.modifyRecords])
        await harness.simulator.injectFault(.serviceUnavailable(retryAfter: 30), on: [.modifyRecords])
        try await device.engine.sendChanges()
        #expect(await device.clock.waits == [7, 2, 30])
        #expect(await harness.simulator.serverRecords().count == 1)
    }

    @Test func networkFailuresBackOffExponentially() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        await harness.simulator.injectFault(.failBeforeCommit, on: [.modifyRecords], count: 3)
        try await device.engine.sendChanges()
        #expect(await device.clock.waits == [1, 2, 4])
        #expect(await harness.simulator.serverRecords().count == 1)
    }

    @Test func theSyncFailsPastTheRetriesAndKeepsThePendingChanges() async throws {
        let harness = try noteHarness { $0.maxTransientRetries = 2 }
        let device = harness[0]
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        await harness.simulator.injectFault(.rateLimit(retryAfter: 5), on: [.modifyRecords], count: 3)
        await #expect(throws: SyncError.cloud(.requestRateLimited(retryAfter: 5))) { try await device.engine.sendChanges() }
        #expect(await device.clock.waits == [5, 5])
        #expect(try device.store.pendingCount() == 1)
        try await device.engine.sendChanges()
        #expect(try device.store.pendingCount() == 0)
    }

    @Test func anOfflineDeviceQueuesAndSendsWhenOnline() async throws {
        let harness = try noteHarness { $0.maxTransientRetries = 0 }
        let device = harness[0]
        await device.goOffline()
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        await #expect(throws: SyncError.cloud(.networkUnavailable)) { try await device.sync() }
        await device.goOnline()
        try await device.sync()
        #expect(await harness.simulator.serverRecords().count == 1)
    }

    @Test func aConflictIsMergedOnTheServersRecordAndReported() async throws {
        let harness = try noteHarness(devices: 2)
        let (first, second) = (harness[0], harness[1])
        try first.store.save(Fixtures.note("n1", text: "base", modified: 1))
        try await harness.syncAll()
        try first.store.save(Fixtures.note("n1", text: "first", modified: 5))
        try await first.sync()
        // The second device edits from the old copy; its send meets serverRecordChanged.
        var edited = try #require(try notes(on: second)["n1"])
        edited.text = Fixtures.text("second")
        edited.modified = Date(timeIntervalSince1970: 9)
        try second.store.save(edited)
        try await second.engine.sendChanges()
        #expect(second.events.merged.map(\.recordName) == ["n1"])
        let server = try #require(await harness.simulator.serverRecord(edited.recordID))
        #expect(try Note(record: server).textName == "second")
    }

    @Test func conflictsAreRetriedABoundedNumberOfTimes() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(Fixtures.note("n1", text: "base", modified: 1))
        try await device.sync()
        try device.store.save(Fixtures.note("n1", text: "device", modified: 2))
        // Another writer saves the record (with an older clock) before every one of this device's requests.
        let meddler = Meddler(simulator: harness.simulator, id: Fixtures.id("n1"))
        var configuration = SyncConfiguration(zones: [Fixtures.zone]) { device.events.record($0) }
        configuration.maxConflictRetries = 2
        let engine = SyncEngine(store: device.store, database: meddler, configuration: configuration, clock: VirtualClock())
        try await engine.sendChanges()
        #expect(device.events.merged.count == 2)
        let failures = device.events.failures
        #expect(failures.map(\.0.recordName) == ["n1"])
        guard case .serverRecordChanged? = failures.first?.1 else { Issue.record("expected a conflict failure"); return }
        #expect(try device.store.pendingCount() == 1)
    }
}

/// A database where another writer saves one record before each modify request.
actor Meddler: SimulatorPassThrough {
    let simulator: CloudKitSimulator
    let id: RecordID
    var edits = 0

    init(simulator: CloudKitSimulator, id: RecordID) {
        self.simulator = simulator
        self.id = id
    }

    func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        edits += 1
        try await simulator.serverSave([Fixtures.note(id.recordName, text: "meddler \(edits)", modified: 1 + Double(edits) / 1000).record()])
        return try await simulator.modifyRecords(request)
    }
}
