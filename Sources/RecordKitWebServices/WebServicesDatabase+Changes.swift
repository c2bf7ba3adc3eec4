import Foundation
import RecordKit
import RecordKitSync

extension WebServicesDatabase {
    /// changes/zone: one page of one zone's changes since `token`, with its `syncToken` and `moreComing`.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ChangeZones.html
    public func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage {
        var zone: [String: Any] = ["zoneID": WebServicesJSONBodies.zoneIDObject(zoneID)]
        if let token { zone["syncToken"] = token.data.base64EncodedString() }
        if let resultsLimit { zone["resultsLimit"] = resultsLimit }
        let body = try WebServicesJSONBodies.data(["zones": [zone]])
        let response = try await perform("changes/zone", body: body, zoneID: zoneID)
        let pages = try Self.decoded(response, WebServicesJSON.decodeZoneChangesResponse)
        guard let page = pages.first else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "changes/zone answered no zone for \(zoneID)")
        }
        if let error = page.errors.first {
            throw WebServicesErrorMapping.cloudError(for: error, zoneID: zoneID)
        }
        guard let syncToken = page.syncToken else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "changes/zone answered no syncToken for \(zoneID)")
        }
        // The feed's deletions carry no record type in Web Services; SyncEngine needs only the IDs.
        return ZoneChangesPage(
            zoneID: zoneID, changed: page.records,
            deleted: page.deletedRecordIDs.map { RecordDeletion(id: $0, recordType: "") },
            token: syncToken, moreComing: page.moreComing)
    }

    /// changes/database: one page of the zones changed or deleted since `token`. Web Services reports a deletion
    /// without its reason, so every deleted zone comes as `ZoneDeletionReason/deleted`.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/ChangeDatabase.html
    public func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        var request: [String: Any] = [:]
        if let token { request["syncToken"] = token.data.base64EncodedString() }
        let response = try await perform("changes/database", body: try WebServicesJSONBodies.data(request))
        let zones = try Self.decoded(response, WebServicesJSON.decodeZonesResponse)
        if let error = zones.errors.first { throw WebServicesErrorMapping.cloudError(for: error) }
        guard let syncToken = zones.syncToken else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "changes/database answered no syncToken")
        }
        return DatabaseChangesPage(
            changedZones: zones.zones.filter { !$0.deleted }.map(\.zoneID),
            deletedZones: zones.zones.filter(\.deleted).map { ZoneDeletion(zoneID: $0.zoneID, reason: .deleted) },
            token: syncToken, moreComing: zones.moreComing)
    }
}
