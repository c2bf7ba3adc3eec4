import RecordKit
import RecordKitSync
import RecordKitTesting

/// A test database in front of a simulator: every request it does not implement itself goes to `simulator`, so a
/// test double states only the one request it changes or watches.
protocol SimulatorPassThrough: CloudDatabase {
    var simulator: CloudKitSimulator { get }
}

extension SimulatorPassThrough {
    var scope: DatabaseScope { .private }

    func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try await simulator.saveZones(zoneIDs)
    }

    func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try await simulator.deleteZones(zoneIDs)
    }

    func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        try await simulator.modifyRecords(request)
    }

    func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] {
        try await simulator.fetchRecords(ids)
    }

    func fetchZoneChanges(_ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?) async throws(CloudError) -> ZoneChangesPage {
        try await simulator.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit)
    }

    func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        try await simulator.fetchDatabaseChanges(since: token)
    }
}
