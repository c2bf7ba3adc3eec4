import Foundation

/// One sort key of a ``ModelQuery``: a sortable field, ascending or descending, or a location field by its
/// distance from a point (nearest first). Built from a ``QueryField``: `Book.Fields.published.descending`,
/// `Shop.Fields.place.distance(from: here)`.
public struct QuerySort<Model: RecordModel>: Sendable, Hashable {
    /// The field sorted by.
    public let key: QueryFieldKey
    /// The indexes the field has in the schema (sorting needs ``QueryIndexes/sortable``).
    public let fieldIndexes: QueryIndexes
    /// Smallest first when true.
    public let ascending: Bool
    /// For a location field: sort by the distance from this point, nearest first.
    public let relativeLocation: Location?

    init<Value>(_ field: QueryField<Model, Value>, ascending: Bool, relativeLocation: Location? = nil) {
        key = field.key
        fieldIndexes = field.indexes
        self.ascending = ascending
        self.relativeLocation = relativeLocation
    }
}

extension QueryField {
    /// Sorts by this field, smallest first.
    public var ascending: QuerySort<Model> { QuerySort(self, ascending: true) }
    /// Sorts by this field, largest first.
    public var descending: QuerySort<Model> { QuerySort(self, ascending: false) }
}

extension QueryField where Value == Location {
    /// Sorts by the distance between this location field and `point`, nearest first.
    public func distance(from point: Location) -> QuerySort<Model> { QuerySort(self, ascending: true, relativeLocation: point) }
}
