import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

extension LocalCloudKit {
    /// changes/zone: `{zones: [{zoneID, syncToken, resultsLimit}]}`, one page per zone. A zone's own failure
    /// (no such zone, an expired token) is that zone's error entry; a request-wide one (throttling, a lost
    /// response) answers the whole request.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ChangeZones.html
    func zoneChanges(_ body: Data, database: CloudKitSimulator) async throws -> LocalResponse {
        let object = try LocalJSON.object(body)
        guard let zones = object["zones"] as? [Any], !zones.isEmpty else {
            throw LocalRefusal(.badRequest, "changes/zone needs zones")
        }
        var pages: [ChangesResponse] = []
        for entry in zones {
            guard let entry = entry as? [String: Any] else { throw LocalRefusal(.badRequest, "each zone must be an object") }
            let zone = try LocalJSON.zoneID(entry["zoneID"])
            let token = try LocalJSON.token(entry["syncToken"])
            let limit = try LocalJSON.positiveInt(entry["resultsLimit"], name: "resultsLimit")
            do {
                let page = try await database.fetchZoneChanges(zone, since: token, resultsLimit: limit)
                pages.append(ChangesResponse(
                    zoneID: zone, records: page.changed, deletedRecordIDs: page.deleted.map(\.id),
                    syncToken: page.token, moreComing: page.moreComing))
            } catch {
                guard Self.isZoneError(error), let mapped = WebServicesErrorMapping.serverError(for: error) else { throw error }
                pages.append(ChangesResponse(zoneID: zone, errors: [mapped.error]))
            }
        }
        return .json(try WebServicesJSON.encodeZoneChangesResponse(pages))
    }

    /// changes/database: `{syncToken}` → the zones changed and deleted since.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ChangeDatabase.html
    func databaseChanges(_ body: Data, database: CloudKitSimulator) async throws -> LocalResponse {
        let object = try LocalJSON.object(body)
        let page = try await database.fetchDatabaseChanges(since: try LocalJSON.token(object["syncToken"]))
        let zones = page.changedZones.map { ZoneInfo(zoneID: $0, zoneType: "REGULAR_CUSTOM_ZONE") }
            + page.deletedZones.map { ZoneInfo(zoneID: $0.zoneID, zoneType: "REGULAR_CUSTOM_ZONE", deleted: true) }
        return .json(WebServicesJSON.encodeZonesResponse(ZonesResponse(zones: zones, syncToken: page.token, moreComing: page.moreComing)))
    }

    static func isZoneError(_ error: CloudError) -> Bool {
        switch error {
        case .zoneNotFound, .changeTokenExpired, .userDeletedZone, .encryptedDataReset, .invalidArguments: true
        default: false
        }
    }
}
