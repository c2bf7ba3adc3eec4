import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync

/// One device of a ``SyncHarness``: its own store, its own engine, its own connection, and its own model set
/// (the app version it runs).
///
/// A device whose store lives in a file (``storePath``) can be killed and launched again: ``relaunch()`` drops
/// the store and engine objects, as `kill -9` drops a process's memory, and opens the store again from its file.
/// Combined with ``DeviceConnection/kill(afterRequests:)`` it kills a device in the middle of a sync.
public final class SimulatedDevice: Sendable {
    /// The device's name, for messages.
    public let name: String
    /// The model types of the app version this device runs: what its store merges with and its app reads.
    public let models: [any RecordModel.Type]
    /// The store's file, or nil for a store in memory (which a relaunch would lose).
    public let storePath: String?
    /// The device's network connection.
    public let connection: DeviceConnection
    /// Every event of the device's engines, across relaunches.
    public let events: EventLog
    /// The clock the engine waits on, and the store stamps merge clocks with (the device's virtual time).
    public let clock: VirtualClock
    private let configuration: SyncConfiguration
    private let process: DeviceProcess<(store: RecordStore, engine: SyncEngine)>

    /// A device with an in-memory store, syncing `configuration.zones` through its own connection to `simulator`.
    public convenience init(
        name: String, simulator: CloudKitSimulator, models: [any RecordModel.Type], configuration: SyncConfiguration
    ) throws {
        try self.init(name: name, simulator: simulator, models: models, configuration: configuration, storePath: nil)
    }

    /// A device whose store lives in the SQLite file at `storePath` (in memory when nil), syncing
    /// `configuration.zones` through its own connection to `simulator`.
    public init(
        name: String, simulator: CloudKitSimulator, models: [any RecordModel.Type], configuration: SyncConfiguration,
        storePath: String?
    ) throws {
        self.name = name
        self.models = models
        self.storePath = storePath
        connection = DeviceConnection(simulator: simulator)
        let events = EventLog()
        self.events = events
        clock = VirtualClock()
        let configuration = events.recording(configuration)
        self.configuration = configuration
        let store = try Self.openStore(at: storePath, models: models, clock: clock)
        process = DeviceProcess((store, SyncEngine(store: store, database: connection, configuration: configuration, clock: clock)))
    }

    /// The device's store: save and delete models here, as the app does.
    public var store: RecordStore { process.current.store }

    /// The device's sync engine.
    public var engine: SyncEngine { process.current.engine }

    /// Fetches, then sends.
    public func sync() async throws(SyncError) {
        try await engine.sync()
    }

    /// Cuts the network: syncs fail with `networkUnavailable`, local edits queue up.
    public func goOffline() async {
        await connection.setOnline(false)
    }

    /// Restores the network.
    public func goOnline() async {
        await connection.setOnline(true)
    }

    /// Whether the device is online.
    public var isOnline: Bool {
        get async { await connection.isOnline }
    }

    /// Kills the app and launches it again, as `kill -9` and a relaunch would: the store and engine objects (the
    /// process's memory) are dropped, the store is opened again from its file with a new engine, and a connection
    /// killed by ``DeviceConnection/kill(afterRequests:)`` comes back. Whatever the store committed survives.
    ///
    /// - Throws: ``SimulatedDeviceError/storeInMemory(device:)`` for a device whose store is in memory.
    public func relaunch() async throws {
        guard let storePath else { throw SimulatedDeviceError.storeInMemory(device: name) }
        let store = try Self.openStore(at: storePath, models: models, clock: clock)
        process.replace(with: (store, SyncEngine(store: store, database: connection, configuration: configuration, clock: clock)))
        await connection.revive()
    }

    private static func openStore(at path: String?, models: [any RecordModel.Type], clock: VirtualClock) throws -> RecordStore {
        guard let path else { return try RecordStore.inMemory(models: models, clock: clock) }
        return try RecordStore(path: path, models: models, options: RecordStoreOptions(fileProtection: .none), clock: clock)
    }
}

/// Why a ``SimulatedDevice`` cannot do what was asked.
public enum SimulatedDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The device's store is in memory: a relaunch would lose it. Give the harness a `storeDirectory`.
    case storeInMemory(device: String)

    public var description: String {
        switch self {
        case let .storeInMemory(device):
            "\(device) keeps its store in memory, so it cannot be relaunched: create the harness with a storeDirectory"
        }
    }
}
