import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

extension LocalCloudKit {
    /// zones/list: every zone of the database.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/GetAllZones.html
    func listZones(database: CloudKitSimulator) async -> LocalResponse {
        let zones = await database.zoneIDs.map {
            ZoneInfo(zoneID: $0, zoneType: $0 == .default ? "DEFAULT_ZONE" : "REGULAR_CUSTOM_ZONE")
        }
        return .json(WebServicesJSON.encodeZonesResponse(ZonesResponse(zones: zones)))
    }

    /// zones/modify: `{operations: [{operationType: create | delete, zone: {zoneID}}]}`, answered zone by zone
    /// in order, each a zone or its error entry.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ModifyZones.html
    func modifyZones(_ body: Data, database: CloudKitSimulator) async throws -> LocalResponse {
        let object = try LocalJSON.object(body)
        guard let operations = object["operations"] as? [Any], !operations.isEmpty else {
            throw LocalRefusal(.badRequest, "zones/modify needs operations")
        }
        var entries: [[String: Any]] = []
        for operation in operations {
            guard let operation = operation as? [String: Any], let type = operation["operationType"] as? String,
                  let zone = operation["zone"] as? [String: Any] else {
                throw LocalRefusal(.badRequest, "each zone operation needs operationType and zone")
            }
            let zoneID = try LocalJSON.zoneID(zone["zoneID"] ?? zone)
            let outcome: Result<RecordZoneID, CloudError>
            switch type {
            case "create": outcome = try await database.saveZones([zoneID]).first?.map(\.id) ?? .success(zoneID)
            case "delete": outcome = try await database.deleteZones([zoneID]).first ?? .success(zoneID)
            default: throw LocalRefusal(.badRequest, "operationType must be create or delete")
            }
            switch outcome {
            case let .success(id): entries.append(["zoneID": LocalJSON.zoneIDObject(id)])
            case let .failure(error):
                var entry = LocalJSON.errorObject(Self.itemError(error, recordName: zoneID.zoneName))
                entry["recordName"] = nil
                entry["zoneID"] = LocalJSON.zoneIDObject(zoneID)
                entries.append(entry)
            }
        }
        return .json(LocalJSON.data(["zones": entries]))
    }
}
