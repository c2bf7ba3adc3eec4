import Foundation

/// The order CloudKit gives a query's records, for servers and stores that sort records themselves (the local
/// CloudKit does): each sort key in turn (a record without the field after those with it, in either direction;
/// a key with a relative location by distance from it, nearest first), then the record name, so pages are stable
/// between requests.
public enum QueryRecordOrder {
    /// `records` in the order of `sorts`, ties broken by record name.
    public static func sorted(_ records: [Record], by sorts: [QueryRequest.Sort]) -> [Record] {
        records.sorted { a, b in
            for sort in sorts {
                switch (key(sort, of: a), key(sort, of: b)) {
                case (nil, nil): continue
                case (.some, nil): return true
                case (nil, .some): return false
                case let (x?, y?):
                    guard let order = QueryValueOrder.compare(x, y), order != .orderedSame else { continue }
                    return (order == .orderedAscending) == sort.ascending
                }
            }
            return a.id.recordName.utf8.lexicographicallyPrecedes(b.id.recordName.utf8)
        }
    }

    /// The value a record sorts by: the field, its system field, or its distance from the sort's point.
    private static func key(_ sort: QueryRequest.Sort, of record: Record) -> FieldValue? {
        let value: FieldValue? = switch sort.fieldName {
        case QueryFilter.recordIDField: .string(record.id.recordName)
        case QueryFilter.creationDateField: record.system.creationDate.map(FieldValue.timestamp)
        case QueryFilter.modificationDateField: record.system.modificationDate.map(FieldValue.timestamp)
        default: record[sort.fieldName]
        }
        guard let point = sort.relativeLocation else { return value }
        guard case let .location(location)? = value else { return nil }
        return .double(QueryValueOrder.meters(from: location, to: point))
    }
}

extension ModelQuery {
    /// The sort keys as the records/query request writes them (system fields by their schema names).
    public var requestSorts: [QueryRequest.Sort] {
        sorts.map { QueryRequest.Sort(fieldName: $0.key.schemaName, ascending: $0.ascending, relativeLocation: $0.relativeLocation) }
    }

    /// The records that meet the query, in its order: what CloudKit answers, evaluated in process.
    public func evaluate(_ records: [Record]) -> [Record] {
        QueryRecordOrder.sorted(records.filter(isMet(by:)), by: requestSorts)
    }
}
