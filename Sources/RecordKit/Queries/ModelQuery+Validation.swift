import Foundation

/// Why a ``ModelQuery`` cannot be sent: CloudKit would refuse it. Each case names the record type and the field.
public enum ModelQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field lacks the index the query needs: `queryable` to filter on it (and, on `___recordID`, to run a
    /// query without filters), `sortable` to sort by it, `searchable` to match its tokens.
    case missingIndex(recordType: String, field: String, index: QueryIndexes, neededFor: String)
    /// An argument CloudKit cannot use (a negative radius, a page of no records).
    case invalidArgument(recordType: String, field: String?, reason: String)
    /// A comparator CloudKit does not have (the nil checks ``QueryComparator/isNil`` and
    /// ``QueryComparator/isNotNil``, which only a local store answers).
    case unsupportedComparator(recordType: String, field: String, comparator: QueryComparator)

    public var description: String {
        switch self {
        case let .missingIndex(recordType, field, index, neededFor):
            let fix = field.hasPrefix("___")
                ? "add <systemIndex field=\"\(field)\" \(index)=\"true\"/> to record type \(recordType) in the schema"
                : "add \(index)=\"true\" to field \(field) of record type \(recordType) in the schema"
            return "\(recordType).\(field) is not \(index), which \(neededFor) needs: \(fix) (and deploy the index)"
        case let .invalidArgument(recordType, field, reason):
            return "\(recordType)\(field.map { ".\($0)" } ?? ""): \(reason)"
        case let .unsupportedComparator(recordType, field, comparator):
            return "\(recordType).\(field): CloudKit has no \(comparator.rawValue) comparator (a nil check runs only on a local store)"
        }
    }
}

extension ModelQuery {
    /// Checks the query against the schema's indexes, as CloudKit would, without sending anything: every filtered
    /// field is queryable (searchable for token matches), every sort field sortable, and a query without filters
    /// needs a queryable record name (CloudKit answers "Field 'recordName' is not marked queryable" otherwise),
    /// and no filter is a nil check, which CloudKit lacks. Throws for the first problem found, in the order
    /// filters, sorts, limit.
    public func validate() throws(ModelQueryError) {
        let type = Model.recordType
        if predicates.isEmpty, !Model.recordNameQueryField.indexes.contains(.queryable) {
            throw .missingIndex(recordType: type, field: QueryFieldKey.recordName.schemaName, index: .queryable,
                                neededFor: "a query without filters")
        }
        for predicate in predicates {
            let field = predicate.key.schemaName
            guard predicate.filter.comparator.isCloudKitComparator else {
                throw .unsupportedComparator(recordType: type, field: field, comparator: predicate.filter.comparator)
            }
            guard predicate.fieldIndexes.contains(predicate.neededIndex) else {
                throw .missingIndex(recordType: type, field: field, index: predicate.neededIndex,
                                    neededFor: "a \(predicate.filter.comparator.rawValue) filter")
            }
            if predicate.filter.comparator == .near {
                guard let radius = predicate.filter.distance, radius.isFinite, radius >= 0 else {
                    throw .invalidArgument(recordType: type, field: field, reason: "a NEAR radius is a finite, non-negative number of meters")
                }
            }
        }
        for sort in sorts where !sort.fieldIndexes.contains(.sortable) {
            throw .missingIndex(recordType: type, field: sort.key.schemaName, index: .sortable, neededFor: "sorting")
        }
        if let resultsLimit, resultsLimit < 1 {
            throw .invalidArgument(recordType: type, field: nil, reason: "resultsLimit \(resultsLimit) asks for no records; use at least 1")
        }
    }
}
