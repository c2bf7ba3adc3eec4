import RecordKit

/// The operations CloudKit, CloudKit Web Services and `CloudKitSimulator` all offer on one database.
///
/// Every operation throws ``CloudError``: a request-wide failure (limits, rate limiting, the network) throws;
/// a failure of one item of a request is reported in that item's result, beside the items that succeeded.
public protocol CloudDatabase: Sendable {
    /// Which database this is.
    var scope: DatabaseScope { get }

    /// Creates zones (saving an existing zone succeeds and changes nothing). Returns the zones as the server
    /// describes them, with their capabilities, in the order asked; a zone that failed carries its error.
    func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>]

    /// Deletes zones and every record in them; a zone that failed carries its error.
    func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>]

    /// Saves and deletes records, item by item (or atomically per zone, when asked and the zone supports it).
    func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult

    /// Reads records by ID; a missing record carries ``CloudError/unknownItem(_:)``.
    func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult]

    /// One page of a zone's changes since `token` (nil: from the beginning). Only custom zones of the private
    /// and shared databases have a change feed.
    func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?
    ) async throws(CloudError) -> ZoneChangesPage

    /// One page of the database's changed and deleted zones since `token` (nil: from the beginning).
    func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage

    /// Saves and deletes subscriptions in one request; saving a subscription with an existing ID replaces it, and
    /// deleting one the server does not hold fails that item (``CloudError/invalidArguments(_:)`` naming it).
    /// Returns the saved subscriptions and deleted IDs, item by item, in the order asked. Conformers without
    /// subscriptions (``CloudKitDatabase`` for now) throw ``CloudError/unsupported(_:)``.
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/modifysubscriptions(saving:deleting:)
    func modifySubscriptions(
        saving: [Subscription], deleting: [String]
    ) async throws(CloudError) -> SubscriptionModifyResult

    /// Every subscription of the database for the current user.
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/allsubscriptions()
    func fetchAllSubscriptions() async throws(CloudError) -> [Subscription]
}

extension CloudDatabase {
    /// One page of a zone's changes, as many records as the server sends.
    public func fetchZoneChanges(
        _ zoneID: RecordZoneID, since token: ServerChangeToken?
    ) async throws(CloudError) -> ZoneChangesPage {
        try await fetchZoneChanges(zoneID, since: token, resultsLimit: nil)
    }
}
