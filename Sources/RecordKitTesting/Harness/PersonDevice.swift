import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync

/// One device of a ``SimulatedPerson``: one store and two sync engines over it, one per database of the person
/// (private and shared), as CKSyncEngine is used: one engine per database.
/// https://developer.apple.com/documentation/cloudkit/cksyncengine
public final class PersonDevice: Sendable {
    /// The device's name, for messages: the person's name and the device's number.
    public let name: String
    /// The device's store: save and delete models here, as the app does; it holds the person's own records and
    /// those shared with them.
    public let store: RecordStore
    /// The engine of the person's private database: the zones they own.
    public let privateEngine: SyncEngine
    /// The engine of the person's shared database: the zones of the shares they accepted.
    public let sharedEngine: SyncEngine
    /// Every event of both engines, in order.
    public let events: EventLog
    /// The clock the engines wait on, and the store stamps merge clocks with.
    public let clock: VirtualClock

    /// A device of `user` with an in-memory store of `models`; the private engine syncs `configuration.zones`,
    /// the shared engine the zones the shared database lists.
    public init(name: String, user: SimulatedUser, models: [any RecordModel.Type], configuration: SyncConfiguration) throws {
        self.name = name
        let events = EventLog()
        self.events = events
        clock = VirtualClock()
        store = try RecordStore.inMemory(models: models, clock: clock)
        var privateConfiguration = configuration
        let appHandler = configuration.onEvent
        privateConfiguration.onEvent = { event in
            events.record(event)
            appHandler?(event)
        }
        // Shared zones are the owners' to create: the shared engine learns them from its database feed.
        var sharedConfiguration = privateConfiguration
        sharedConfiguration.zones = []
        var privateDatabase = user.privateDatabase, sharedDatabase = user.sharedDatabase
        privateDatabase.deviceID = name
        sharedDatabase.deviceID = name
        privateEngine = SyncEngine(store: store, database: privateDatabase, configuration: privateConfiguration, clock: clock)
        sharedEngine = SyncEngine(store: store, database: sharedDatabase, configuration: sharedConfiguration, clock: clock)
    }

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
