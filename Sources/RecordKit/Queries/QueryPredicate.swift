import Foundation

/// One condition of a ``ModelQuery`` on a field of `Model`, built from a ``QueryField`` with an operator or method
/// (`Book.Fields.pages >= 100`, `Book.Fields.tags.contains("poetry")`), never from a string. It carries the
/// runtime filter it compiles to and the index CloudKit needs for it, which ``ModelQuery/validate()`` checks.
public struct QueryPredicate<Model: RecordModel>: Sendable, Hashable {
    /// The filter, as CloudKit and ``QueryFilter/isMet(by:)`` evaluate it.
    public let filter: QueryFilter
    /// The field compared.
    public let key: QueryFieldKey
    /// The indexes the field has in the schema.
    public let fieldIndexes: QueryIndexes
    /// The index CloudKit needs for this comparison: queryable, or searchable for token matches.
    public let neededIndex: QueryIndexes

    init<Value>(_ field: QueryField<Model, Value>, _ comparator: QueryComparator, _ value: FieldValue, distance: Double? = nil) {
        filter = QueryFilter(field.key.schemaName, comparator, value, distance: distance)
        key = field.key
        fieldIndexes = field.indexes
        neededIndex = switch comparator {
        case .containsAllTokens, .containsAnyTokens: .searchable
        default: .queryable
        }
    }
}

// MARK: - Nil checks

extension QueryField {
    /// The record has no value for the field. Only a local store answers it: CloudKit has no nil comparator, so
    /// ``ModelQuery/validate()`` and the servers refuse it. A reference or location field is nil when it is
    /// missing; a list field is nil when it is missing, not when it is empty.
    public var isNil: QueryPredicate<Model> { QueryPredicate(self, .isNil, QueryFilter.noValue) }

    /// The record has a value for the field (an empty list is one). Only a local store answers it, as ``isNil``.
    public var isNotNil: QueryPredicate<Model> { QueryPredicate(self, .isNotNil, QueryFilter.noValue) }
}

// MARK: - Scalar fields

extension QueryField where Value: RecordFieldValue {
    /// The field equals `value`.
    public static func == (field: Self, value: Value) -> QueryPredicate<Model> { QueryPredicate(field, .equals, value.fieldValue) }
    /// The field differs from `value` (records without the field pass).
    public static func != (field: Self, value: Value) -> QueryPredicate<Model> { QueryPredicate(field, .notEquals, value.fieldValue) }

    /// The field equals one of `values`.
    public func `in`(_ values: [Value]) -> QueryPredicate<Model> {
        QueryPredicate(self, .in, .list(Value.fieldList(of: values)))
    }

    /// The field equals none of `values` (records without the field pass).
    public func notIn(_ values: [Value]) -> QueryPredicate<Model> {
        QueryPredicate(self, .notIn, .list(Value.fieldList(of: values)))
    }
}

extension QueryField where Value: RecordFieldValue & Comparable {
    /// The field is less than `value`.
    public static func < (field: Self, value: Value) -> QueryPredicate<Model> { QueryPredicate(field, .lessThan, value.fieldValue) }
    /// The field is at most `value`.
    public static func <= (field: Self, value: Value) -> QueryPredicate<Model> {
        QueryPredicate(field, .lessThanOrEquals, value.fieldValue)
    }
    /// The field is greater than `value`.
    public static func > (field: Self, value: Value) -> QueryPredicate<Model> { QueryPredicate(field, .greaterThan, value.fieldValue) }
    /// The field is at least `value`.
    public static func >= (field: Self, value: Value) -> QueryPredicate<Model> {
        QueryPredicate(field, .greaterThanOrEquals, value.fieldValue)
    }
}

extension QueryField where Value == String {
    /// The field starts with `prefix` (case-sensitive).
    public func beginsWith(_ prefix: String) -> QueryPredicate<Model> { QueryPredicate(self, .beginsWith, .string(prefix)) }
    /// The field does not start with `prefix` (records without the field pass).
    public func notBeginsWith(_ prefix: String) -> QueryPredicate<Model> { QueryPredicate(self, .notBeginsWith, .string(prefix)) }
    /// Every word of `text` is a word of the field, ignoring case and diacritics; needs a searchable field.
    public func containsAllTokens(_ text: String) -> QueryPredicate<Model> { QueryPredicate(self, .containsAllTokens, .string(text)) }
    /// Some word of `text` is a word of the field, ignoring case and diacritics; needs a searchable field.
    public func containsAnyTokens(_ text: String) -> QueryPredicate<Model> { QueryPredicate(self, .containsAnyTokens, .string(text)) }
}

extension QueryField where Value == Location {
    /// The field's location lies within `radius` meters of `center` (great-circle distance).
    public func near(_ center: Location, radius: Double) -> QueryPredicate<Model> {
        QueryPredicate(self, .near, .location(center), distance: radius)
    }
}

// MARK: - Record names and typed references

extension QueryField where Value == RecordID {
    /// The record is the one with this ID.
    public static func == (field: Self, id: RecordID) -> QueryPredicate<Model> { QueryPredicate(field, .equals, Self.value(id)) }
    /// The record is not the one with this ID.
    public static func != (field: Self, id: RecordID) -> QueryPredicate<Model> { QueryPredicate(field, .notEquals, Self.value(id)) }
    /// The record is one of these.
    public func `in`(_ ids: [RecordID]) -> QueryPredicate<Model> { QueryPredicate(self, .in, .list(.reference(ids.map(Self.reference)))) }
    /// The record is none of these.
    public func notIn(_ ids: [RecordID]) -> QueryPredicate<Model> { QueryPredicate(self, .notIn, .list(.reference(ids.map(Self.reference)))) }

    private static func reference(_ id: RecordID) -> Reference { Reference(recordID: id, action: .none) }
    private static func value(_ id: RecordID) -> FieldValue { .reference(reference(id)) }
}

extension QueryField {
    /// The reference points at `target` (the action does not take part).
    public static func == <Target>(field: Self, target: RecordReference<Target>) -> QueryPredicate<Model>
    where Value == RecordReference<Target> {
        QueryPredicate(field, .equals, .reference(target.reference()))
    }

    /// The reference does not point at `target` (records without the field pass).
    public static func != <Target>(field: Self, target: RecordReference<Target>) -> QueryPredicate<Model>
    where Value == RecordReference<Target> {
        QueryPredicate(field, .notEquals, .reference(target.reference()))
    }

    /// The reference points at one of `targets`.
    public func `in`<Target>(_ targets: [RecordReference<Target>]) -> QueryPredicate<Model> where Value == RecordReference<Target> {
        QueryPredicate(self, .in, .list(.reference(targets.map { $0.reference() })))
    }
}
