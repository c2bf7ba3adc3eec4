import CardsV1
import CardsV2
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting

/// One seeded random scenario of the sync property test: three devices on mixed app versions (device 0 on the
/// Cards schema v1, device 1 on v2, device 2 on either) edit random subsets of fields of cards (an old app refuses
/// a newer card) and memos (an old app keeps a newer memo's unknown fields), sync, go offline, are killed in the
/// middle of a sync and relaunched from their store files, while the server expires tokens, loses the zone to
/// another device's app, holds a record no store can keep, throttles, lowers its limits and loses responses;
/// devices save records too big to send and records whose ID another device holds with another type, and delete
/// records. Then a
/// quiet settle, and the oracle (``SyncOracle``) checks every field of every record on every device, and the
/// harness that every device equals the server.
struct SyncScenario {
    /// The kinds of scenario step that exercise one rule each, which `SYNC_PROPERTY_WITHOUT` (a comma-separated
    /// list of raw values) leaves out, to tell which rule a failing seed breaks.
    enum Kind: String, CaseIterable, Sendable {
        /// A device creates the zone (else the server has it from the start).
        case zoneCreation
        /// The server expires change tokens.
        case tokenExpiry
        /// Another device's app deletes the zone while tokens expire.
        case zoneDeletion
        /// Device 0 (and device 2 on some seeds) run schema v1 (else every device runs v2).
        case oldApps
        /// Records too big for any request.
        case oversize
        /// Records on the server no store can keep.
        case unstorable
        /// A record created under an ID another device holds with another type.
        case typeClash
        /// Devices killed in the middle of a sync.
        case kills
        /// The app deletes records.
        case deletes

        /// The kinds the environment leaves out.
        static var leftOut: Set<Kind> { PropertyTestSeeds.leftOut(environmentPrefix: "SYNC_PROPERTY") }
    }

    static let zoneID = RecordZoneID(zoneName: "cards")
    /// The bytes per request the server takes and the engines fill, lower than CloudKit's 2 MB so that a record
    /// too big for any request stays cheap to write again and again; the rule is the same.
    static let byteLimit = 256 * 1024
    static let names = ["c0", "c1", "m0", "m1"]

    let seed: UInt64
    let verbose: Bool
    var random: SeededGenerator
    let harness: SyncHarness
    let directory: URL
    var oracle: SyncOracle
    let versions: [OracleAppVersion]
    /// The logical clock: every edit's `modified`.
    var clock = 0
    var faultsInjected = 0
    let kinds: Set<Kind>

    init(seed: UInt64, verbose: Bool, leavingOut leftOut: Set<Kind> = []) throws {
        self.seed = seed
        self.verbose = verbose
        kinds = Set(Kind.allCases).subtracting(leftOut)
        var random = SeededGenerator(seed: seed)
        let oldApps = !leftOut.contains(.oldApps)
        let versions: [OracleAppVersion] = [oldApps ? .v1 : .v2, .v2, oldApps && random.next() % 2 == 0 ? .v1 : .v2]
        self.random = random
        self.versions = versions
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sync-property-\(seed)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        harness = try SyncHarness(
            deviceModels: versions.map(Self.models), zones: [Self.zoneID], seed: seed, storeDirectory: directory
        ) {
            $0.maxTransientRetries = 1
            $0.initialBackoff = 1
            $0.maxBytesPerRequest = Self.byteLimit
        }
        oracle = SyncOracle(zoneID: Self.zoneID, versions: versions)
    }

    static func models(_ version: OracleAppVersion) -> [any RecordModel.Type] {
        version.version == 1 ? [CardsV1.Card.self, CardsV1.Memo.self] : [CardsV2.Card.self, CardsV2.Memo.self]
    }

    /// Runs the scenario and returns what went wrong, one sentence each; removes the store files.
    mutating func run() async throws -> [String] {
        defer { try? FileManager.default.removeItem(at: directory) }
        for device in harness.devices { await device.connection.recordTraffic(true) }
        log("devices run \(versions); left out: \(Set(Kind.allCases).subtracting(kinds).map(\.rawValue).sorted())")
        let simulator = harness.simulator
        if !kinds.contains(.zoneCreation) { _ = await simulator.serverCreateZone(Self.zoneID) }
        await simulator.setLimits(items: CloudLimits.maximumItemsPerRequest, bytes: Self.byteLimit)
        await simulator.setRandomFaults(RandomFaults(
            probability: 0.15,
            faults: [.failBeforeCommit, .loseResponse, .rateLimit(retryAfter: 2), .zoneBusy(retryAfter: 1), .serviceUnavailable(retryAfter: 3)]))
        let steps = 20 + Int(random.next() % 40)
        for _ in 0..<steps {
            try await step()
            await observeTraffic()
        }
        // Quiet: no faults, default limits, everyone online, sync until settled.
        faultsInjected = await simulator.injectedFaults.count
        await simulator.clearFaults()
        await simulator.setLimits(items: CloudLimits.maximumItemsPerRequest, bytes: Self.byteLimit)
        var problems: [String] = []
        do {
            try await harness.settle(maxRounds: 8)
        } catch {
            problems.append("the quiet sync failed: \(error)")
        }
        await observeTraffic()
        return problems + (try await check())
    }

    private mutating func observeTraffic() async {
        for (index, device) in harness.devices.enumerated() {
            oracle.observe(await device.connection.takeTraffic(), device: index)
        }
    }

    private mutating func step() async throws {
        let index = Int(random.next() % 3)
        let device = harness[index]
        switch random.next() % 100 {
        case 0..<34:
            try edit(on: index, name: Self.names[Int(random.next() % UInt64(Self.names.count))], clash: false)
        case 34..<66:
            do {
                try await device.sync()
                log("\(device.name) syncs")
            } catch {
                log("\(device.name) sync fails: \(error)")
            }
        case 66..<71 where kinds.contains(.kills):
            let requests = 1 + Int(random.next() % 6)
            await device.connection.kill(afterRequests: requests)
            let outcome: String
            do {
                try await device.sync()
                outcome = "finished first"
            } catch {
                outcome = "was killed: \(error)"
            }
            try await device.relaunch()
            log("\(device.name) is killed at its request \(requests) of a sync (the sync \(outcome)) and relaunched from its file")
        case 71..<79:
            if await device.isOnline {
                await device.goOffline()
                log("\(device.name) goes offline")
            } else {
                await device.goOnline()
                log("\(device.name) goes online")
            }
        case 79..<83 where kinds.contains(.tokenExpiry):
            await harness.simulator.serverExpireChangeTokens()
            log("the server expires every change token")
        case 83..<85 where kinds.contains(.zoneDeletion):
            _ = try? await harness.simulator.deleteZones([Self.zoneID])
            await harness.simulator.serverExpireChangeTokens()
            log("another device's app deletes the zone, and the server expires every change token")
        case 85..<88:
            let limit = 1 + Int(random.next() % 4)
            await harness.simulator.setLimits(items: limit, bytes: Self.byteLimit)
            log("the server lowers its item limit to \(limit)")
        case 88..<90 where kinds.contains(.oversize):
            try saveOversize(on: index)
        case 90..<92 where kinds.contains(.unstorable):
            await plantUnstorableRecord()
        case 92..<95 where kinds.contains(.typeClash):
            try edit(on: index, name: Self.names[Int(random.next() % UInt64(Self.names.count))], clash: true)
        case 95..<98 where kinds.contains(.deletes):
            try delete(on: index, name: Self.names[Int(random.next() % UInt64(Self.names.count))])
        case 98..<100:
            for other in harness.devices {
                do { try await other.sync() } catch { log("\(other.name) sync fails: \(error)") }
            }
            log("every device syncs")
        default:
            log("a step of a kind left out")
        }
    }

    // MARK: Edits

    /// The record type a name stands for: cards are c…, memos m….
    private static func recordType(of name: String) -> String { name.hasPrefix("c") ? "Card" : "Memo" }

    /// Edits a random subset of a record's fields on a device (every field of a new record). With `clash`, creates
    /// the name as the other record type, if the device does not hold it.
    private mutating func edit(on index: Int, name: String, clash: Bool) throws {
        let device = harness[index]
        let id = RecordID(recordName: name, zoneID: Self.zoneID)
        let state = try device.store.storedState(of: id)
        let exists = state?.local != nil
        // A clash needs an ID the device does not hold at all (the store refuses to turn a row into another type).
        if clash && state != nil { return }
        var recordType = state?.local?.recordType ?? state?.recordType ?? Self.recordType(of: name)
        if clash { recordType = recordType == "Card" ? "Memo" : "Card" }
        let version = versions[index]
        clock += 1
        let before = state?.local?.fields ?? RecordFields()
        var edited = RecordFields()
        for key in version.editableFields where !exists || random.next() % 100 < 35 {
            edited[key] = value(of: key, before: before[key], name: name, device: index)
        }
        if edited.isEmpty, let key = version.editableFields.first {
            edited[key] = value(of: key, before: before[key], name: name, device: index)
        }
        let appClock = Date(timeIntervalSince1970: Double(clock))
        edited[OracleAppVersion.clock] = .timestamp(appClock)
        let saved: Bool
        switch (version.version, recordType) {
        case (1, "Card"): saved = try save(CardsV1.Card.self, id: id, edited: edited, exists: exists, on: device)
        case (1, _): saved = try save(CardsV1.Memo.self, id: id, edited: edited, exists: exists, on: device)
        case (_, "Card"): saved = try save(CardsV2.Card.self, id: id, edited: edited, exists: exists, on: device)
        default: saved = try save(CardsV2.Memo.self, id: id, edited: edited, exists: exists, on: device)
        }
        guard saved else {
            log("\(device.name) cannot read \(recordType) \(name) (written by a newer app version): no edit")
            return
        }
        edited[OracleAppVersion.clock] = nil
        log("\(device.name) \(exists ? "edits" : "creates") \(recordType) \(name) at \(clock): \(edited.keys.sorted().joined(separator: ", "))")
        oracle.appEdited(
            device: index, id: id, recordType: recordType, existed: exists, edited: edited, appClock: appClock,
            stored: try device.store.storedState(of: id)?.local)
    }

    /// Deletes a record the app can read on a device.
    private mutating func delete(on index: Int, name: String) throws {
        let device = harness[index]
        let id = RecordID(recordName: name, zoneID: Self.zoneID)
        guard let recordType = try device.store.storedState(of: id)?.local?.recordType else { return }
        let deleted: Bool
        switch (versions[index].version, recordType) {
        case (1, "Card"): deleted = try delete(CardsV1.Card.self, id: id, on: device)
        case (1, _): deleted = try delete(CardsV1.Memo.self, id: id, on: device)
        case (_, "Card"): deleted = try delete(CardsV2.Card.self, id: id, on: device)
        default: deleted = try delete(CardsV2.Memo.self, id: id, on: device)
        }
        guard deleted else { return }
        clock += 1
        log("\(device.name) deletes \(recordType) \(name) at \(clock)")
        oracle.appDeleted(device: index, id: id, stored: try device.store.storedState(of: id))
    }

    private func delete<Model: RecordModel>(_: Model.Type, id: RecordID, on device: SimulatedDevice) throws -> Bool {
        // The app deletes what it can read.
        guard (try? device.store.fetch(Model.self, id: id)) != nil else { return false }
        return try device.store.delete(Model.self, id: id)
    }

    /// A new value for a field: unique strings and numbers; a list gains an element and may lose its first.
    private mutating func value(of key: String, before: FieldValue?, name: String, device: Int) -> FieldValue {
        switch key {
        case "color":
            return .int64(Int64(clock * 10 + device))
        case "tags", "links":
            var elements = before.map(OracleAppVersion.strings) ?? []
            if !elements.isEmpty, random.next() % 3 == 0 { elements.removeFirst() }
            elements.append("\(key)\(clock)d\(device)")
            return .list(.string(elements))
        default:
            return .string("\(name).\(key).d\(device).\(clock)")
        }
    }

    /// Saves the edit through the app version's model, as the app would; false when the app cannot read the record.
    private func save<Model: RecordModel>(
        _: Model.Type, id: RecordID, edited: RecordFields, exists: Bool, on device: SimulatedDevice
    ) throws -> Bool {
        var record: Record
        if exists {
            guard let model = try? device.store.fetch(Model.self, id: id) else { return false }
            record = model.record()
        } else {
            record = Record(recordType: Model.recordType, id: id)
        }
        for (key, value) in edited { record.fields[key] = value }
        try device.store.save(try Model(record: record))
        return true
    }

    /// A memo too big for any request (300 KB against the scenario's 256 KB): parked, reported, and never
    /// blocking what follows.
    private mutating func saveOversize(on index: Int) throws {
        let device = harness[index]
        let id = RecordID(recordName: "big\(index)", zoneID: Self.zoneID)
        oracle.excluded.insert(id)
        clock += 1
        let body = String(repeating: "x", count: Self.byteLimit + 44 * 1024)
        if versions[index].version == 1 {
            try device.store.save(CardsV1.Memo(recordID: id, title: "big", body: body, color: 0, tags: [], modified: Date(timeIntervalSince1970: Double(clock))))
        } else {
            try device.store.save(CardsV2.Memo(recordID: id, title: "big", body: body, color: 0, tags: [], modified: Date(timeIntervalSince1970: Double(clock))))
        }
        log("\(device.name) saves memo \(id.recordName) of 300 KB, more than any request takes")
    }

    /// Another app writes a card whose name no store can keep (a NUL in it) straight to the server.
    private mutating func plantUnstorableRecord() async {
        clock += 1
        let id = RecordID(recordName: "bad\u{0}\(clock)", zoneID: Self.zoneID)
        oracle.excluded.insert(id)
        let record = Record(recordType: "Card", id: id, fields: ["title": .string("unstorable"), "modified": .timestamp(Date(timeIntervalSince1970: Double(clock)))])
        let request = ModifyRecordsRequest(saves: [RecordSave(record)], deletes: [], savePolicy: .allKeys, atomic: false)
        let outcome = (try? await harness.simulator.modifyRecords(request))?.saves.first.map { "\($0.result)" } ?? "failed"
        log("another app saves a card named bad\\0\(clock) on the server: \(outcome)")
    }

    // MARK: The checks

    private func check() async throws -> [String] {
        if verbose {
            for device in harness.devices {
                for event in device.events.events { log("\(device.name) event: \(event)") }
            }
        }
        let excludedNames = oracle.excluded.map(\.recordName)
        let divergences = try await harness.divergences().filter { line in !excludedNames.contains { line.contains($0) } }
        let serverIDs = await harness.simulator.serverRecords().map(\.id)
        var stored: [[RecordID: Record]] = []
        for (index, device) in harness.devices.enumerated() {
            var ids = Set(oracle.devices[index].records.keys).union(serverIDs)
            for model in harness.models { ids.formUnion(try SyncHarness.storedIDs(model, in: device.store)) }
            var records: [RecordID: Record] = [:]
            for id in ids where !oracle.excluded.contains(id) { records[id] = try device.store.storedState(of: id)?.local }
            stored.append(records)
        }
        // Invariant 8: each device's queryable projection equals what its stored records say (after kills,
        // app-version switches that rebuild it, and every kind of write).
        var projection: [String] = []
        for device in harness.devices {
            projection += try device.store.projectionMismatches().map { "\(device.name) projection: \($0)" }
        }
        return divergences + oracle.finalProblems(stored: stored) + projection
    }

    private func log(_ line: @autoclosure () -> String) {
        if verbose { print("[seed \(seed)] \(line())") }
    }
}
