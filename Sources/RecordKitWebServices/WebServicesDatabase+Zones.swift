import Foundation
import RecordKit
import RecordKitSync

extension WebServicesDatabase {
    /// zones/modify with `create` operations.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ModifyZones.html
    public func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try await modifyZones(zoneIDs, operationType: "create").map { result in
            result.map { RecordZone(id: $0, capabilities: Self.capabilities(of: $0)) }
        }
    }

    /// zones/modify with `delete` operations.
    public func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try await modifyZones(zoneIDs, operationType: "delete")
    }

    /// zones/list: every zone of the database.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/GetAllZones.html
    public func listZones() async throws(CloudError) -> [RecordZone] {
        let response = try await perform("zones/list", body: Data("{}".utf8))
        let zones = try Self.decoded(response, WebServicesJSON.decodeZonesResponse)
        return zones.zones.map { RecordZone(id: $0.zoneID, capabilities: Self.capabilities(of: $0.zoneID)) }
    }

    /// users/current: the record name of the user the credentials act for.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/GetCurrentUser.html
    public func currentUserRecordName() async throws(CloudError) -> String {
        let response = try await perform("users/current", method: "GET", body: Data())
        guard let name = try WebServicesJSONBodies.object(response)["userRecordName"] as? String else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "users/current answered no userRecordName")
        }
        return name
    }

    private func modifyZones(
        _ zoneIDs: [RecordZoneID], operationType: String
    ) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        let operations = zoneIDs.map { ["operationType": operationType, "zone": ["zoneID": WebServicesJSONBodies.zoneIDObject($0)]] }
        let response = try await perform("zones/modify", body: try WebServicesJSONBodies.data(["operations": operations]))
        let entries = try WebServicesJSONBodies.object(response)["zones"] as? [[String: Any]] ?? []
        return zoneIDs.enumerated().map { index, zone in
            guard index < entries.count else {
                return .failure(.other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "zones/modify did not answer for zone \(zone)"))
            }
            if let error = WebServicesJSONBodies.serverError(entries[index]) {
                return .failure(WebServicesErrorMapping.cloudError(for: error, zoneID: zone))
            }
            return .success(WebServicesJSONBodies.zoneID(from: entries[index]["zoneID"]) ?? zone)
        }
    }

    /// Custom zones of the private and shared databases have change feeds and atomic saves; the default zone
    /// has neither: https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities
    nonisolated static func capabilities(of zone: RecordZoneID) -> RecordZone.Capabilities {
        zone == .default ? [] : [.fetchChanges, .atomic, .sharing]
    }
}
