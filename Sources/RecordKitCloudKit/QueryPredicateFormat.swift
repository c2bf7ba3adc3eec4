#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

/// The predicate of a `CKQuerySubscription` as a format string and its arguments, built from a query
/// subscription's filters with the operators `CKQuery` supports
/// (https://developer.apple.com/documentation/cloudkit/ckquery): keys go in as `%K`, values as `%@`, so no value is
/// ever parsed as predicate syntax. A pure value, so that it is tested where `NSPredicate` has no format strings
/// (swift-corelibs-foundation); ``nsPredicate()`` makes the predicate in one call.
public struct QueryPredicateFormat: Sendable, Hashable {
    /// One argument of the format, in order.
    public enum Argument: Sendable, Hashable {
        /// A field name, for a `%K`.
        case key(String)
        /// A value, for a `%@`.
        case value(FieldValue)
        /// A distance in meters, for the `%f` of a `near` filter.
        case distance(Double)
    }

    /// The format string, for example `%K == %@ AND %K > %@`; `TRUEPREDICATE` for a query with no filters.
    public var format: String
    /// The arguments of the format, in order.
    public var arguments: [Argument]

    /// The format of a query subscription's filters, all of which must hold.
    ///
    /// - Throws: ``CloudKitBridgeError/unsupportedQueryFilter(field:comparator:)`` for a comparator `CKQuery` has no
    ///   operator for (the token comparators, which `CKQuery` applies to every searchable field at once, and the
    ///   list comparators beyond `listContains` and `notListContains`, and the nil checks, which CloudKit lacks).
    public init(_ query: QuerySubscription) throws(CloudKitBridgeError) {
        guard !query.filters.isEmpty else {
            format = "TRUEPREDICATE"
            arguments = []
            return
        }
        var clauses: [String] = []
        var arguments: [Argument] = []
        for filter in query.filters {
            // CKQuery names the record's own ID `recordID`.
            let key = filter.fieldName == QueryFilter.recordIDField ? "recordID" : filter.fieldName
            guard let clause = Self.clause(filter.comparator) else {
                throw .unsupportedQueryFilter(field: filter.fieldName, comparator: filter.comparator.rawValue)
            }
            clauses.append(clause)
            arguments += [.key(key), .value(filter.value)]
            if filter.comparator == .near { arguments.append(.distance(filter.distance ?? 0)) }
        }
        format = clauses.joined(separator: " AND ")
        self.arguments = arguments
    }

    /// The clause of a comparator, nil for one `CKQuery` cannot express.
    static func clause(_ comparator: QueryComparator) -> String? {
        switch comparator {
        case .equals: "%K == %@"
        case .notEquals: "%K != %@"
        case .lessThan: "%K < %@"
        case .lessThanOrEquals: "%K <= %@"
        case .greaterThan: "%K > %@"
        case .greaterThanOrEquals: "%K >= %@"
        case .near: "distanceToLocation:fromLocation:(%K, %@) < %f"
        case .in: "%K IN %@"
        case .notIn: "NOT (%K IN %@)"
        case .beginsWith: "%K BEGINSWITH %@"
        case .notBeginsWith: "NOT (%K BEGINSWITH %@)"
        case .listContains: "%K CONTAINS %@"
        case .notListContains: "NOT (%K CONTAINS %@)"
        case .containsAllTokens, .containsAnyTokens, .listContainsAny, .notListContainsAny, .listContainsAll, .notListContainsAll,
            .listMemberBeginsWith, .notListMemberBeginsWith, .isNil, .isNotNil: nil
        }
    }

    /// The arguments as the objects `NSPredicate(format:argumentArray:)` takes: field names as strings, values as
    /// a `CKRecord` stores them, distances as numbers.
    func objects() throws(CloudKitBridgeError) -> [Any] {
        var objects: [Any] = []
        var lastKey = ""
        for argument in arguments {
            switch argument {
            case let .key(key):
                lastKey = key
                objects.append(key)
            case let .value(value):
                objects.append(try FieldValueEncoder(recordType: "query", recordName: "", field: lastKey).object(for: value))
            case let .distance(meters):
                objects.append(NSNumber(value: meters))
            }
        }
        return objects
    }

    /// The predicate.
    public func nsPredicate() throws(CloudKitBridgeError) -> NSPredicate {
        NSPredicate(format: format, argumentArray: try objects())
    }
}
#endif
