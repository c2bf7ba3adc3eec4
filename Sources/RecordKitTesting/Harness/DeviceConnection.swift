import Foundation
import RecordKit
import RecordKitSync

/// One device's line to the simulator: passes every request through while online, fails them with
/// `networkUnavailable` while offline or after the device was killed (``kill(afterRequests:)``).
public actor DeviceConnection: CloudDatabase {
    /// The simulated database.
    public nonisolated let simulator: CloudKitSimulator
    public nonisolated var scope: DatabaseScope { simulator.scope }
    /// The device's identity at the simulator: the device that made a change gets no push for it.
    public nonisolated let deviceID: String
    /// Whether requests reach the simulator.
    public private(set) var isOnline = true
    /// Whether the device's process is dead: requests fail until ``SimulatedDevice/relaunch()``.
    public private(set) var isDead = false
    /// Requests still to pass before the kill, if one is armed.
    private var requestsBeforeKill: Int?
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
    }

    /// Cuts or restores the network.
    public func setOnline(_ online: Bool) {
        isOnline = online
    }

    /// Kills the device's process in the middle of what it does next: the next `requests - 1` requests pass, the
    /// one after reaches the server (which acts on it) but its response never reaches the device, and every later
    /// request fails, until ``SimulatedDevice/relaunch()``. `requests` less than 1 kills at once.
    public func kill(afterRequests requests: Int) {
        if requests < 1 {
            isDead = true
            requestsBeforeKill = nil
        } else {
            requestsBeforeKill = requests
        }
    }

    /// Brings a killed device's line back (``SimulatedDevice/relaunch()`` calls it) and disarms a pending kill.
    public func revive() {
        isDead = false
        requestsBeforeKill = nil
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

    private func check() throws(CloudError) {
        if !isOnline || isDead { throw .networkUnavailable }
    }

    /// Passes one request through, or lets the server act on it and dies before the response arrives; records
    /// the exchange with `log` when recording.
    private func pass<T: Sendable>(
        _ request: () async throws(CloudError) -> T, log: (Result<T, CloudError>) -> DeviceTraffic.Exchange
    ) async throws(CloudError) -> T {
        try check()
        var dies = false
        if let remaining = requestsBeforeKill {
            if remaining > 1 {
                requestsBeforeKill = remaining - 1
            } else {
                requestsBeforeKill = nil
                dies = true
            }
        }
        let outcome: Result<T, CloudError>
        do {
            outcome = .success(try await request())
        } catch {
            outcome = .failure(error)
        }
        await pushDelivery?(deviceID)
        if dies {
            isDead = true
            if recordsTraffic { traffic.append(DeviceTraffic(exchange: log(.failure(.networkUnavailable)), responseLost: true)) }
            throw .networkUnavailable
        }
        if recordsTraffic { traffic.append(DeviceTraffic(exchange: log(outcome), responseLost: false)) }
        return try outcome.get()
    }

    public func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try await pass({ () async throws(CloudError) in try await simulator.saveZones(zoneIDs) }, log: { .saveZones(zoneIDs, $0) })
    }

    public func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try await pass({ () async throws(CloudError) in try await simulator.deleteZones(zoneIDs, from: deviceID) }, log: { .deleteZones(zoneIDs, $0) })
    }

    public func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        try await pass({ () async throws(CloudError) in try await simulator.modifyRecords(request, from: deviceID) }, log: { .modifyRecords(request, $0) })
    }

    public func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        try await pass({ () async throws(CloudError) in try await simulator.fetchRecords(ids) }, log: { .fetchRecords(ids, $0) })
    }

    public func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        try await pass(
            { () async throws(CloudError) in try await simulator.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit) },
            log: { .zoneChanges(zoneID, since: token, $0) })
    }

    public func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        try await pass({ () async throws(CloudError) in try await simulator.fetchDatabaseChanges(since: token) }, log: { .databaseChanges(since: token, $0) })
    }

    public func modifySubscriptions(
        saving: [Subscription], deleting: [String]
    ) async throws(CloudError) -> SubscriptionModifyResult {
        try check()
        return try await simulator.modifySubscriptions(saving: saving, deleting: deleting, from: deviceID)
    }

    public func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        try check()
        return try await simulator.fetchAllSubscriptions()
    }

    /// Takes the pushes the simulator holds for this device.
    public func takePushes() async -> [CloudNotification] {
        await simulator.takePushes(for: deviceID)
    }
}
