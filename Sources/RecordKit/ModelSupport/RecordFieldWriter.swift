/// Builds the ``Record`` of a generated model: starts from the fields the model kept without knowing them, takes
/// each declared field from the model's field walk, and ends with ``record(metadata:)``, which adds the version
/// field, the record ID and the system fields. Setting fields in the byte order of their keys, as the walk does,
/// appends each one.
public struct RecordFieldWriter<Model: RecordModel>: RecordFieldSink {
    @usableFromInline let versionField: String?
    /// The version the model was read from, nil for a model made in code.
    @usableFromInline let decodedVersion: Int?
    @usableFromInline var fields: RecordFields
    @usableFromInline var encryptedFields: RecordFields
    /// The model's key-order table when the record kept no plain field (``record(of:versionField:)``): a plain
    /// field that comes after the last one appended, in this order, is appended without comparing keys.
    @usableFromInline var appendOrder: FieldKeyTable<Model.Field>?
    /// The position in ``appendOrder`` after the last field appended.
    @usableFromInline var nextAppend = 0

    /// Starts a record from the fields the model's metadata kept; `fieldCount` sizes the storage for the
    /// declared fields. Only the kept fields and the version are taken: the ID and system fields are copied once,
    /// by ``record(metadata:)``.
    @inlinable
    public init(metadata: borrowing RecordMetadata, versionField: String?, fieldCount: Int) {
        self.versionField = versionField
        decodedVersion = metadata.decodedVersion
        fields = metadata.unknownFields
        fields.reserveCapacity(metadata.unknownFields.count + fieldCount + 1)
        encryptedFields = metadata.unknownEncryptedFields
    }

    /// Sets a field; `encrypted` puts it in ``Record/encryptedFields``.
    @inlinable @inline(__always)
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T, encrypted: Bool = false) {
        store(value.fieldValue, field, encrypted)
    }

    /// Sets an optional field; nil leaves it out of the record.
    @inlinable @inline(__always)
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T?, encrypted: Bool = false) {
        guard let value else { return }
        store(value.fieldValue, field, encrypted)
    }

    /// Sets a list field, empty lists included (typed by the element kind).
    @inlinable @inline(__always)
    public mutating func setList<T: RecordFieldValue>(_ field: Model.Field, _ values: [T], encrypted: Bool = false) {
        store(.list(T.fieldList(of: values)), field, encrypted)
    }

    /// The record, with the ID and system fields of `metadata` (the model's), and the version field set to the
    /// larger of the model's version and the version it was read from, so a record written by a newer app version
    /// keeps its version.
    @inlinable
    public mutating func record(metadata: borrowing RecordMetadata) -> Record {
        // Written last so the declared fields, set in key order, were appended without a search.
        if let versionField {
            fields.set(.int64(Int64(max(Model.schemaVersion, decodedVersion ?? 0))), forKey: versionField)
        }
        return Record(
            recordType: Model.recordType, id: metadata.recordID, fields: fields,
            encryptedFields: encryptedFields, system: metadata.system)
    }

    @inlinable @inline(__always)
    mutating func store(_ value: FieldValue, _ field: Model.Field, _ encrypted: Bool) {
        if encrypted {
            encryptedFields.set(value, forKey: field.rawValue)
            return
        }
        if let order = appendOrder {
            // The walk hands the fields over in this order: mostly `field` is the next one.
            var index = nextAppend
            while index < order.count {
                if order[index] == field {
                    nextAppend = index &+ 1
                    fields.appendInOrder(field.rawValue, value)
                    return
                }
                index &+= 1
            }
            // Out of order (not from the walk): searched from here on.
            appendOrder = nil
        }
        fields.set(value, forKey: field.rawValue)
    }
}

extension RecordFieldWriter where Model: GeneratedRecordModel {
    /// The record of `model`: what generated `record()` returns.
    @inlinable @inline(__always)
    public static func record(of model: borrowing Model, versionField: String?) -> Record {
        let order = Model.fieldOrder
        var writer = RecordFieldWriter(metadata: model.metadata, versionField: versionField, fieldCount: order.count)
        if writer.fields.isEmpty { writer.appendOrder = order.table }
        model.writeFields(to: &writer)
        return writer.record(metadata: model.metadata)
    }
}
