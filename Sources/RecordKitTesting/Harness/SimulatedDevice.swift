import GRDB
import RecordKit
import RecordKitStore
import RecordKitSync

/// One device of a ``SyncHarness``: its own store (in memory), its own engine, its own connection.
public final class SimulatedDevice: Sendable {
    /// The device's name, for messages.
    public let name: String
    /// The device's store: save and delete models here, as the app does.
    public let store: RecordStore
    /// The device's sync engine.
    public let engine: SyncEngine
    /// The device's network connection.
    public let connection: DeviceConnection
    /// Every event of the device's engine.
    public let events: EventLog
    /// The clock the engine waits on.
    public let clock: VirtualClock

    /// A device with an in-memory store, syncing `configuration.zones` through its own connection to `simulator`.
    public init(
        name: String, simulator: CloudKitSimulator, models: [any RecordModel.Type], configuration: SyncConfiguration
    ) throws {
        self.name = name
        let clock = VirtualClock()
        self.clock = clock
        // The store stamps merge clocks with the device's virtual time, as the engine waits on it.
        store = try RecordStore(database: try DatabaseQueue(), models: models, clock: clock)
        connection = DeviceConnection(simulator: simulator)
        let events = EventLog()
        self.events = events
        var configuration = configuration
        let appHandler = configuration.onEvent
        configuration.onEvent = { event in
            events.record(event)
            appHandler?(event)
        }
        engine = SyncEngine(store: store, database: connection, configuration: configuration, clock: clock)
    }

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
}
