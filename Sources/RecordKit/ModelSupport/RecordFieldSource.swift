import Foundation

/// What a generated model's decode walk reads from: ``RecordFieldReader`` (a ``Record``), ``ModelArchiveReader``
/// (the native archive, no record built) and ``ModelCoding`` (JSON, `Codable`) all serve the same walk.
///
/// Generated `init(fieldsFrom:)` reads every unencrypted field in the byte order of the keys, calls
/// ``beginEncryptedFields()``, reads the encrypted ones, and ends with ``metadata()``; it lists the fields in schema
/// order, in a `switch` it calls with each field's position in that read order, and hands each value read to the
/// memberwise initializer through ``walked(_:_:)``. Each source throws its own error type.
public protocol RecordFieldSource<Model> {
    /// The model whose fields the source reads.
    associatedtype Model: RecordModel
    /// What a read throws.
    associatedtype Failure: Error

    /// A required field: absent is an error.
    mutating func required<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> T
    /// A field with a default: absent in a record gives the default.
    mutating func value<T: RecordFieldValue>(_ field: Model.Field, default defaultValue: T) throws(Failure) -> T
    /// An optional field: absent gives nil.
    mutating func optional<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> T?
    /// A list field: absent in a record gives an empty list.
    mutating func list<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> [T]

    // Kinds a source may read without building a `FieldValue`. The defaults forward to the generic forms;
    // requirements, so a walk specialised for a source reaches the source's own overloads.

    /// A required string field.
    mutating func required(_ field: Model.Field) throws(Failure) -> String
    /// A string field with a default.
    mutating func value(_ field: Model.Field, default defaultValue: String) throws(Failure) -> String
    /// An optional string field.
    mutating func optional(_ field: Model.Field) throws(Failure) -> String?
    /// A required bytes field.
    mutating func required(_ field: Model.Field) throws(Failure) -> Data
    /// A bytes field with a default.
    mutating func value(_ field: Model.Field, default defaultValue: Data) throws(Failure) -> Data
    /// An optional bytes field.
    mutating func optional(_ field: Model.Field) throws(Failure) -> Data?
    /// A required untyped reference field.
    mutating func required(_ field: Model.Field) throws(Failure) -> Reference
    /// An optional untyped reference field.
    mutating func optional(_ field: Model.Field) throws(Failure) -> Reference?

    /// The value the walk read for `field`: never nil, as the walk reads every field; nil (a walk that skipped the
    /// field) is the source's error for the field missing.
    func walked<T>(_ value: T?, _ field: Model.Field) throws(Failure) -> T

    /// Moves on from the unencrypted fields to the encrypted ones (a no-op for a source that can look anywhere).
    mutating func beginEncryptedFields() throws(Failure)
    /// The record ID, system fields, fields the model does not declare and the version read: the walk's last step.
    mutating func metadata() throws(Failure) -> RecordMetadata
}

extension RecordFieldSource {
    @inlinable @inline(__always)
    public mutating func required(_ field: Model.Field) throws(Failure) -> String { try requiredAny(field) }

    @inlinable @inline(__always)
    public mutating func value(_ field: Model.Field, default defaultValue: String) throws(Failure) -> String {
        try valueAny(field, defaultValue)
    }

    @inlinable @inline(__always)
    public mutating func optional(_ field: Model.Field) throws(Failure) -> String? { try optionalAny(field) }

    @inlinable @inline(__always)
    public mutating func required(_ field: Model.Field) throws(Failure) -> Data { try requiredAny(field) }

    @inlinable @inline(__always)
    public mutating func value(_ field: Model.Field, default defaultValue: Data) throws(Failure) -> Data {
        try valueAny(field, defaultValue)
    }

    @inlinable @inline(__always)
    public mutating func optional(_ field: Model.Field) throws(Failure) -> Data? { try optionalAny(field) }

    @inlinable @inline(__always)
    public mutating func required(_ field: Model.Field) throws(Failure) -> Reference { try requiredAny(field) }

    @inlinable @inline(__always)
    public mutating func optional(_ field: Model.Field) throws(Failure) -> Reference? { try optionalAny(field) }

    /// Nothing to do for a source that finds encrypted fields wherever it is.
    @inlinable @inline(__always)
    public mutating func beginEncryptedFields() throws(Failure) {}

    @inlinable @inline(__always)
    mutating func requiredAny<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> T { try required(field) }

    @inlinable @inline(__always)
    mutating func valueAny<T: RecordFieldValue>(_ field: Model.Field, _ defaultValue: T) throws(Failure) -> T {
        try value(field, default: defaultValue)
    }

    @inlinable @inline(__always)
    mutating func optionalAny<T: RecordFieldValue>(_ field: Model.Field) throws(Failure) -> T? { try optional(field) }
}

extension RecordFieldSource {
    /// A required typed reference field. A reference whose action is the field's schema action is read without
    /// one of its own, as the model held it before it was written: the round trip gives an equal model.
    @inlinable @inline(__always)
    public mutating func required<Target>(
        _ field: Model.Field, schemaAction: Reference.Action
    ) throws(Failure) -> RecordReference<Target> {
        let read: RecordReference<Target> = try requiredAny(field)
        return read.withoutAction(schemaAction)
    }

    /// An optional typed reference field.
    @inlinable @inline(__always)
    public mutating func optional<Target>(
        _ field: Model.Field, schemaAction: Reference.Action
    ) throws(Failure) -> RecordReference<Target>? {
        let read: RecordReference<Target>? = try optionalAny(field)
        return read?.withoutAction(schemaAction)
    }

    /// A list of typed references.
    @inlinable @inline(__always)
    public mutating func list<Target>(
        _ field: Model.Field, schemaAction: Reference.Action
    ) throws(Failure) -> [RecordReference<Target>] {
        let read: [RecordReference<Target>] = try list(field)
        guard read.contains(where: { $0.action == schemaAction }) else { return read }
        return read.map { $0.withoutAction(schemaAction) }
    }
}
