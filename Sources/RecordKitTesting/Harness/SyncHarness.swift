import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync

/// N devices, each with its own store, sync engine and app version (model set), against one ``CloudKitSimulator``:
/// the devices edit, go offline and online, and sync in explicit steps; ``divergences()`` says where they disagree.
///
/// ```swift
/// let harness = try SyncHarness(devices: 2, models: [Note.self], zones: [Note.zoneID])
/// try harness[0].store.save(note)
/// try await harness.syncAll()
/// #expect(try await harness.divergences().isEmpty)
/// ```
///
/// Devices may run different app versions: ``init(deviceModels:zones:seed:storeDirectory:configure:)`` takes one
/// model set per device, say an old app's `Note` (schema version 1) on device 0 and a new app's on device 1.
/// ``settle(maxRounds:)`` and ``divergences()`` cover every device, and compare records as stored, so a record a device
/// cannot decode is compared too.
public final class SyncHarness: Sendable {
    /// The server.
    public let simulator: CloudKitSimulator
    /// The devices, in order (a harness of people has none outside its people's: see ``people``).
    public let devices: [SimulatedDevice]
    /// The people, each a user of the simulator with devices of their own (empty unless the harness was created
    /// with ``init(people:devicesEach:models:zones:seed:configure:)``).
    public let people: [SimulatedPerson]
    /// The model types whose records are compared: every model type of every device.
    public let models: [any RecordModel.Type]
    /// What the devices' engines did with the pushes delivered as they arrived (``deliverPushesAsTheyArrive()``).
    public let pushLog = PushLog()
    /// The simulator's download cache: asset contents are kept, so a device's store copies a fetched asset from
    /// there, never from another device's store (whose file that device may have collected since). Removed at deinit.
    private let downloadCache: URL

    /// Creates `devices` devices syncing `zones` of a private database simulator seeded with `seed`;
    /// `configure` adjusts the engines' configuration.
    public convenience init(
        devices count: Int = 2, models: [any RecordModel.Type], zones: [RecordZoneID], seed: UInt64 = 0,
        configure: (inout SyncConfiguration) -> Void = { _ in }
    ) throws {
        try self.init(
            deviceModels: Array(repeating: models, count: count), zones: zones, seed: seed, storeDirectory: nil,
            configure: configure)
    }

    /// Creates one device per model set of `deviceModels` (device `i` runs the app version whose models are
    /// `deviceModels[i]`), syncing `zones` of a private database simulator seeded with `seed`.
    ///
    /// - Parameters:
    ///   - deviceModels: one model set per device, in device order: the app version each device runs.
    ///   - zones: the zones every device syncs.
    ///   - seed: the seed of the simulator's change tags, tokens and random faults.
    ///   - storeDirectory: where each device keeps its store, as `device-<i>.sqlite` (an existing file is opened
    ///     as it is); such devices can be killed and relaunched (``SimulatedDevice/relaunch()``). Nil keeps every
    ///     store in memory.
    ///   - configure: adjusts the engines' configuration.
    public init(
        deviceModels: [[any RecordModel.Type]], zones: [RecordZoneID], seed: UInt64 = 0, storeDirectory: URL? = nil,
        configure: (inout SyncConfiguration) -> Void = { _ in }
    ) throws {
        let (simulator, downloadCache, configuration) = Self.server(seed: seed, zones: zones, configure: configure)
        self.simulator = simulator
        self.downloadCache = downloadCache
        devices = try deviceModels.enumerated().map { index, models in
            try SimulatedDevice(
                name: "device \(index)", simulator: simulator, models: models, configuration: configuration,
                storePath: storeDirectory?.appendingPathComponent("device-\(index).sqlite").path)
        }
        people = []
        var all: [any RecordModel.Type] = []
        for models in deviceModels {
            for model in models where !all.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(model) }) { all.append(model) }
        }
        self.models = all
    }

    /// Creates one person per name, each a user of one simulator seeded with `seed`, with `devicesEach` devices;
    /// every device keeps one store of `models` and syncs it with two engines, the private one syncing `zones`
    /// and the shared one the zones shared with the person. ``settle(maxRounds:)`` and ``divergences()`` cover
    /// every device of every person: each device must hold exactly what its person owns and what is shared with them.
    ///
    /// ```swift
    /// let harness = try SyncHarness(people: ["alice", "bob"], devicesEach: 2, models: [Note.self], zones: [Note.zoneID])
    /// let alice = harness.person("alice"), bob = harness.person("bob")
    /// ```
    public init(
        people names: [String], devicesEach: Int = 1, models: [any RecordModel.Type], zones: [RecordZoneID], seed: UInt64 = 0,
        configure: (inout SyncConfiguration) -> Void = { _ in }
    ) throws {
        let (simulator, downloadCache, configuration) = Self.server(seed: seed, zones: zones, configure: configure)
        self.simulator = simulator
        self.downloadCache = downloadCache
        devices = []
        people = try names.map { name in
            try SimulatedPerson(name: name, simulator: simulator, deviceCount: devicesEach, models: models, configuration: configuration)
        }
        self.models = models
    }

    /// What both kinds of harness start from: a simulator seeded with `seed` with a download cache of its own,
    /// and the engines' configuration for `zones`, as `configure` adjusts it.
    private static func server(
        seed: UInt64, zones: [RecordZoneID], configure: (inout SyncConfiguration) -> Void
    ) -> (CloudKitSimulator, downloadCache: URL, SyncConfiguration) {
        let downloadCache = FileManager.default.temporaryDirectory
            .appendingPathComponent("RecordKit-harness-\(UUID().uuidString)", isDirectory: true)
        var configuration = SyncConfiguration(zones: zones)
        configure(&configuration)
        return (CloudKitSimulator(scope: .private, seed: seed, downloadCache: downloadCache), downloadCache, configuration)
    }

    deinit {
        try? FileManager.default.removeItem(at: downloadCache)
    }

    /// The device at `index`.
    public subscript(index: Int) -> SimulatedDevice { devices[index] }

    /// One sync step of every online device, in order (a person's device syncs both its databases).
    public func syncAll() async throws(SyncError) {
        for device in devices where await device.isOnline {
            try await device.sync()
        }
        for person in people {
            for device in person.devices where device.isOnline { try await device.sync() }
        }
    }

    /// Brings every device online and syncs them all, round after round, until no device has a pending change
    /// and a last round changed nothing, at most `maxRounds` rounds. Returns the number of rounds.
    @discardableResult
    public func settle(maxRounds: Int = 6) async throws -> Int {
        for device in devices { await device.goOnline() }
        for person in people {
            for device in person.devices { device.goOnline() }
        }
        for round in 1...max(1, maxRounds) {
            try await syncAll()
            var pending = 0
            for device in devices { pending += try device.store.pendingCount() }
            for person in people {
                for device in person.devices { pending += try device.store.pendingCount() }
            }
            // A second pass lets every device fetch what the last ones sent.
            if pending == 0 {
                try await syncAll()
                return round + 1
            }
        }
        return maxRounds
    }

    /// Where the devices and the server disagree, one sentence each: a record a device lacks or has in excess,
    /// a value, parent or change tag that differs from the server's, a change still pending. Empty when converged.
    /// Records are compared as stored, every field of them, whether or not the device's app version can decode them;
    /// a server record the device's store cannot keep at all is listed as such.
    public func divergences() async throws -> [String] {
        let server = Dictionary(uniqueKeysWithValues: await simulator.serverRecords().map { ($0.id, $0) })
        var problems: [String] = []
        for device in devices {
            var ids = Set<RecordID>()
            for model in models { ids.formUnion(try Self.storedIDs(model, in: device.store)) }
            for id in ids.union(server.keys).sorted() {
                let state: StoredRecordState?
                do {
                    state = try device.store.storedState(of: id)
                } catch {
                    // A server record no store can keep (a NUL in its name, say): the device lacks it, by necessity.
                    problems.append("\(device.name) cannot hold record \(id), which the server holds: \(error)")
                    continue
                }
                problems += Self.compare(state, server[id], id: id, device: device.name)
            }
        }
        return problems + (try await peopleDivergences())
    }

    /// The fields with each asset's file named by what it holds (the simulator's checksum of its bytes, or
    /// "missing") instead of where it is: a device's copy in its store's folder and the server's in its download
    /// cache are the same asset when they hold the same bytes.
    private static func byContents(_ fields: RecordFields) -> RecordFields {
        func named(_ asset: Asset) -> Asset {
            guard let url = asset.fileURL, url.isFileURL else { return asset }
            var named = asset
            let contents = (try? Data(contentsOf: url)).map { CloudKitSimulator.checksum(of: $0) } ?? "missing"
            named.fileURL = URL(string: "contents:" + contents)
            return named
        }
        return RecordFields(fields.map { key, value -> (String, FieldValue) in
            switch value {
            case let .asset(asset): (key, .asset(named(asset)))
            case let .list(.asset(list)): (key, .list(.asset(list.map(named))))
            default: (key, value)
            }
        })
    }

    static func compare(_ state: StoredRecordState?, _ server: Record?, id: RecordID, device: String) -> [String] {
        guard let state else {
            return server == nil ? [] : ["\(device) lacks record \(id), which the server holds"]
        }
        var problems: [String] = []
        if let pending = state.pending { problems.append("\(device) still has a pending \(pending) of record \(id)") }
        guard let server else {
            if state.local != nil { problems.append("\(device) holds record \(id), which the server does not") }
            return problems
        }
        guard let local = state.local else { return problems + ["\(device) lacks record \(id), which the server holds"] }
        if Self.byContents(local.fields) != Self.byContents(server.fields)
            || Self.byContents(local.encryptedFields) != Self.byContents(server.encryptedFields) {
            problems.append("\(device) holds record \(id) as \(local.fields), the server as \(server.fields)")
        }
        if local.system.parent != server.system.parent {
            let parents = [local, server].map { $0.system.parent.map { "\($0.recordID)" } ?? "none" }
            problems.append("\(device) holds record \(id) with parent \(parents[0]), the server with \(parents[1])")
        }
        if local.system.changeTag != server.system.changeTag {
            problems.append("\(device) holds record \(id) at change tag \(local.system.changeTag ?? "none"), the server at \(server.system.changeTag ?? "none")")
        }
        return problems
    }

    /// The IDs of a model type's records in `store`, those this app version cannot read included.
    public static func storedIDs<Model: RecordModel>(_: Model.Type, in store: RecordStore) throws -> [RecordID] {
        let stored = try store.fetchAll(Model.self)
        var ids = stored.models.map(\.recordID)
        for error in stored.undecodable {
            switch error {
            case let .undecodable(id, _, _), let .corruptRecord(id, _, _, _): ids.append(id)
            default: break
            }
        }
        return ids
    }
}
