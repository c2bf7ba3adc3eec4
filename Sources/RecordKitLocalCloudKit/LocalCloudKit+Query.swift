import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

extension LocalCloudKit {
    /// records/query over the simulator's records of one zone: the records of the type that meet every filter, as
    /// `QueryFilter` evaluates them (every Web Services comparator; `systemFieldName` for the record name and the
    /// creation and modification times), sorted by `sortBy` (fields, system fields, and distance from a
    /// `relativeLocation`) then by record name, `resultsLimit` a page (default 100), only the `desiredKeys` fields
    /// when given, the next page's offset in `continuationMarker`. An unknown comparator, or NEAR without a
    /// distance, is a `BAD_REQUEST`. The emulator keeps no indexes: it answers queries a real container would
    /// refuse for want of one. Queries meet no injected fault.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/QueryingRecords.html
    func queryRecords(_ body: Data, database: CloudKitSimulator) async throws -> LocalResponse {
        guard case let .queryRequest(queries) = try WebServicesJSON.contents(of: body), let query = queries.first else {
            throw LocalRefusal(.badRequest, "records/query needs a query")
        }
        let object = try LocalJSON.object(body)
        var offset = 0
        if let marker = object["continuationMarker"] {
            guard let text = marker as? String, let data = Data(base64Encoded: text),
                  let decoded = Int(String(decoding: data, as: UTF8.self)), decoded >= 0 else {
                throw LocalRefusal(.badRequest, "continuationMarker is not one this server issued")
            }
            offset = decoded
        }
        let limit = Int(clamping: query.resultsLimit ?? 100)
        guard limit >= 1 else { throw LocalRefusal(.badRequest, "resultsLimit must be at least 1") }
        let zone = query.zoneID ?? .default
        let filters = try query.filters.map { filter throws(LocalRefusal) in try Self.queryFilter(filter, zone: zone) }
        var matches: [Record] = []
        for record in await database.serverRecords(inZone: zone) where record.recordType == query.recordType {
            if filters.allSatisfy({ $0.isMet(by: record) }) { matches.append(record) }
        }
        matches = QueryRecordOrder.sorted(matches, by: query.sorts)
        let page = Array(matches.dropFirst(offset).prefix(limit)).map { Self.keeping(query.desiredKeys, of: $0) }
        let next = offset + page.count < matches.count ? Data(String(offset + page.count).utf8).base64EncodedString() : nil
        return .json(try WebServicesJSON.encodeRecordsResponse(
            RecordsResponse(results: page.map(RecordResult.record), continuationMarker: next)))
    }

    /// A request's filter as the runtime evaluates it; a record name compares in the query's zone.
    static func queryFilter(_ filter: QueryRequest.Filter, zone: RecordZoneID) throws(LocalRefusal) -> QueryFilter {
        // The nil checks are RecordKit's own, not CloudKit's: the local CloudKit refuses them as CloudKit does.
        guard let comparator = QueryComparator(rawValue: filter.comparator), comparator.isCloudKitComparator else {
            throw LocalRefusal(.badRequest, "unknown comparator \(filter.comparator)")
        }
        if comparator == .near, filter.distance == nil { throw LocalRefusal(.badRequest, "NEAR needs a distance") }
        var value = filter.fieldValue
        if filter.fieldName == QueryFilter.recordIDField {
            value = try recordNames(value, zone: zone)
        }
        return QueryFilter(filter.fieldName, comparator, value, distance: filter.distance)
    }

    /// `{"recordName": …}` values (or lists of them) as references in `zone`.
    private static func recordNames(_ value: FieldValue, zone: RecordZoneID) throws(LocalRefusal) -> FieldValue {
        func inZone(_ reference: Reference) -> Reference {
            Reference(recordID: RecordID(recordName: reference.recordID.recordName, zoneID: zone), action: .none)
        }
        switch value {
        case let .reference(reference): return .reference(inZone(reference))
        case let .list(list):
            var references: [Reference] = []
            for element in list.values {
                guard case let .reference(reference) = element else { throw LocalRefusal(.badRequest, "a recordName filter compares record names") }
                references.append(inZone(reference))
            }
            return .list(.reference(references))
        default: throw LocalRefusal(.badRequest, "a recordName filter compares record names")
        }
    }

    /// The record with only the `keys` fields, when the request names some.
    private static func keeping(_ keys: [String]?, of record: Record) -> Record {
        guard let keys else { return record }
        var trimmed = record
        for (name, _) in record.fields where !keys.contains(name) { trimmed[name] = nil }
        return trimmed
    }
}
