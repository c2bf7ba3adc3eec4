import Foundation

/// One entry of a `records` array: a record, a deletion, or the error for one record.
public enum RecordResult: Sendable, Hashable {
    case record(Record)
    /// The record is deleted (`deleted: true`, or a delete operation's result naming only the record).
    case deleted(RecordID)
    /// The server could not process this record; the others in the array are unaffected.
    case error(WebServicesServerError)
}

/// The body of records/query, records/lookup and records/modify responses.
public struct RecordsResponse: Sendable, Hashable {
    /// Every entry, in the order of the body.
    public var results: [RecordResult]
    /// The change token, when the response carries one.
    public var syncToken: ServerChangeToken?
    /// The marker to pass for the next page of a query.
    public var continuationMarker: String?

    public init(results: [RecordResult], syncToken: ServerChangeToken? = nil, continuationMarker: String? = nil) {
        self.results = results
        self.syncToken = syncToken
        self.continuationMarker = continuationMarker
    }

    /// The records, in order, without deletions and errors.
    public var records: [Record] { results.compactMap { if case let .record(r) = $0 { r } else { nil } } }
    /// The per-record errors, in order.
    public var errors: [WebServicesServerError] { results.compactMap { if case let .error(e) = $0 { e } else { nil } } }
    /// The deleted record IDs, in order.
    public var deletedRecordIDs: [RecordID] { results.compactMap { if case let .deleted(id) = $0 { id } else { nil } } }
}

/// A change feed page: records/changes, or one zone of changes/zone.
public struct ChangesResponse: Sendable, Hashable {
    /// The zone the changes are in, when the body names it.
    public var zoneID: RecordZoneID?
    /// Records created or changed, in order.
    public var records: [Record]
    /// Records deleted, in order.
    public var deletedRecordIDs: [RecordID]
    /// Errors for single records, in order.
    public var errors: [WebServicesServerError]
    /// Where to continue the feed from.
    public var syncToken: ServerChangeToken?
    /// Whether more changes wait: fetch again with `syncToken`.
    public var moreComing: Bool

    public init(zoneID: RecordZoneID? = nil, records: [Record] = [], deletedRecordIDs: [RecordID] = [],
                errors: [WebServicesServerError] = [], syncToken: ServerChangeToken? = nil, moreComing: Bool = false) {
        self.zoneID = zoneID
        self.records = records
        self.deletedRecordIDs = deletedRecordIDs
        self.errors = errors
        self.syncToken = syncToken
        self.moreComing = moreComing
    }
}

/// One zone of a zones/list, zones/lookup or changes/database response.
public struct ZoneInfo: Sendable, Hashable {
    public var zoneID: RecordZoneID
    /// `REGULAR_CUSTOM_ZONE`, `DEFAULT_ZONE`, as the server writes it.
    public var zoneType: String?
    /// The zone's own change token, when given.
    public var syncToken: ServerChangeToken?
    /// Whether the zone was deleted (changes/database).
    public var deleted: Bool

    public init(zoneID: RecordZoneID, zoneType: String? = nil, syncToken: ServerChangeToken? = nil, deleted: Bool = false) {
        self.zoneID = zoneID
        self.zoneType = zoneType
        self.syncToken = syncToken
        self.deleted = deleted
    }
}

/// A zones/list, zones/lookup or changes/database response.
public struct ZonesResponse: Sendable, Hashable {
    public var zones: [ZoneInfo]
    /// Zone errors (for example `ZONE_NOT_FOUND` in a lookup), in order.
    public var errors: [WebServicesServerError]
    public var syncToken: ServerChangeToken?
    public var moreComing: Bool

    public init(zones: [ZoneInfo], errors: [WebServicesServerError] = [], syncToken: ServerChangeToken? = nil, moreComing: Bool = false) {
        self.zones = zones
        self.errors = errors
        self.syncToken = syncToken
        self.moreComing = moreComing
    }
}

/// A records/modify request body.
public struct ModifyRequest: Sendable, Hashable {
    public var operations: [RecordOperation]
    /// Whether the server applies all operations or none; absent means the server's default.
    public var atomic: Bool?
    /// The zone of records that name none.
    public var zoneID: RecordZoneID?

    public init(operations: [RecordOperation], atomic: Bool? = nil, zoneID: RecordZoneID? = nil) {
        self.operations = operations
        self.atomic = atomic
        self.zoneID = zoneID
    }
}

/// A records/query request (alone, or one entry of a batch).
public struct QueryRequest: Sendable, Hashable {
    /// One `filterBy` entry. A system field (`systemFieldName`) reads as its schema name: `recordName` as
    /// `___recordID`, `createdTimestamp` as `___createTime`, `modifiedTimestamp` as `___modTime`.
    public struct Filter: Sendable, Hashable {
        public var fieldName: String
        public var comparator: String
        public var fieldValue: FieldValue
        /// The radius of a NEAR filter, in meters.
        public var distance: Double?

        public init(fieldName: String, comparator: String, fieldValue: FieldValue, distance: Double? = nil) {
            self.fieldName = fieldName
            self.comparator = comparator
            self.fieldValue = fieldValue
            self.distance = distance
        }
    }

    /// One `sortBy` entry; a system field reads as its schema name, as in ``Filter``.
    public struct Sort: Sendable, Hashable {
        public var fieldName: String
        public var ascending: Bool
        /// For a location field: sort by the distance from this point.
        public var relativeLocation: Location?

        public init(fieldName: String, ascending: Bool = true, relativeLocation: Location? = nil) {
            self.fieldName = fieldName
            self.ascending = ascending
            self.relativeLocation = relativeLocation
        }
    }

    public var recordType: String
    public var zoneID: RecordZoneID?
    public var filters: [Filter]
    public var resultsLimit: Int64?
    /// The sort keys, the first deciding first.
    public var sorts: [Sort]
    /// Only these fields in the records returned; nil for all.
    public var desiredKeys: [String]?

    public init(
        recordType: String, zoneID: RecordZoneID? = nil, filters: [Filter] = [], resultsLimit: Int64? = nil,
        sorts: [Sort] = [], desiredKeys: [String]? = nil
    ) {
        self.recordType = recordType
        self.zoneID = zoneID
        self.filters = filters
        self.resultsLimit = resultsLimit
        self.sorts = sorts
        self.desiredKeys = desiredKeys
    }

    /// The schema name of a Web Services `systemFieldName`; nil for a name Web Services does not give.
    public static func schemaName(ofSystemField name: String) -> String? {
        switch name {
        case "recordName": "___recordID"
        case "createdTimestamp": "___createTime"
        case "modifiedTimestamp": "___modTime"
        default: nil
        }
    }
}

/// What kind of body a JSON file holds, decoded; see ``WebServicesJSON/contents(of:)``.
public enum WebServicesContents: Sendable, Hashable {
    /// records/query, records/lookup or records/modify response.
    case recordsResponse(RecordsResponse)
    /// records/changes response (has `moreComing`).
    case changesResponse(ChangesResponse)
    /// changes/zone response: one change page per zone.
    case zoneChangesResponse([ChangesResponse])
    /// zones/list, zones/lookup or changes/database response.
    case zonesResponse(ZonesResponse)
    /// A batch of query responses (`{"batch": [...]}`).
    case batchResponse([RecordsResponse])
    /// A records/modify request.
    case modifyRequest(ModifyRequest)
    /// A records/query request, or a batch of them.
    case queryRequest([QueryRequest])
    /// An error body.
    case errorBody(WebServicesServerError)
    /// One record.
    case record(Record)
    /// The answer to an asset upload (`singleFile`).
    case assetUpload(Asset)
    /// Where to upload assets (`tokens`).
    case assetUploadTokens([AssetUploadToken])
    /// An empty object, the body of zones/list requests.
    case empty
}

/// Where to upload one asset (assets/upload response entry).
public struct AssetUploadToken: Sendable, Hashable {
    public var recordName: String?
    public var fieldName: String?
    public var url: String

    public init(recordName: String? = nil, fieldName: String? = nil, url: String) {
        self.recordName = recordName
        self.fieldName = fieldName
        self.url = url
    }
}

extension WebServicesContents {
    /// A one-line summary for tools such as `recordgen inspect`: the kind of body and its counts.
    public var summary: String {
        func token(_ token: ServerChangeToken?) -> String { token.map { ", syncToken \($0.data.count) bytes" } ?? "" }
        switch self {
        case let .recordsResponse(response):
            return "records response: \(response.records.count) records, \(response.deletedRecordIDs.count) deleted, \(response.errors.count) errors\(token(response.syncToken))"
        case let .changesResponse(changes):
            return "changes response: \(changes.records.count) changed, \(changes.deletedRecordIDs.count) deleted, moreComing \(changes.moreComing)\(token(changes.syncToken))"
        case let .zoneChangesResponse(pages):
            return "zone changes response: \(pages.count) zones, \(pages.reduce(0) { $0 + $1.records.count }) changed records"
        case let .zonesResponse(zones):
            return "zones response: \(zones.zones.count) zones, moreComing \(zones.moreComing)\(token(zones.syncToken))"
        case let .batchResponse(pages):
            return "batch response: \(pages.count) pages, \(pages.reduce(0) { $0 + $1.records.count }) records"
        case let .modifyRequest(request):
            return "modify request: \(request.operations.count) operations (\(request.operations.map(\.kind.rawValue).joined(separator: ", ")))"
        case let .queryRequest(queries):
            return "query request: \(queries.map(\.recordType).joined(separator: ", "))"
        case let .errorBody(error):
            return "error body: \(error)"
        case let .record(record):
            return "record \(record.id.recordName) of type \(record.recordType), \(record.allKeys.count) fields"
        case .assetUpload:
            return "asset upload result"
        case let .assetUploadTokens(tokens):
            return "asset upload tokens: \(tokens.count)"
        case .empty:
            return "empty object"
        }
    }
}
