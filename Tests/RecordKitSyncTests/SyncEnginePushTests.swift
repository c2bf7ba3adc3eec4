import Foundation
import GRDB
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The engine saves its database subscription once and fetches on its pushes: pushes alone make devices
/// converge, a launch or foreground fetch covers the lost ones, and a burst makes one or two fetches.
@Suite struct SyncEnginePushTests {
    private static let subscriptionID = "recordkit-changes"

    private func pushHarness(devices: Int = 2) throws -> SyncHarness {
        try noteHarness(devices: devices) { $0.databaseSubscriptionID = Self.subscriptionID }
    }

    private func subscriptionsSaved(_ device: SimulatedDevice) -> Int {
        device.events.events.filter { if case .subscriptionSaved = $0 { true } else { false } }.count
    }

    @Test func theSubscriptionIsSavedOnceAndRemembered() async throws {
        let harness = try pushHarness(devices: 1)
        let device = harness[0]
        try await device.sync()
        try await device.sync()
        try await device.engine.fetchChanges()
        #expect(try await harness.simulator.fetchAllSubscriptions() == [Subscription(id: Self.subscriptionID, kind: .database)])
        #expect(await harness.simulator.requestCounts[.modifySubscriptions] == 1)
        #expect(subscriptionsSaved(device) == 1)
    }

    @Test func withoutASubscriptionIDNothingIsSaved() async throws {
        let harness = try noteHarness(devices: 1)
        try await harness[0].sync()
        #expect(await harness.simulator.requestCounts[.modifySubscriptions] == nil)
    }

    @Test func theSubscriptionIsSavedAgainAfterTheUserDeletesTheZone() async throws {
        let harness = try pushHarness(devices: 1)
        let device = harness[0]
        try device.store.save(Fixtures.note("a", text: "x", modified: 1))
        try await device.sync()
        #expect(await harness.simulator.zoneIDs.contains(Fixtures.zone))
        // The user deletes the app's data in Settings; the subscription goes with it.
        await harness.simulator.serverUserDeletesZone(Fixtures.zone)
        _ = try await harness.simulator.modifySubscriptions(saving: [], deleting: [Self.subscriptionID])
        try await device.sync()
        #expect(try await harness.simulator.fetchAllSubscriptions().map(\.id) == [Self.subscriptionID])
        #expect(subscriptionsSaved(device) == 2)
    }

    @Test func theSubscriptionIsSavedAgainAfterAnAccountChange() async throws {
        let harness = try pushHarness(devices: 1)
        let device = harness[0]
        try await device.sync()
        try device.store.deleteAllData()
        try await device.sync()
        #expect(subscriptionsSaved(device) == 2)
    }

    @Test func aPushOfAnotherSubscriptionOrDatabaseIsIgnored() async throws {
        let harness = try pushHarness(devices: 1)
        let engine = harness[0].engine
        let before = await harness.simulator.requestCount
        #expect(try await engine.handle(notification: CloudNotification(kind: .database(zoneID: Fixtures.zone), subscriptionID: "someone-else")) == .ignored)
        #expect(try await engine.handle(notification: CloudNotification(kind: .unspecified)) == .ignored)
        #expect(try await engine.handle(notification: CloudNotification(
            kind: .database(zoneID: Fixtures.zone), subscriptionID: Self.subscriptionID, databaseScope: .shared)) == .ignored)
        #expect(await harness.simulator.requestCount == before)
    }

    @Test func twoDevicesConvergeByPushesAlone() async throws {
        let harness = try pushHarness()
        let (phone, laptop) = (harness[0], harness[1])
        // Launch: each device subscribes.
        try await harness.syncAll()
        for (index, text) in ["milk", "eggs", "bread"].enumerated() {
            try phone.store.save(Fixtures.note("note-\(index)", text: text, modified: Double(index)))
            try await phone.engine.sendChanges()
            #expect(try await laptop.receivePushes() == [.fetched])
        }
        _ = try phone.store.delete(Note.self, id: Fixtures.id("note-0"))
        try await phone.engine.sendChanges()
        try await laptop.receivePushes()
        // The phone made the changes: it got no push for them.
        #expect(try await phone.receivePushes() == [])
        #expect(try notes(on: laptop).mapValues(\.textName) == ["note-1": "eggs", "note-2": "bread"])
        #expect(try await harness.divergences() == [])
    }

    @Test func aPushForAKnownZoneFetchesOnlyThatZone() async throws {
        let harness = try pushHarness()
        try harness[0].store.save(Fixtures.note("first", text: "x", modified: 1))
        try await harness.syncAll()
        try await harness.syncAll()
        let before = await harness.simulator.requestCounts[.fetchDatabaseChanges]
        try await harness.simulator.serverSave([Fixtures.note("a", text: "x", modified: 1).record()])
        #expect(try await harness[1].receivePushes() == [.fetched])
        #expect(await harness.simulator.requestCounts[.fetchDatabaseChanges] == before)
        #expect(try notes(on: harness[1])["a"] != nil)
    }

    @Test func aPushForAZoneTheStoreDoesNotKnowFetchesTheDatabaseChangesFirst() async throws {
        let harness = try pushHarness()
        try await harness.syncAll()
        let newZone = RecordZoneID(zoneName: "shared-notes")
        _ = await harness.simulator.serverCreateZone(newZone)
        var record = Fixtures.note("a", text: "x", modified: 1).record()
        record.id = RecordID(recordName: "a", zoneID: newZone)
        try await harness.simulator.serverSave([record])
        let before = await harness.simulator.requestCounts[.fetchDatabaseChanges] ?? 0

        let pushes = try await harness[1].receivePushes()
        #expect(pushes.contains(.fetched))
        #expect(await harness.simulator.requestCounts[.fetchDatabaseChanges] ?? 0 > before)
        #expect(try harness[1].store.storedState(of: record.id)?.server != nil)
    }

    @Test func devicesConvergeWhenPushesAreDroppedCoalescedOrDuplicatedAndAForegroundFetchCoversTheGaps() async throws {
        let harness = try pushHarness()
        let (phone, laptop) = (harness[0], harness[1])
        try await harness.syncAll()
        let faults: [PushFault?] = [.drop, nil, .duplicate, .drop, .coalesce, .delay, nil, .drop, .duplicate, .coalesce]
        for (index, fault) in faults.enumerated() {
            if let fault { await harness.simulator.injectPushFault(fault) }
            try phone.store.save(Fixtures.note("note-\(index)", text: "t\(index)", modified: Double(index)))
            try await phone.engine.sendChanges()
            // Pushes arrive in pairs: some coalesce with the one before.
            if index.isMultiple(of: 2) == false { try await laptop.receivePushes() }
        }
        try await laptop.receivePushes()
        // Back to the foreground: the fetch covers whatever the lost pushes left out.
        try await laptop.engine.fetchChanges()
        await harness.simulator.releaseHeldPushes()
        #expect(try await laptop.receivePushes() == [.fetched])
        #expect(try notes(on: laptop).count == faults.count)
        #expect(try await harness.divergences() == [])
    }

    @Test func aDroppedLastPushLeavesAGapThatTheForegroundFetchCloses() async throws {
        let harness = try pushHarness()
        let (phone, laptop) = (harness[0], harness[1])
        try await harness.syncAll()
        try phone.store.save(Fixtures.note("first", text: "a", modified: 1))
        try await phone.engine.sendChanges()
        try await laptop.receivePushes()
        await harness.simulator.injectPushFault(.drop)
        try phone.store.save(Fixtures.note("second", text: "b", modified: 2))
        try await phone.engine.sendChanges()
        #expect(try await laptop.receivePushes() == [])
        #expect(try notes(on: laptop).keys.sorted() == ["first"])
        // Back to the foreground.
        try await laptop.engine.fetchChanges()
        #expect(try notes(on: laptop).keys.sorted() == ["first", "second"])
        #expect(try await harness.divergences() == [])
    }

    @Test func aPushThatArrivesBeforeItsChangeIsCoveredByTheNextFetch() async throws {
        let harness = try pushHarness()
        let (phone, laptop) = (harness[0], harness[1])
        try await harness.syncAll()
        await harness.simulator.injectPushFault(.beforeVisible)
        try phone.store.save(Fixtures.note("early", text: "a", modified: 1))
        try await phone.engine.sendChanges()
        #expect(try await laptop.receivePushes() == [.fetched])
        #expect(try notes(on: laptop)["early"] == nil)
        // The change becomes visible; the next fetch (the next push's, or the foreground's) brings it.
        await harness.simulator.releaseHiddenChanges()
        try await laptop.engine.fetchChanges()
        #expect(try notes(on: laptop)["early"]?.textName == "a")
        #expect(try await harness.divergences() == [])
    }

    @Test func aBurstOfAThousandPushesMakesAtMostTwoFetches() async throws {
        let simulator = try await simulatorWithNoteZone()
        // One page per fetch, so that requests count fetches.
        await simulator.setChangesPageSize(1000)
        await simulator.registerForPushes(device: "laptop")
        _ = try await simulator.modifySubscriptions(saving: [Subscription(id: Self.subscriptionID, kind: .database)], deleting: [])
        try await simulator.serverSave((0..<1000).map { Fixtures.note("n\($0)", text: "t", modified: 1).record() })
        let pushes = await simulator.takePushes(for: "laptop")
        #expect(pushes.count == 1000)

        let database = GatedDatabase(simulator: simulator)
        var configuration = SyncConfiguration(zones: [Fixtures.zone])
        configuration.databaseSubscriptionID = Self.subscriptionID
        let store = try RecordStore(database: try DatabaseQueue(), models: [Note.self])
        let engine = SyncEngine(store: store, database: database, configuration: configuration)
        let coalesced = Counter()
        // The first push's fetch is held at the gate until every other push has reached the engine.
        async let results: [PushHandling] = withThrowingTaskGroup(of: PushHandling.self) { group in
            for push in pushes {
                group.addTask {
                    let handling = try await engine.handle(notification: push)
                    if handling == .coalesced { await coalesced.increment() }
                    return handling
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Bounded: an engine that does not coalesce never gets there, and the checks below fail instead of hanging.
        var spins = 0
        while await coalesced.value < pushes.count - 2, spins < 200_000 {
            spins += 1
            await _Concurrency.Task.yield()
        }
        await database.gate.open()
        let handled = try await results

        #expect(handled.filter { $0 == .fetched }.count == 2)
        #expect(await database.zoneFetches == 2)
        #expect(try store.fetchAll(Note.self).models.count == 1000)
    }
}

/// Counts, across tasks.
private actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

/// A gate that holds callers until opened.
private actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func pass() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}

/// The simulator behind a gate for zone fetches, counting them.
private actor GatedDatabase: SimulatorPassThrough {
    nonisolated let simulator: CloudKitSimulator
    let gate = Gate()
    private(set) var zoneFetches = 0

    init(simulator: CloudKitSimulator) {
        self.simulator = simulator
    }

    func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        zoneFetches += 1
        await gate.pass()
        return try await simulator.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit)
    }
}
