import Foundation

/// What a generated model's decode walk reads from: ``RecordFieldReader`` (a ``Record``), ``ModelArchiveReader``
/// (the native archive, no record built) and ``ModelCoding`` (JSON, `Codable`) all serve the same walk.
///
/// Generated `init(fieldsFrom:)` asks the source for the declared fields it holds, one by one, in the order the
/// source keeps them (``nextField()``: the byte order of the keys, the encrypted ones after the others), and reads
/// each with one `switch` over the fields in schema order (`read(_:)`, `readOptional(_:)`, ``readList(_:)``).
/// It then takes ``metadata()``, and hands the memberwise initializer every field, a field the source did not
/// hold passing through ``required(_:_:)``, ``value(_:_:default:)`` or ``list(_:_:)``, which give its default or
/// say it is missing. Each source throws its own error type.
public protocol RecordFieldSource<Model> {
    /// The model whose fields the source reads.
    associatedtype Model: RecordModel
    /// What a read throws.
    associatedtype Failure: Error

    /// The next declared field the source holds, nil after the last one; the walk reads its value next.
    mutating func nextField() throws(Failure) -> Model.Field?

    /// The value of the field ``nextField()`` returned.
    mutating func read<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> T
    /// The value of an optional field ``nextField()`` returned (JSON may hold `null`).
    mutating func readOptional<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> T?
    /// The value of a list field ``nextField()`` returned; an empty list of any element kind is an empty list.
    mutating func readList<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> [T]

    // Kinds a source may read without building a `FieldValue`. The defaults forward to the generic forms;
    // requirements, so a walk specialised for a source reaches the source's own overloads.

    /// A string field's value.
    mutating func read(_ field: Model.Field) throws(Failure) -> String
    /// An optional string field's value.
    mutating func readOptional(_ field: Model.Field) throws(Failure) -> String?
    /// A bytes field's value.
    mutating func read(_ field: Model.Field) throws(Failure) -> Data
    /// An optional bytes field's value.
    mutating func readOptional(_ field: Model.Field) throws(Failure) -> Data?
    /// An untyped reference field's value.
    mutating func read(_ field: Model.Field) throws(Failure) -> Reference
    /// An optional untyped reference field's value.
    mutating func readOptional(_ field: Model.Field) throws(Failure) -> Reference?

    /// A required field after the walk: its value, or the source's "missing" error when it held none.
    func required<T: RecordFieldValue>(_ read: T?, _ field: Model.Field) throws(Failure) -> T
    /// A field with a default after the walk: its value, or (in a record or an archive) the default.
    func value<T: RecordFieldValue>(_ read: T?, _ field: Model.Field, default defaultValue: @autoclosure () -> T) throws(Failure) -> T
    /// A list field after the walk: its value, or (in a record or an archive) an empty list.
    func list<T: RecordFieldValue>(_ read: [T]?, _ field: Model.Field) throws(Failure) -> [T]

    /// The record ID, system fields, fields the model does not declare and the version read: after the fields.
    mutating func metadata() throws(Failure) -> RecordMetadata
}

extension RecordFieldSource {
    @inlinable @inline(__always)
    public mutating func read(_ field: Model.Field) throws(Failure) -> String { try readAny(field) }

    @inlinable @inline(__always)
    public mutating func readOptional(_ field: Model.Field) throws(Failure) -> String? { try readOptionalAny(field) }

    @inlinable @inline(__always)
    public mutating func read(_ field: Model.Field) throws(Failure) -> Data { try readAny(field) }

    @inlinable @inline(__always)
    public mutating func readOptional(_ field: Model.Field) throws(Failure) -> Data? { try readOptionalAny(field) }

    @inlinable @inline(__always)
    public mutating func read(_ field: Model.Field) throws(Failure) -> Reference { try readAny(field) }

    @inlinable @inline(__always)
    public mutating func readOptional(_ field: Model.Field) throws(Failure) -> Reference? { try readOptionalAny(field) }

    @inlinable @inline(__always)
    mutating func readAny<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> T { try read(field) }

    @inlinable @inline(__always)
    mutating func readOptionalAny<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> T? {
        try readOptional(field)
    }
}

extension RecordFieldSource {
    /// A typed reference field's value. A reference whose action is the field's schema action is read without
    /// one of its own, as the model held it before it was written: the round trip gives an equal model.
    @inlinable @inline(__always)
    public mutating func read<Target>(
        _ field: Model.Field, schemaAction: Reference.Action
    ) throws(Failure) -> RecordReference<Target> {
        let read: RecordReference<Target> = try readAny(field)
        return read.withoutAction(schemaAction)
    }

    /// An optional typed reference field's value.
    @inlinable @inline(__always)
    public mutating func readOptional<Target>(
        _ field: Model.Field, schemaAction: Reference.Action
    ) throws(Failure) -> RecordReference<Target>? {
        let read: RecordReference<Target>? = try readOptionalAny(field)
        return read?.withoutAction(schemaAction)
    }

    /// A list of typed references.
    @inlinable @inline(__always)
    public mutating func readList<Target>(
        _ field: Model.Field, schemaAction: Reference.Action
    ) throws(Failure) -> [RecordReference<Target>] {
        let read: [RecordReference<Target>] = try readList(field)
        guard read.contains(where: { $0.action == schemaAction }) else { return read }
        return read.map { $0.withoutAction(schemaAction) }
    }
}
