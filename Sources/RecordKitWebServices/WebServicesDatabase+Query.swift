import Foundation
import RecordKit
import RecordKitSync

/// One page of a query's records and the marker of the next page (nil on the last page).
public struct QueryPage: Sendable, Hashable {
    /// The records, in the server's order.
    public var records: [Record]
    /// Pass to the next ``WebServicesDatabase/query(_:continuationMarker:)`` for the next page; nil when done.
    public var continuationMarker: String?

    /// Creates a page.
    public init(records: [Record], continuationMarker: String?) {
        self.records = records
        self.continuationMarker = continuationMarker
    }
}

extension WebServicesDatabase {
    /// records/query: one page of the records of a type that pass every filter, from `continuationMarker`
    /// (nil: the first page). The public database, which has no change feed, is read this way.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/QueryingRecords.html
    public func query(_ request: QueryRequest, continuationMarker: String? = nil) async throws(CloudError) -> QueryPage {
        var query: [String: Any] = ["recordType": request.recordType]
        if !request.filters.isEmpty {
            var filters: [[String: Any]] = []
            for filter in request.filters {
                var object: [String: Any] = [
                    "comparator": filter.comparator, "fieldName": filter.fieldName,
                    "fieldValue": try Self.fieldValueObject(filter.fieldValue, name: filter.fieldName),
                ]
                if let distance = filter.distance { object["distance"] = distance }
                filters.append(object)
            }
            query["filterBy"] = filters
        }
        if !request.sorts.isEmpty {
            var sorts: [[String: Any]] = []
            for sort in request.sorts {
                var object: [String: Any] = ["fieldName": sort.fieldName, "ascending": sort.ascending]
                if let point = sort.relativeLocation {
                    object["relativeLocation"] = (try Self.fieldValueObject(.location(point), name: sort.fieldName) as? [String: Any])?["value"]
                }
                sorts.append(object)
            }
            query["sortBy"] = sorts
        }
        let zone = request.zoneID ?? .default
        var body: [String: Any] = ["query": query, "zoneID": WebServicesJSONBodies.zoneIDObject(zone)]
        if let limit = request.resultsLimit { body["resultsLimit"] = limit }
        if let desiredKeys = request.desiredKeys { body["desiredKeys"] = desiredKeys }
        if let continuationMarker { body["continuationMarker"] = continuationMarker }
        let response = try await perform("records/query", body: try WebServicesJSONBodies.data(body), zoneID: zone)
        let page = try Self.decoded(response, WebServicesJSON.decodeRecordsResponse)
        if let error = page.errors.first { throw WebServicesErrorMapping.cloudError(for: error, zoneID: zone) }
        return QueryPage(records: page.records, continuationMarker: page.continuationMarker)
    }

    /// A filter's `{value, type}` exactly as the record codec writes the field.
    static func fieldValueObject(_ value: FieldValue, name: String) throws(CloudError) -> Any {
        var record = Record(recordType: "Filter", id: RecordID(recordName: "filter"))
        record[name] = value
        guard let encoded = try? WebServicesJSON.encodeRecord(record),
              let object = (try? JSONSerialization.jsonObject(with: encoded)) as? [String: Any],
              let fields = object["fields"] as? [String: Any], let field = fields[name] else {
            throw .invalidArguments("the filter value of field \(name) cannot be written as Web Services JSON")
        }
        return field
    }
}
