import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync

/// One device of a ``SimulatedPerson``: one store and two sync engines over it, one per database of the person
/// (private and shared), as CKSyncEngine is used: one engine per database.
/// https://developer.apple.com/documentation/cloudkit/cksyncengine
///
/// The device has faults as a ``SimulatedDevice`` has: it goes offline (both databases' requests fail with
/// `networkUnavailable`), and it is killed, at once or in the middle of a request (``kill(afterRequests:)``), and
/// launched again (``relaunch()``), which builds both engines anew over the same store: whatever the engines held
/// in memory (a sync in flight, a response never received) is lost, what the store committed stays.
public final class PersonDevice: Sendable {
    /// The device's name, for messages: the person's name and the device's number.
    public let name: String
    /// The device's store: save and delete models here, as the app does; it holds the person's own records and
    /// those shared with them.
    public let store: RecordStore
    /// The device's connection to the person's private database.
    public let privateConnection: DeviceConnection
    /// The device's connection to the person's shared database.
    public let sharedConnection: DeviceConnection
    /// The device's network state, which both connections share.
    public let line: NetworkLine
    /// Every event of both engines, in order, across relaunches.
    public let events: EventLog
    /// The clock the engines wait on, and the store stamps merge clocks with.
    public let clock: VirtualClock
    private let privateConfiguration: SyncConfiguration
    private let sharedConfiguration: SyncConfiguration
    private let process: DeviceProcess<(private: SyncEngine, shared: SyncEngine)>

    /// A device of `user` with an in-memory store of `models`; the private engine syncs `configuration.zones`,
    /// the shared engine the zones the shared database lists.
    public init(name: String, user: SimulatedUser, models: [any RecordModel.Type], configuration: SyncConfiguration) throws {
        self.name = name
        let events = EventLog()
        self.events = events
        clock = VirtualClock()
        store = try RecordStore.inMemory(models: models, clock: clock)
        privateConfiguration = events.recording(configuration)
        // Shared zones are the owners' to create: the shared engine learns them from its database feed.
        var sharedConfiguration = privateConfiguration
        sharedConfiguration.zones = []
        self.sharedConfiguration = sharedConfiguration
        var privateDatabase = user.privateDatabase, sharedDatabase = user.sharedDatabase
        privateDatabase.deviceID = name
        sharedDatabase.deviceID = name
        line = NetworkLine()
        privateConnection = DeviceConnection(database: privateDatabase, line: line)
        sharedConnection = DeviceConnection(database: sharedDatabase, line: line)
        process = DeviceProcess((
            SyncEngine(store: store, database: privateConnection, configuration: privateConfiguration, clock: clock),
            SyncEngine(store: store, database: sharedConnection, configuration: sharedConfiguration, clock: clock)))
    }

    /// The engine of the person's private database: the zones they own.
    public var privateEngine: SyncEngine { process.current.private }

    /// The engine of the person's shared database: the zones of the shares they accepted.
    public var sharedEngine: SyncEngine { process.current.shared }

    /// Syncs the private database, then the shared one.
    public func sync() async throws(SyncError) {
        try await privateEngine.sync()
        try await sharedEngine.sync()
    }

    /// Syncs the private database only.
    public func syncPrivate() async throws(SyncError) {
        try await privateEngine.sync()
    }

    /// Syncs the shared database only.
    public func syncShared() async throws(SyncError) {
        try await sharedEngine.sync()
    }

    /// Cuts the network: both databases' requests fail with `networkUnavailable`, local edits queue up.
    public func goOffline() {
        line.setOnline(false)
    }

    /// Restores the network.
    public func goOnline() {
        line.setOnline(true)
    }

    /// Whether the device is online.
    public var isOnline: Bool { line.isOnline }

    /// Whether the device's process was killed and not launched again.
    public var isDead: Bool { line.isDead }

    /// Kills the device's process in the middle of what it does next, on either database: the next
    /// `requests - 1` requests pass, the one after reaches the server but its response is lost, and every later
    /// request fails until ``relaunch()``. `requests` less than 1 kills at once.
    public func kill(afterRequests requests: Int) {
        line.kill(afterRequests: requests)
    }

    /// Launches the app again after a kill (or kills and launches it, when alive): both engines are built anew
    /// over the same store, so what they held in memory is gone, and the line comes back.
    public func relaunch() {
        process.replace(with: (
            SyncEngine(store: store, database: privateConnection, configuration: privateConfiguration, clock: clock),
            SyncEngine(store: store, database: sharedConnection, configuration: sharedConfiguration, clock: clock)))
        line.revive()
    }
}

/// A person of a ``SyncHarness`` with people: one user of the simulator, and their devices.
public final class SimulatedPerson: Sendable {
    /// The person's user record name.
    public let name: String
    /// The person as a user of the simulator: their databases, and what they do with share URLs.
    public let user: SimulatedUser
    /// The person's devices, in order.
    public let devices: [PersonDevice]

    /// A person with `deviceCount` devices, each with a store of `models`.
    public init(
        name: String, simulator: CloudKitSimulator, deviceCount: Int, models: [any RecordModel.Type], configuration: SyncConfiguration
    ) throws {
        self.name = name
        user = simulator.user(name)
        let user = user
        devices = try (0..<max(1, deviceCount)).map { index in
            try PersonDevice(name: "\(name)'s device \(index)", user: user, models: models, configuration: configuration)
        }
    }

    /// The device at `index`.
    public subscript(index: Int) -> PersonDevice { devices[index] }
}
