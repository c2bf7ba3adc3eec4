import Foundation
import RecordKit
import RecordKitSync

/// One device's line to the simulator: passes every request through while online, fails them with
/// `networkUnavailable` while offline or after the device was killed (``kill(afterRequests:)``).
///
/// A connection goes to the one-user simulator (``init(simulator:deviceID:)``) or to one database of a user of
/// it (``init(database:line:)``, a ``PersonDevice``'s connections, which share one ``NetworkLine``).
public actor DeviceConnection: CloudDatabase {
    /// The simulated database.
    public nonisolated let simulator: CloudKitSimulator
    public nonisolated var scope: DatabaseScope { upstream.scope }
    /// The device's identity at the simulator: the device that made a change gets no push for it.
    public nonisolated let deviceID: String
    /// The device's network state, which the device's other connections share.
    public nonisolated let line: NetworkLine
    /// Where requests go when the line lets them through.
    private nonisolated let upstream: any CloudDatabase
    /// Whether requests reach the simulator.
    public var isOnline: Bool { line.isOnline }
    /// Whether the device's process is dead: requests fail until ``SimulatedDevice/relaunch()``.
    public var isDead: Bool { line.isDead }
    /// Whether ``traffic`` is kept (off by default: a long test would keep every response).
    private var recordsTraffic = false
    /// Every request since ``recordTraffic(_:)`` turned recording on, with what reached the device, in order;
    /// requests refused before they left (offline, dead) are not listed. ``takeTraffic()`` empties it.
    public private(set) var traffic: [DeviceTraffic] = []
    /// Delivers the pushes waiting for the harness's devices, but the one named (whose engine is busy with the
    /// request): set by ``SyncHarness/deliverPushesAsTheyArrive()``.
    private var pushDelivery: (@Sendable (_ busyDevice: String?) async -> Void)?

    /// A connection to a simulator, online; `deviceID` names the device (a new UUID unless given).
    public init(simulator: CloudKitSimulator, deviceID: String = UUID().uuidString) {
        self.simulator = simulator
        self.deviceID = deviceID
        line = NetworkLine()
        upstream = SimulatorDeviceDatabase(simulator: simulator, deviceID: deviceID)
    }

    /// A connection to one database of a user of a simulator, over `line` (which the device's other connections
    /// share); the device is named by the database's `deviceID` (a new UUID when it has none).
    public init(database: SimulatedUserDatabase, line: NetworkLine) {
        simulator = database.simulator
        var database = database
        let deviceID = database.deviceID ?? UUID().uuidString
        database.deviceID = deviceID
        self.deviceID = deviceID
        self.line = line
        upstream = database
    }

    /// Cuts or restores the network (of every connection on the line).
    public func setOnline(_ online: Bool) {
        line.setOnline(online)
    }

    /// Kills the device's process in the middle of what it does next: the next `requests - 1` requests pass, the
    /// one after reaches the server (which acts on it) but its response never reaches the device, and every later
    /// request fails, until ``SimulatedDevice/relaunch()``. `requests` less than 1 kills at once.
    public func kill(afterRequests requests: Int) {
        line.kill(afterRequests: requests)
    }

    /// Brings a killed device's line back (``SimulatedDevice/relaunch()`` calls it) and disarms a pending kill.
    public func revive() {
        line.revive()
    }

    /// Sets what delivers pushes after every request that reached the server, once its response is in or lost
    /// (nil: nothing): the pushes the request caused reach the other devices before this one goes on.
    public func setPushDelivery(_ delivery: (@Sendable (_ busyDevice: String?) async -> Void)?) {
        pushDelivery = delivery
    }

    /// Delivers the pushes waiting for every device, this one included, if a delivery is set: the device's
    /// engine is idle.
    public func deliverWaitingPushes() async {
        await pushDelivery?(nil)
    }

    /// Turns the recording of ``traffic`` on or off.
    public func recordTraffic(_ on: Bool) {
        recordsTraffic = on
    }

    /// Returns ``traffic`` and empties it.
    public func takeTraffic() -> [DeviceTraffic] {
        defer { traffic = [] }
        return traffic
    }

    /// Passes one request through, or lets the server act on it and dies before the response arrives; records
    /// the exchange with `log` when recording.
    private func pass<T: Sendable>(
        _ request: () async throws(CloudError) -> T, log: (Result<T, CloudError>) -> DeviceTraffic.Exchange
    ) async throws(CloudError) -> T {
        let dies = try line.admit()
        let outcome: Result<T, CloudError>
        do {
            outcome = .success(try await request())
        } catch {
            outcome = .failure(error)
        }
        await pushDelivery?(deviceID)
        if dies {
            line.die()
            if recordsTraffic { traffic.append(DeviceTraffic(exchange: log(.failure(.networkUnavailable)), responseLost: true)) }
            throw .networkUnavailable
        }
        if recordsTraffic { traffic.append(DeviceTraffic(exchange: log(outcome), responseLost: false)) }
        return try outcome.get()
    }

    public func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try await pass({ () async throws(CloudError) in try await upstream.saveZones(zoneIDs) }, log: { .saveZones(zoneIDs, $0) })
    }

    public func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try await pass({ () async throws(CloudError) in try await upstream.deleteZones(zoneIDs) }, log: { .deleteZones(zoneIDs, $0) })
    }

    public func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        try await pass({ () async throws(CloudError) in try await upstream.modifyRecords(request) }, log: { .modifyRecords(request, $0) })
    }

    public func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        try await pass({ () async throws(CloudError) in try await upstream.fetchRecords(ids) }, log: { .fetchRecords(ids, $0) })
    }

    public func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        try await pass(
            { () async throws(CloudError) in try await upstream.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit) },
            log: { .zoneChanges(zoneID, since: token, $0) })
    }

    public func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        try await pass({ () async throws(CloudError) in try await upstream.fetchDatabaseChanges(since: token) }, log: { .databaseChanges(since: token, $0) })
    }

    public func modifySubscriptions(
        saving: [Subscription], deleting: [String]
    ) async throws(CloudError) -> SubscriptionModifyResult {
        try line.check()
        return try await upstream.modifySubscriptions(saving: saving, deleting: deleting)
    }

    public func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        try line.check()
        return try await upstream.fetchAllSubscriptions()
    }

    /// Takes the pushes the simulator holds for this device.
    public func takePushes() async -> [CloudNotification] {
        await simulator.takePushes(for: deviceID)
    }
}

/// The one-user simulator as one device's database: changes are made in the device's name, so its pushes skip it.
private struct SimulatorDeviceDatabase: CloudDatabase {
    let simulator: CloudKitSimulator
    let deviceID: String
    var scope: DatabaseScope { simulator.scope }

    func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try await simulator.saveZones(zoneIDs)
    }

    func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try await simulator.deleteZones(zoneIDs, from: deviceID)
    }

    func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        try await simulator.modifyRecords(request, from: deviceID)
    }

    func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        try await simulator.fetchRecords(ids)
    }

    func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        try await simulator.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit)
    }

    func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        try await simulator.fetchDatabaseChanges(since: token)
    }

    func modifySubscriptions(saving: [Subscription], deleting: [String]) async throws(CloudError) -> SubscriptionModifyResult {
        try await simulator.modifySubscriptions(saving: saving, deleting: deleting, from: deviceID)
    }

    func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        try await simulator.fetchAllSubscriptions()
    }
}
