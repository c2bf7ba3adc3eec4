import Foundation
import RecordKit
import RecordKitSync

/// How a `ModelQuery` is written as a records/query body:
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/QueryingRecords.html
///
/// A filter is `{comparator, fieldName, fieldValue}` (plus `distance`, in meters, for NEAR); a sort key is
/// `{fieldName, ascending}` (plus `relativeLocation` for a distance sort). System fields are named by
/// `systemFieldName` instead of `fieldName`: `recordName` (its value `{"recordName": …}`, as CloudKit JS sends it),
/// `createdTimestamp` and `modifiedTimestamp` (timestamps in milliseconds).
extension ModelQuery {
    /// The records/query request body of this query, from `continuationMarker` (nil for the first page). Does not
    /// validate: call `ModelQuery.validate()` first, as ``WebServicesDatabase/queryPage(_:continuationMarker:)`` does.
    public func webServicesRequestBody(continuationMarker: String? = nil) throws(CloudError) -> Data {
        try WebServicesJSONBodies.data(webServicesRequestObject(continuationMarker: continuationMarker))
    }

    /// The request body as a JSON object.
    func webServicesRequestObject(continuationMarker: String?) throws(CloudError) -> [String: Any] {
        var query: [String: Any] = ["recordType": recordType]
        if !predicates.isEmpty {
            var filters: [[String: Any]] = []
            for predicate in predicates { filters.append(try Self.filterObject(predicate.filter, key: predicate.key)) }
            query["filterBy"] = filters
        }
        if !sorts.isEmpty {
            var sortBy: [[String: Any]] = []
            for sort in sorts { sortBy.append(try Self.sortObject(sort)) }
            query["sortBy"] = sortBy
        }
        var body: [String: Any] = ["query": query, "zoneID": WebServicesJSONBodies.zoneIDObject(zoneID ?? .default)]
        if let resultsLimit { body["resultsLimit"] = resultsLimit }
        if let desiredKeys { body["desiredKeys"] = desiredKeys.map(\.rawValue) }
        if let continuationMarker { body["continuationMarker"] = continuationMarker }
        return body
    }

    static func filterObject(_ filter: QueryFilter, key: QueryFieldKey) throws(CloudError) -> [String: Any] {
        guard filter.comparator.isCloudKitComparator else {
            throw .invalidArguments("field \(key.schemaName): Web Services has no \(filter.comparator.rawValue) comparator (a nil check runs only on a local store)")
        }
        var object: [String: Any] = ["comparator": filter.comparator.rawValue]
        if let system = key.webServicesSystemFieldName {
            object["systemFieldName"] = system
            object["fieldValue"] = key == .recordName
                ? ["value": Self.recordNameValue(filter.value)]
                : try WebServicesDatabase.fieldValueObject(filter.value, name: filter.fieldName)
        } else {
            object["fieldName"] = filter.fieldName
            object["fieldValue"] = try WebServicesDatabase.fieldValueObject(filter.value, name: filter.fieldName)
        }
        if let distance = filter.distance { object["distance"] = distance }
        return object
    }

    /// `{"recordName": name}` for a record ID, an array of them for a list.
    private static func recordNameValue(_ value: FieldValue) -> Any {
        switch value {
        case let .reference(reference): ["recordName": reference.recordID.recordName]
        case let .list(list): list.values.map(recordNameValue)
        default: [String: Any]()
        }
    }

    static func sortObject(_ sort: QuerySort<Model>) throws(CloudError) -> [String: Any] {
        var object: [String: Any] = ["ascending": sort.ascending]
        if let system = sort.key.webServicesSystemFieldName {
            object["systemFieldName"] = system
        } else {
            object["fieldName"] = sort.key.schemaName
        }
        if let point = sort.relativeLocation {
            let field = try WebServicesDatabase.fieldValueObject(.location(point), name: sort.key.schemaName)
            object["relativeLocation"] = (field as? [String: Any])?["value"]
        }
        return object
    }
}

extension QueryFieldKey {
    /// The `systemFieldName` Web Services gives a system field; nil for a field of the record type.
    var webServicesSystemFieldName: String? {
        switch self {
        case .field: nil
        case .recordName: "recordName"
        case .creationDate: "createdTimestamp"
        case .modificationDate: "modifiedTimestamp"
        }
    }
}
