import RecordKit
import RecordKitSync

/// One device's line to the simulator: passes every request through while online, fails them with
/// `networkUnavailable` while offline.
public actor DeviceConnection: CloudDatabase {
    /// The simulated database.
    public nonisolated let simulator: CloudKitSimulator
    public nonisolated var scope: DatabaseScope { simulator.scope }
    /// Whether requests reach the simulator.
    public private(set) var isOnline = true

    /// A connection to a simulator, online.
    public init(simulator: CloudKitSimulator) {
        self.simulator = simulator
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
        return try await simulator.modifyRecords(request)
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
}
