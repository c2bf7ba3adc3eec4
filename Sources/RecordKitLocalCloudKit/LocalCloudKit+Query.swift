import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

extension LocalCloudKit {
    /// records/query over the simulator's records of one zone: the records of the type that pass every filter,
    /// in record name order, `resultsLimit` a page (default 100), the next page's offset in `continuationMarker`.
    /// Comparators: EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUALS, GREATER_THAN, GREATER_THAN_OR_EQUALS
    /// (strings, numbers, dates), BEGINS_WITH (strings), IN and NOT_IN (a list of values), LIST_CONTAINS and
    /// NOT_LIST_CONTAINS (list fields); any other (NEAR among them) is a `BAD_REQUEST`. No `sortBy`.
    /// Queries meet no injected fault.
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
        var matches: [Record] = []
        for record in await database.serverRecords(inZone: query.zoneID ?? .default) where record.recordType == query.recordType {
            if try query.filters.allSatisfy({ filter throws(LocalRefusal) in try Self.passes(record, filter) }) {
                matches.append(record)
            }
        }
        let page = Array(matches.dropFirst(offset).prefix(limit))
        let next = offset + page.count < matches.count ? Data(String(offset + page.count).utf8).base64EncodedString() : nil
        return .json(try WebServicesJSON.encodeRecordsResponse(
            RecordsResponse(results: page.map(RecordResult.record), continuationMarker: next)))
    }

    static func passes(_ record: Record, _ filter: QueryRequest.Filter) throws(LocalRefusal) -> Bool {
        let value = record[filter.fieldName]
        if filter.comparator == "BEGINS_WITH" {
            guard case let .string(prefix) = filter.fieldValue else {
                throw LocalRefusal(.badRequest, "BEGINS_WITH compares strings")
            }
            if case let .string(text)? = value { return text.hasPrefix(prefix) }
            return false
        }
        switch filter.comparator {
        case "IN", "NOT_IN":
            guard case let .list(candidates) = filter.fieldValue else { throw LocalRefusal(.badRequest, "\(filter.comparator) takes a list") }
            let found = value.map { candidates.values.contains($0) } ?? false
            return filter.comparator == "IN" ? found : !found
        case "LIST_CONTAINS", "NOT_LIST_CONTAINS":
            let found: Bool = if case let .list(items)? = value { items.values.contains(filter.fieldValue) } else { false }
            return filter.comparator == "LIST_CONTAINS" ? found : !found
        default: break
        }
        if filter.comparator == "EQUALS" { return value == filter.fieldValue }
        if filter.comparator == "NOT_EQUALS" { return value != filter.fieldValue }
        let order: ComparisonResult? = value.flatMap { compare($0, filter.fieldValue) }
        switch filter.comparator {
        case "LESS_THAN": return order == .orderedAscending
        case "LESS_THAN_OR_EQUALS": return order == .orderedAscending || order == .orderedSame
        case "GREATER_THAN": return order == .orderedDescending
        case "GREATER_THAN_OR_EQUALS": return order == .orderedDescending || order == .orderedSame
        default: throw LocalRefusal(.badRequest, "the local CloudKit does not support the comparator \(filter.comparator)")
        }
    }

    private static func compare(_ left: FieldValue, _ right: FieldValue) -> ComparisonResult? {
        func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
            a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
        switch (left, right) {
        case let (.string(a), .string(b)): return order(a, b)
        case let (.int64(a), .int64(b)): return order(a, b)
        case let (.double(a), .double(b)): return order(a, b)
        case let (.int64(a), .double(b)): return order(Double(a), b)
        case let (.double(a), .int64(b)): return order(a, Double(b))
        case let (.timestamp(a), .timestamp(b)): return order(a, b)
        default: return nil
        }
    }
}
