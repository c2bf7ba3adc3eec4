import Foundation

/// One field of a generated model as the schema declares it: its record key, its type, its indexes and, for a
/// reference, the record type it points at. The generator emits every field of a model in
/// ``ProjectableRecordModel/fieldDescriptors``; a local store builds its queryable tables from them (a column per
/// field, an index per `queryable` or `sortable` field, a full-text index over the `searchable` ones).
public struct RecordFieldDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The field's record key.
    public let key: String
    /// The kind of its value, or of each element of a list.
    public let type: FieldType
    /// The indexes the schema declares on it.
    public let indexes: QueryIndexes
    /// The record type a reference (or each reference of a list) points at; nil for other kinds.
    public let referenceTarget: String?
    /// Whether CloudKit keeps the field encrypted (it is never indexed on the server).
    public let isEncrypted: Bool

    /// A field of the record type.
    public init(_ key: String, _ type: FieldType, indexes: QueryIndexes = [], referenceTarget: String? = nil, isEncrypted: Bool = false) {
        self.key = key
        self.type = type
        self.indexes = indexes
        self.referenceTarget = referenceTarget
        self.isEncrypted = isEncrypted
    }

    /// `key: TYPE [indexes]`, as a projection's signature records it.
    public var description: String {
        var text = "\(key): \(type)"
        if !indexes.isEmpty { text += " [\(indexes)]" }
        if let referenceTarget { text += " -> \(referenceTarget)" }
        if isEncrypted { text += " encrypted" }
        return text
    }
}

/// A generated model that lists every field it knows, with its type and indexes: what a local store needs to keep
/// a queryable table of the model's records (see RecordKitStore's "Querying the store").
///
/// A store projects a record the model's own ``RecordModel/record()`` made (a local save's) from that record's
/// values, without decoding it: `Self(record: model.record())` must decode and give the same field values back, as
/// generated models do.
public protocol ProjectableRecordModel: QueryableRecordModel {
    /// Every field of the model, in schema order.
    static var fieldDescriptors: [RecordFieldDescriptor] { get }
}
