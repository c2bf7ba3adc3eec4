import Foundation
import RecordKit
import RecordKitSync

/// One device's line to the simulator: passes every request through while online, fails them with
/// `networkUnavailable` while offline.
public actor DeviceConnection: CloudDatabase {
    /// The simulated database.
    public nonisolated let simulator: CloudKitSimulator
    public nonisolated var scope: DatabaseScope { simulator.scope }
    /// The device's identity at the simulator: the device that made a change gets no push for it.
    public nonisolated let deviceID: String
    /// Whether requests reach the simulator.
    public private(set) var isOnline = true

    /// A connection to a simulator, online; `deviceID` names the device (a new UUID unless given).
    public init(simulator: CloudKitSimulator, deviceID: String = UUID().uuidString) {
        self.simulator = simulator
        self.deviceID = deviceID
    }

    /// Cuts or restores the network.
    public func setOnline(_ online: Bool) {
        isOnline = online
    }

    private func check() throws(CloudError) {
        if !isOnline { throw .networkUnavailable }
    }

    public func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try check()
        return try await simulator.saveZones(zoneIDs)
    }

    public func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try check()
        return try await simulator.deleteZones(zoneIDs)
    }

    public func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        try check()
        return try await simulator.modifyRecords(request, from: deviceID)
    }

    public func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        try check()
        return try await simulator.fetchRecords(ids)
    }

    public func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        try check()
        return try await simulator.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit)
    }

    public func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        try check()
        return try await simulator.fetchDatabaseChanges(since: token)
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
