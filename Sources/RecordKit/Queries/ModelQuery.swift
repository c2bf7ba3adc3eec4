import Foundation

/// A typed query over a generated model: filters built from the model's query fields (no strings), sort keys, a
/// result limit and the fields to return. It is a description, independent of any server: the Web Services client
/// compiles it to a records/query request, ``isMet(by:)`` evaluates it on a record as CloudKit does, and
/// ``validate()`` refuses what CloudKit would refuse for want of an index, before anything is sent.
///
///     let query = ModelQuery<Book>(Book.Fields.pages >= 100, Book.Fields.title.beginsWith("Les"))
///         .sorted(by: Book.Fields.published.descending)
///         .limit(50)
public struct ModelQuery<Model: QueryableRecordModel>: Sendable, Hashable {
    /// The conditions, all of which a record meets (CloudKit has no OR).
    public var predicates: [QueryPredicate<Model>]
    /// The sort keys, the first deciding first; none leaves the order to the server.
    public var sorts: [QuerySort<Model>]
    /// At most this many records a page; nil for the server's default.
    public var resultsLimit: Int?
    /// Only these fields in the records returned; nil for all. A model whose required fields are left out cannot
    /// be decoded from the result.
    public var desiredKeys: [Model.Field]?
    /// The zone searched; nil for the default zone (the public database has no other).
    public var zoneID: RecordZoneID?

    /// A query for the records of `Model` that meet every predicate.
    public init(_ predicates: QueryPredicate<Model>..., sortedBy sorts: [QuerySort<Model>] = [], resultsLimit: Int? = nil) {
        self.init(predicates: predicates, sortedBy: sorts, resultsLimit: resultsLimit)
    }

    /// A query for the records of `Model` that meet every predicate of the array.
    public init(predicates: [QueryPredicate<Model>], sortedBy sorts: [QuerySort<Model>] = [], resultsLimit: Int? = nil) {
        self.predicates = predicates
        self.sorts = sorts
        self.resultsLimit = resultsLimit
        desiredKeys = nil
        zoneID = nil
    }

    /// This query with one more condition.
    public func filter(_ predicate: QueryPredicate<Model>) -> Self {
        var query = self
        query.predicates.append(predicate)
        return query
    }

    /// This query with these sort keys after its own.
    public func sorted(by sorts: QuerySort<Model>...) -> Self {
        var query = self
        query.sorts += sorts
        return query
    }

    /// This query with at most `count` records a page.
    public func limit(_ count: Int) -> Self {
        var query = self
        query.resultsLimit = count
        return query
    }

    /// This query returning only these fields.
    public func selecting(_ keys: Model.Field...) -> Self {
        var query = self
        query.desiredKeys = keys
        return query
    }

    /// The record type searched.
    public var recordType: String { Model.recordType }

    /// The filters the predicates compile to, in order.
    public var filters: [QueryFilter] { predicates.map(\.filter) }

    /// Whether `record` is of the model's type and meets every filter, as CloudKit evaluates them.
    public func isMet(by record: Record) -> Bool {
        record.recordType == Model.recordType && predicates.allSatisfy { $0.filter.isMet(by: record) }
    }
}
