import Foundation

/// The indexes a field has in the schema (`queryable`, `sortable`, `searchable`), which decide what CloudKit lets
/// a query do with it: filter on it, sort by it, or match its tokens.
public struct QueryIndexes: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Filters may compare the field (`QUERYABLE`).
    public static let queryable = QueryIndexes(rawValue: 1 << 0)
    /// Queries may sort by the field (`SORTABLE`).
    public static let sortable = QueryIndexes(rawValue: 1 << 1)
    /// Token matches may search the field's words (`SEARCHABLE`, strings only).
    public static let searchable = QueryIndexes(rawValue: 1 << 2)

    /// The schema attribute's name of each index in the set, in the order queryable, sortable, searchable.
    public var description: String {
        [(Self.queryable, "queryable"), (Self.sortable, "sortable"), (Self.searchable, "searchable")]
            .filter { contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}

/// What a query field names: a field of the record type, or one of the system fields CloudKit keeps on every record.
public enum QueryFieldKey: Sendable, Hashable, CustomStringConvertible {
    /// A field of the record type, by its record key.
    case field(String)
    /// The record's name (`___recordID` in a schema, `recordName` on the wire).
    case recordName
    /// When the record was first saved (`___createTime`).
    case creationDate
    /// When the record was last saved (`___modTime`).
    case modificationDate

    /// The name the schema language gives it: the record key, or the system field's `___` name.
    public var schemaName: String {
        switch self {
        case let .field(name): name
        case .recordName: QueryFilter.recordIDField
        case .creationDate: QueryFilter.creationDateField
        case .modificationDate: QueryFilter.modificationDateField
        }
    }

    public var description: String { schemaName }
}

/// A field of `Model` that queries can use, typed by the Swift type of its values (the element type for a list
/// field, `[Element]`). The generator emits one per field in the model's `Fields` namespace, with the indexes the
/// schema gives it: `Book.Fields.title` is a `QueryField<Book, String>` with `indexes: [.queryable, .sortable]`.
///
/// Build filters from it with the comparison operators (`Book.Fields.pages > 100`) and its methods
/// (`Book.Fields.title.beginsWith("Les")`), and sort keys with ``ascending`` and ``descending``.
public struct QueryField<Model: RecordModel, Value>: Sendable, Hashable, CustomStringConvertible {
    /// The field's record key or system field.
    public let key: QueryFieldKey
    /// The indexes the schema declares on it.
    public let indexes: QueryIndexes

    /// A field of the record type, by record key.
    public init(_ name: String, indexes: QueryIndexes) {
        self.init(key: .field(name), indexes: indexes)
    }

    /// A field by its key.
    public init(key: QueryFieldKey, indexes: QueryIndexes) {
        self.key = key
        self.indexes = indexes
    }

    /// `Model.recordType.field`, as errors name it.
    public var description: String { "\(Model.recordType).\(key.schemaName)" }
}

extension QueryField where Value == RecordID {
    /// The record's ID (its name, in the query's zone), with the indexes the schema declares on `___recordID`.
    public static func recordName(indexes: QueryIndexes) -> Self { Self(key: .recordName, indexes: indexes) }
}

extension QueryField where Value == Date {
    /// When the record was first saved, with the indexes the schema declares on `___createTime`.
    public static func creationDate(indexes: QueryIndexes) -> Self { Self(key: .creationDate, indexes: indexes) }
    /// When the record was last saved, with the indexes the schema declares on `___modTime`.
    public static func modificationDate(indexes: QueryIndexes) -> Self { Self(key: .modificationDate, indexes: indexes) }
}

/// A generated model whose schema indexes queries can check: the system fields every query may need.
public protocol QueryableRecordModel: RecordModel {
    /// The record name as a query field (`___recordID`): CloudKit runs a query without filters only when it is
    /// queryable.
    static var recordNameQueryField: QueryField<Self, RecordID> { get }
    /// The modification time as a query field (`___modTime`), for "changed since" walks.
    static var modificationDateQueryField: QueryField<Self, Date> { get }
}
