import RecordKit
import RecordKitSync

/// One request a device sent and what it got back: the device's view of the server, in order, for tests that
/// check a device's work against a model of it (``DeviceConnection/traffic``).
public struct DeviceTraffic: Sendable {
    /// The request, with what reached the device.
    public enum Exchange: Sendable {
        /// A fetch of a zone's changes from `since`.
        case zoneChanges(RecordZoneID, since: ServerChangeToken?, Result<ZoneChangesPage, CloudError>)
        /// A fetch of the database's changed zones from `since`.
        case databaseChanges(since: ServerChangeToken?, Result<DatabaseChangesPage, CloudError>)
        /// Saves and deletes.
        case modifyRecords(ModifyRecordsRequest, Result<ModifyRecordsResult, CloudError>)
        /// A fetch of records by ID.
        case fetchRecords([RecordID], Result<[RecordItemResult], CloudError>)
        /// Zones created.
        case saveZones([RecordZoneID], Result<[Result<RecordZone, CloudError>], CloudError>)
        /// Zones deleted.
        case deleteZones([RecordZoneID], Result<[Result<RecordZoneID, CloudError>], CloudError>)
    }

    /// The request and its outcome as the device saw it.
    public var exchange: Exchange
    /// Whether the server received the request although the device never saw its response (the device was
    /// killed while it was in flight, ``DeviceConnection/kill(afterRequests:)``): the outcome is then
    /// `networkUnavailable`, and the server may have acted on it.
    public var responseLost: Bool
}
