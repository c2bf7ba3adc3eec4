import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// Model-based property test: seeded random scenarios of 3 devices saving, editing, deleting, syncing, going
/// offline, under injected faults, then a quiet full sync. Every device must agree with the server; no
/// acknowledged edit may be lost except where the merge (last writer wins) or a delete chose otherwise; no
/// record may come back after a delete that won.
///
/// `SYNC_PROPERTY_SCENARIOS=n` sets the number of scenarios (default 300); `SYNC_PROPERTY_SEED=s` replays one
/// seed and prints its steps. Tools/sync-property-test.sh runs 10,000.
@Suite struct SyncPropertyTests {
    @Test func randomScenariosConverge() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let seed = environment["SYNC_PROPERTY_SEED"].flatMap(UInt64.init) {
            seeds = [seed]
        } else {
            let count = environment["SYNC_PROPERTY_SCENARIOS"].flatMap(Int.init) ?? 300
            seeds = (0..<UInt64(max(1, count))).map { $0 &* 0x9E37_79B9 &+ 17 }
        }
        let verbose = seeds.count == 1
        let start = Date()
        var faults = 0, failures = 0
        for seed in seeds {
            var scenario = try SyncScenario(seed: seed, verbose: verbose)
            let problems = try await scenario.run()
            faults += scenario.faultsInjected
            if !problems.isEmpty {
                failures += 1
                Issue.record("""
                    sync scenario seed \(seed) failed:
                    \(problems.joined(separator: "\n"))
                    replay: SYNC_PROPERTY_SEED=\(seed) swift test --filter SyncPropertyTests
                    """)
            }
        }
        let seconds = Date().timeIntervalSince(start)
        print("sync property test: \(seeds.count) scenarios, \(faults) faults injected, \(failures) failures, \(String(format: "%.1f", seconds)) s")
    }
}

/// One random scenario and its oracle.
struct SyncScenario {
    static let names = ["a", "b", "c", "d", "e", "f"]

    let seed: UInt64
    let verbose: Bool
    var random: SeededGenerator
    let harness: SyncHarness
    /// The logical clock: every edit's `modified`, and the order of events.
    var clock = 0
    /// Every save of each record: (clock, text).
    var edits: [String: [(clock: Int, text: String)]] = [:]
    /// Every delete of each record: (clock, whether it claims to win: see `step`).
    var deletes: [String: [(clock: Int, unopposed: Bool)]] = [:]
    var faultsInjected = 0

    init(seed: UInt64, verbose: Bool) throws {
        self.seed = seed
        self.verbose = verbose
        random = SeededGenerator(seed: seed)
        harness = try SyncHarness(devices: 3, models: [Note.self], zones: [noteZone], seed: seed) {
            $0.maxTransientRetries = 1
            $0.initialBackoff = 1
        }
    }

    mutating func run() async throws -> [String] {
        let simulator = harness.simulator
        await simulator.setRandomFaults(RandomFaults(
            probability: 0.15,
            faults: [.failBeforeCommit, .loseResponse, .rateLimit(retryAfter: 2), .zoneBusy(retryAfter: 1), .serviceUnavailable(retryAfter: 3)]))
        let steps = 20 + Int(random.next() % 30)
        for _ in 0..<steps { try await step() }
        // Quiet: no faults, default limits, everyone online, sync until settled.
        faultsInjected = await simulator.injectedFaults.count
        await simulator.clearFaults()
        await simulator.setLimits(items: CloudLimits.maximumItemsPerRequest)
        do {
            try await harness.settle(maxRounds: 8)
        } catch {
            return ["the quiet sync failed: \(error)"]
        }
        return try await check()
    }

    private mutating func step() async throws {
        let index = Int(random.next() % 3)
        let device = harness[index]
        let name = Self.names[Int(random.next() % UInt64(Self.names.count))]
        let id = RecordID(recordName: name, zoneID: noteZone)
        switch random.next() % 100 {
        case 0..<35:
            clock += 1
            let text = "d\(index)-\(clock)"
            try device.store.save(makeNote(name, text: text, modified: Double(clock)))
            edits[name, default: []].append((clock, text))
            log("\(device.name) saves \(name) = \(text)")
        case 35..<47:
            guard try device.store.fetch(Note.self, id: id) != nil else { return }
            clock += 1
            // A delete claims to win only over what the device saw on the server, and when no other device
            // holds an unsent save of the record (an unsent edit beats a concurrent delete).
            var unopposed = try device.store.storedState(of: id)?.server != nil
            for other in harness.devices where other !== device {
                if case .save? = try other.store.storedState(of: id)?.pending { unopposed = false }
            }
            try device.store.delete(Note.self, id: id)
            deletes[name, default: []].append((clock, unopposed))
            log("\(device.name) deletes \(name) at \(clock)\(unopposed ? "" : " (not claiming to win)")")
        case 47..<85:
            do {
                try await device.sync()
                log("\(device.name) syncs")
            } catch {
                log("\(device.name) sync fails: \(error)")
            }
        case 85..<94:
            if await device.isOnline {
                await device.goOffline()
                log("\(device.name) goes offline")
            } else {
                await device.goOnline()
                log("\(device.name) goes online")
            }
        case 94..<97:
            await harness.simulator.serverExpireChangeTokens()
            log("the server expires every change token")
        default:
            let limit = 1 + Int(random.next() % 4)
            await harness.simulator.setLimits(items: limit)
            log("the server lowers its item limit to \(limit)")
        }
    }

    private func check() async throws -> [String] {
        if verbose {
            for device in harness.devices {
                for event in device.events.events { log("\(device.name) event: \(event)") }
            }
        }
        var problems = try await harness.divergences()
        let server = await harness.simulator.serverRecords()
        var final: [String: Note] = [:]
        for record in server {
            guard Self.names.contains(record.id.recordName) else {
                problems.append("the server holds \(record.id), which no device created")
                continue
            }
            final[record.id.recordName] = try Note(record: record)
        }
        for name in Self.names {
            let saves = edits[name] ?? []
            let removals = deletes[name] ?? []
            let lastSave = saves.last?.clock ?? 0
            let lastDelete = removals.last
            guard let note = final[name] else {
                if !saves.isEmpty && removals.isEmpty { problems.append("\(name) was saved, never deleted, and is gone") }
                continue
            }
            let clock = Int(note.modified.timeIntervalSince1970)
            guard let edit = saves.first(where: { $0.clock == clock }), edit.text == note.textName else {
                problems.append("\(name) holds \(note.textName) at \(clock), which no single edit wrote")
                continue
            }
            if removals.isEmpty && clock != lastSave {
                problems.append("\(name) holds the edit at \(clock), not the last one at \(lastSave): an acknowledged edit was lost")
            }
            if let lastDelete, lastDelete.unopposed, lastDelete.clock > lastSave {
                problems.append("\(name) came back after its delete at \(lastDelete.clock) won")
            }
        }
        return problems
    }

    private func log(_ line: @autoclosure () -> String) {
        if verbose { print("[seed \(seed)] \(line())") }
    }
}
