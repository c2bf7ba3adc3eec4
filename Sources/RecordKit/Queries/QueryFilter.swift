import Foundation

/// One condition of a CloudKit query: a field, a comparator and a value, as the Web Services `filterBy` entry
/// writes it (https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/QueryingRecords.html).
///
/// A query's filters all have to hold (CloudKit has no OR). `fieldName` is a field of the record type, or a
/// system field: `___recordID` for the record's own ID (its value a ``FieldValue/reference(_:)``), `___createTime`
/// and `___modTime` for its creation and modification times (timestamps).
public struct QueryFilter: Sendable, Hashable {
    /// The field compared.
    public var fieldName: String
    /// How it is compared.
    public var comparator: QueryComparator
    /// The value it is compared with: a list for `in`, `notIn` and the `list…All/Any` comparators, a location for
    /// `near`, a string for the token and prefix comparators.
    public var value: FieldValue
    /// The radius in meters, for `near`.
    public var distance: Double?

    /// A filter.
    public init(_ fieldName: String, _ comparator: QueryComparator, _ value: FieldValue, distance: Double? = nil) {
        self.fieldName = fieldName
        self.comparator = comparator
        self.value = value
        self.distance = distance
    }

    /// The record ID's pseudo-field name, for filters on the record's own ID.
    public static let recordIDField = "___recordID"
    /// The creation time's pseudo-field name.
    public static let creationDateField = "___createTime"
    /// The modification time's pseudo-field name.
    public static let modificationDateField = "___modTime"

    /// The value of a filter whose comparator takes none (the nil checks): an empty list of strings.
    public static let noValue = FieldValue.list(.string([]))
}

/// The comparators of a CloudKit query, named as Web Services writes them, and the two nil checks only a local
/// store answers (``isNil`` and ``isNotNil``: CloudKit has no nil comparator, see ``isCloudKitComparator``).
public enum QueryComparator: String, Sendable, Hashable, CaseIterable {
    case equals = "EQUALS"
    case notEquals = "NOT_EQUALS"
    case lessThan = "LESS_THAN"
    case lessThanOrEquals = "LESS_THAN_OR_EQUALS"
    case greaterThan = "GREATER_THAN"
    case greaterThanOrEquals = "GREATER_THAN_OR_EQUALS"
    /// The field's location lies within ``QueryFilter/distance`` meters of the value.
    case near = "NEAR"
    /// Every token of the value is a token of the field (a searchable string).
    case containsAllTokens = "CONTAINS_ALL_TOKENS"
    /// Some token of the value is a token of the field (a searchable string).
    case containsAnyTokens = "CONTAINS_ANY_TOKENS"
    /// The field equals an element of the value (a list).
    case `in` = "IN"
    /// The field equals no element of the value (a list).
    case notIn = "NOT_IN"
    /// The field (a string) starts with the value.
    case beginsWith = "BEGINS_WITH"
    /// The field (a string) does not start with the value.
    case notBeginsWith = "NOT_BEGINS_WITH"
    /// The field (a list) contains the value.
    case listContains = "LIST_CONTAINS"
    /// The field (a list) does not contain the value.
    case notListContains = "NOT_LIST_CONTAINS"
    /// The field (a list) contains at least one of the value's elements.
    case listContainsAny = "LIST_CONTAINS_ANY"
    /// The field (a list) contains none of the value's elements.
    case notListContainsAny = "NOT_LIST_CONTAINS_ANY"
    /// The field (a list) contains every one of the value's elements.
    case listContainsAll = "LIST_CONTAINS_ALL"
    /// The field (a list) misses at least one of the value's elements.
    case notListContainsAll = "NOT_LIST_CONTAINS_ALL"
    /// An element of the field (a list of strings) starts with the value.
    case listMemberBeginsWith = "LIST_MEMBER_BEGINS_WITH"
    /// No element of the field (a list of strings) starts with the value.
    case notListMemberBeginsWith = "NOT_LIST_MEMBER_BEGINS_WITH"
    /// The record has no value for the field (the filter's value is ignored). Not a CloudKit comparator: only a
    /// local store and ``QueryFilter/isMet(by:)`` evaluate it.
    case isNil = "IS_NIL"
    /// The record has a value for the field (the filter's value is ignored). Not a CloudKit comparator: only a
    /// local store and ``QueryFilter/isMet(by:)`` evaluate it.
    case isNotNil = "IS_NOT_NIL"

    /// Whether CloudKit has this comparator. Its Web Services list them
    /// (https://developer.apple.com/documentation/cloudkitjs/cloudkit.queryfiltercomparator) and `CKQuery`'s
    /// predicate rules (https://developer.apple.com/documentation/cloudkit/ckquery) offer no comparison with nil,
    /// so the nil checks are false: a server refuses them, the store answers them.
    public var isCloudKitComparator: Bool {
        switch self {
        case .isNil, .isNotNil: false
        default: true
        }
    }
}
