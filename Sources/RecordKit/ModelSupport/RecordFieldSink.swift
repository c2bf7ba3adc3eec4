import Foundation

/// Where a generated model's field walk writes: ``RecordFieldWriter`` (a ``Record``), ``ModelArchiveWriter`` (the
/// native archive, no record built) and ``ModelCoding`` (JSON, `Codable`) all take the same walk.
///
/// Generated `writeFields(to:)` hands every declared field to the sink once, in the byte order of the keys (the
/// order records and archives keep fields in). Typed reference fields pass their schema action: the sink applies
/// it to a reference without an action of its own, so the model never has to rewrite its property.
public protocol RecordFieldSink<Model> {
    /// The model whose fields the sink takes.
    associatedtype Model: RecordModel

    /// Sets a field; `encrypted` puts it among the encrypted fields.
    mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T, encrypted: Bool)
    /// Sets an optional field; nil leaves it out.
    mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T?, encrypted: Bool)
    /// Sets a list field, empty lists included.
    mutating func setList<T: RecordFieldValue>(_ field: Model.Field, _ values: [T], encrypted: Bool)

    /// Sets a typed reference field, with `schemaAction` when the reference has no action of its own.
    mutating func set<Target>(_ field: Model.Field, _ value: RecordReference<Target>, schemaAction: Reference.Action)
    /// Sets an optional typed reference field; nil leaves it out.
    mutating func set<Target>(_ field: Model.Field, _ value: RecordReference<Target>?, schemaAction: Reference.Action)
    /// Sets a list of typed references, each with `schemaAction` when it has no action of its own.
    mutating func setList<Target>(_ field: Model.Field, _ values: [RecordReference<Target>], schemaAction: Reference.Action)

    // Kinds a sink may write without building a `FieldValue` (a reference's is boxed). The defaults forward to
    // the generic forms; requirements, so a walk specialised for a sink reaches the sink's own overloads.

    /// Sets a string field.
    mutating func set(_ field: Model.Field, _ value: String, encrypted: Bool)
    /// Sets an optional string field; nil leaves it out.
    mutating func set(_ field: Model.Field, _ value: String?, encrypted: Bool)
    /// Sets a bytes field.
    mutating func set(_ field: Model.Field, _ value: Data, encrypted: Bool)
    /// Sets an optional bytes field; nil leaves it out.
    mutating func set(_ field: Model.Field, _ value: Data?, encrypted: Bool)
    /// Sets an untyped reference field.
    mutating func set(_ field: Model.Field, _ value: Reference, encrypted: Bool)
    /// Sets an optional untyped reference field; nil leaves it out.
    mutating func set(_ field: Model.Field, _ value: Reference?, encrypted: Bool)
}

extension RecordFieldSink {
    /// Sets an unencrypted field.
    @inlinable @inline(__always)
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T) {
        set(field, value, encrypted: false)
    }

    /// Sets an unencrypted optional field.
    @inlinable @inline(__always)
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T?) {
        set(field, value, encrypted: false)
    }

    /// Sets an unencrypted list field.
    @inlinable @inline(__always)
    public mutating func setList<T: RecordFieldValue>(_ field: Model.Field, _ values: [T]) {
        setList(field, values, encrypted: false)
    }

    /// Sets an unencrypted string field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: String) { set(field, value, encrypted: false) }

    /// Sets an unencrypted optional string field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: String?) { set(field, value, encrypted: false) }

    /// Sets an unencrypted bytes field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Data) { set(field, value, encrypted: false) }

    /// Sets an unencrypted optional bytes field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Data?) { set(field, value, encrypted: false) }

    /// Sets an unencrypted untyped reference field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Reference) { set(field, value, encrypted: false) }

    /// Sets an unencrypted optional untyped reference field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Reference?) { set(field, value, encrypted: false) }
}

extension RecordFieldSink {
    /// The default of the string, bytes and reference requirements: the generic form.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: String, encrypted: Bool) { setAny(field, value, encrypted) }

    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: String?, encrypted: Bool) { setAny(field, value, encrypted) }

    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Data, encrypted: Bool) { setAny(field, value, encrypted) }

    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Data?, encrypted: Bool) { setAny(field, value, encrypted) }

    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Reference, encrypted: Bool) { setAny(field, value, encrypted) }

    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Reference?, encrypted: Bool) { setAny(field, value, encrypted) }

    @inlinable @inline(__always)
    mutating func setAny<T: RecordFieldValue>(_ field: Model.Field, _ value: T, _ encrypted: Bool) {
        set(field, value, encrypted: encrypted)
    }

    @inlinable @inline(__always)
    mutating func setAny<T: RecordFieldValue>(_ field: Model.Field, _ value: T?, _ encrypted: Bool) {
        set(field, value, encrypted: encrypted)
    }
}
