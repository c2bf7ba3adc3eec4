import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// Seeded random scenarios for the engine of the shared database (issue 29): a participant's device syncs its
/// private database and, over the same store, a shared database holding one zone they may write and one they may
/// only read (a ``PermissionGate`` refuses every write there, as CloudKit refuses a read-only participant's), while
/// the owner edits, the owner deletes the writable zone, and faults hit both databases; then a quiet settle.
/// Checked: no refused write ever reaches the server; nothing is retried forever (nothing pending after the
/// settle, and one more sync sends nothing); no record crosses between the databases; the participant holds
/// what the server holds of every zone still shared, and nothing synced of a zone they lost.
///
/// `SHARED_PROPERTY_SCENARIOS=n` sets the number of scenarios (default 40), `SHARED_PROPERTY_FIRST=k` skips the
/// first k; `SHARED_PROPERTY_SEED=s` replays one.
@Suite struct SharedScopePropertyTests {
    @Test func refusedWritesNeverReachTheServerAndAreNeverRetried() async throws {
        let seeds = PropertyTestSeeds.from(environmentPrefix: "SHARED_PROPERTY", count: 40, offset: 29)
        var refused = 0, lost = 0, failures = 0
        let start = Date()
        for seed in seeds {
            var scenario = try await SharedScopeScenario(seed: seed)
            let problems = try await scenario.run()
            refused += scenario.refusedWrites
            lost += scenario.ownerDeletedWritable ? 1 : 0
            if !problems.isEmpty {
                failures += 1
                PropertyTestSeeds.recordFailure(
                    "shared", seed: seed, problems: problems,
                    replay: "SHARED_PROPERTY_SEED=\(seed) swift test --filter SharedScopePropertyTests")
            }
        }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        print("shared scope property test: \(seeds.count) scenarios, \(refused) writes refused, \(lost) zones lost, \(failures) failures, \(seconds) s")
        // The scenarios exercise the rule: read-only writes were made and refused.
        #expect(refused > 0)
    }
}

/// One scenario of ``SharedScopePropertyTests``.
struct SharedScopeScenario {
    static let writable = RecordZoneID(zoneName: "writable", ownerName: "_alice")
    static let readOnly = RecordZoneID(zoneName: "read-only", ownerName: "_bob")
    static let faults = RandomFaults(probability: 0.15)

    let harness: SyncHarness
    let shared: CloudKitSimulator
    let gate: PermissionGate
    let sharedEngine: SyncEngine
    let policy: SharedZoneLossPolicy
    var random: SeededGenerator
    var steps = 0
    var ownerDeletedWritable = false
    /// Whether the participant's store had learned the writable zone when the owner deleted it.
    var writableKnownAtDeletion = false
    /// The records the owner created in the read-only zone: the only IDs it may ever hold.
    var ownerCreated: Set<RecordID> = []

    var device: SimulatedDevice { harness[0] }
    var refusedWrites: Int { gate.refusedCount() }

    init(seed: UInt64) async throws {
        random = SeededGenerator(seed: seed)
        harness = try noteHarness(seed: seed)
        shared = CloudKitSimulator(scope: .shared, seed: seed &+ 1)
        gate = PermissionGate(simulator: shared, readOnly: [Self.readOnly])
        policy = seed % 2 == 0 ? .deleteRecords : .keepLocalCopy
        var configuration = SyncConfiguration(zones: [])
        configuration.onSharedZoneLost = policy
        sharedEngine = SyncEngine(store: harness[0].store, database: gate, configuration: configuration, clock: VirtualClock())
        for zone in [Self.writable, Self.readOnly] {
            _ = await shared.serverCreateZone(zone)
            let notes = (0..<3).map { Self.note("o\($0)", in: zone, text: "owner", modified: 1) }
            _ = try await shared.serverSave(notes.map { $0.record() })
            if zone == Self.readOnly { ownerCreated.formUnion(notes.map(\.recordID)) }
        }
    }

    static func note(_ name: String, in zone: RecordZoneID, text: String, modified: TimeInterval) -> Note {
        Note(
            recordID: RecordID(recordName: name, zoneID: zone), text: TestAssetFiles.asset(containing: text),
            modified: Date(timeIntervalSince1970: modified))
    }

    mutating func run() async throws -> [String] {
        await shared.setRandomFaults(Self.faults)
        await harness.simulator.setRandomFaults(Self.faults)
        for _ in 0..<30 { try await step() }
        await shared.setRandomFaults(nil)
        await harness.simulator.setRandomFaults(nil)
        for _ in 0..<2 {
            try await sharedEngine.sync()
            try await device.sync()
        }
        return try await check()
    }

    private mutating func step() async throws {
        steps += 1
        let store = device.store
        let stamp = TimeInterval(10 + steps)
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1:
            // The participant edits or creates a note in a zone still shared with them.
            guard let zone = try liveSharedZones().randomElement(using: &random) else { return }
            let name = Bool.random(using: &random) ? "o\(Int.random(in: 0..<3, using: &random))" : "p\(steps)"
            try store.save(Self.note(name, in: zone, text: "participant \(steps)", modified: stamp))
        case 2:
            guard let zone = try liveSharedZones().randomElement(using: &random),
                let note = try store.fetchAll(Note.self, inZone: zone).models.randomElement(using: &random)
            else { return }
            try store.delete(Note.self, id: note.recordID)
        case 3:
            try store.save(Fixtures.note("m\(Int.random(in: 0..<4, using: &random))", text: "private \(steps)", modified: stamp))
        case 4:
            // The owner edits or adds a note.
            let zone = Bool.random(using: &random) ? Self.readOnly : Self.writable
            if zone == Self.writable && ownerDeletedWritable { return }
            let note = Self.note("o\(Int.random(in: 0..<4, using: &random))", in: zone, text: "owner \(steps)", modified: stamp)
            _ = try await shared.serverSave([note.record()])
            if zone == Self.readOnly { ownerCreated.insert(note.recordID) }
        case 5:
            // Rarely, the owner deletes the writable zone: the participant loses it.
            guard !ownerDeletedWritable, Int.random(in: 0..<4, using: &random) == 0 else { return }
            writableKnownAtDeletion = try device.store.zone(Self.writable) != nil
            // The owner's own request, free of the participant's faults.
            await shared.setRandomFaults(nil)
            _ = try await shared.deleteZones([Self.writable], from: nil)
            await shared.setRandomFaults(Self.faults)
            ownerDeletedWritable = true
        case 6, 7:
            _ = await attempt { try await sharedEngine.sync() }
        default:
            _ = await attempt { try await device.sync() }
        }
    }

    /// The shared zones the store syncs, for the participant's edits (an app shows only those).
    private func liveSharedZones() throws -> [RecordZoneID] {
        try device.store.zones().filter { $0.scope == .shared && !$0.isLocalCopy && $0.exists }.map(\.id)
    }

    private func attempt(_ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            return true
        } catch {
            return false
        }
    }

    private func check() async throws -> [String] {
        var problems: [String] = []
        let store = device.store
        let readOnlyOnServer = await shared.serverRecords(inZone: Self.readOnly)
        for record in readOnlyOnServer {
            let text = try Note(record: record).textName
            if text.hasPrefix("participant") { problems.append("a refused write reached the server: \(record.id) holds '\(text)'") }
            if !ownerCreated.contains(record.id) { problems.append("a record the participant created reached the read-only zone: \(record.id)") }
        }
        let pending = try store.pendingItems()
        if !pending.isEmpty { problems.append("still pending after the settle: \(pending.map(\.id))") }
        let requests = gate.modifyCount()
        try await sharedEngine.sync()
        if gate.modifyCount() != requests { problems.append("a sync after the settle sent \(gate.modifyCount() - requests) requests") }
        // No record crosses between the databases.
        for record in await harness.simulator.serverRecords() where record.id.zoneID != Fixtures.zone {
            problems.append("the private database holds \(record.id)")
        }
        for record in await shared.serverRecords() where record.id.zoneID == Fixtures.zone {
            problems.append("the shared database holds \(record.id)")
        }
        // The participant holds what the server holds of each zone still shared, and nothing synced of one lost.
        var zones = [Self.readOnly]
        if ownerDeletedWritable {
            let zone = try store.zone(Self.writable)
            switch policy {
            case .deleteRecords:
                let left = try store.fetchAll(Note.self, inZone: Self.writable).models
                // The row may stay, marked lost (it refuses local writes), and nothing else of the zone.
                if !left.isEmpty || (zone != nil && zone?.isLost != true) {
                    problems.append("the lost zone left \(left.count) records and its row \(String(describing: zone))")
                }
            case .keepLocalCopy:
                if (zone?.isLocalCopy == true) != writableKnownAtDeletion { problems.append("the lost zone is not kept as a local copy: \(String(describing: zone))") }
            }
        } else {
            zones.append(Self.writable)
        }
        for zone in zones {
            let server = Dictionary(uniqueKeysWithValues: try await shared.serverRecords(inZone: zone).map { ($0.id, try Note(record: $0).textName) })
            let local = Dictionary(uniqueKeysWithValues: try store.fetchAll(Note.self, inZone: zone).models.map { ($0.recordID, $0.textName) })
            if server != local { problems.append("zone \(zone.zoneName): the participant holds \(local), the server \(server)") }
        }
        return problems
    }
}

/// A shared database in front of a simulator whose writes in `readOnly` zones are refused item by item with
/// `permissionFailure`, as CloudKit refuses a read-only participant's; the others go to the simulator.
/// https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/readonly
final class PermissionGate: SimulatorPassThrough, @unchecked Sendable {
    let simulator: CloudKitSimulator
    let readOnly: Set<RecordZoneID>
    // The lock guards the counters.
    private let lock = NSLock()
    private var refused = 0
    private var modifies = 0

    init(simulator: CloudKitSimulator, readOnly: Set<RecordZoneID>) {
        self.simulator = simulator
        self.readOnly = readOnly
    }

    var scope: DatabaseScope { .shared }

    func refusedCount() -> Int { lock.withLock { refused } }
    func modifyCount() -> Int { lock.withLock { modifies } }

    func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        lock.withLock { modifies += 1 }
        let allowed = ModifyRecordsRequest(
            saves: request.saves.filter { !readOnly.contains($0.record.id.zoneID) },
            deletes: request.deletes.filter { !readOnly.contains($0.zoneID) }, savePolicy: request.savePolicy, atomic: request.atomic)
        let passed = allowed.itemCount > 0 ? try await simulator.modifyRecords(allowed) : ModifyRecordsResult()
        let error = CloudError.permissionFailure("ACCESS_DENIED: read-only participant")
        var saves = passed.saves.makeIterator(), deletes = passed.deletes.makeIterator()
        var result = ModifyRecordsResult()
        for save in request.saves {
            if readOnly.contains(save.record.id.zoneID) {
                lock.withLock { refused += 1 }
                result.saves.append(RecordItemResult(id: save.record.id, result: .failure(error)))
            } else if let outcome = saves.next() {
                result.saves.append(outcome)
            }
        }
        for id in request.deletes {
            if readOnly.contains(id.zoneID) {
                lock.withLock { refused += 1 }
                result.deletes.append(RecordDeleteResult(id: id, error: error))
            } else if let outcome = deletes.next() {
                result.deletes.append(outcome)
            }
        }
        return result
    }

    func modifySubscriptions(saving: [Subscription], deleting: [String]) async throws(CloudError) -> SubscriptionModifyResult {
        try await simulator.modifySubscriptions(saving: saving, deleting: deleting)
    }

    func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        try await simulator.fetchAllSubscriptions()
    }
}
