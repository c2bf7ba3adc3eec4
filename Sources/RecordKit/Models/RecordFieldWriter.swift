/// Builds the ``Record`` of a generated model: starts from the fields the model kept without knowing them, sets
/// each declared field, and writes the version field.
public struct RecordFieldWriter<Model: RecordModel> {
    @usableFromInline let metadata: RecordMetadata
    @usableFromInline let versionField: String?
    @usableFromInline var fields: RecordFields
    @usableFromInline var encryptedFields: RecordFields

    /// Starts a record from the model's metadata; `fieldCount` sizes the storage for the declared fields.
    @inlinable
    public init(metadata: RecordMetadata, versionField: String?, fieldCount: Int) {
        self.metadata = metadata
        self.versionField = versionField
        fields = metadata.unknownFields
        fields.reserveCapacity(metadata.unknownFields.count + fieldCount + 1)
        encryptedFields = metadata.unknownEncryptedFields
    }

    /// Sets a field; `encrypted` puts it in ``Record/encryptedFields``.
    @inlinable
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T, encrypted: Bool = false) {
        store(value.fieldValue, field.rawValue, encrypted)
    }

    /// Sets an optional field; nil leaves it out of the record.
    @inlinable
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T?, encrypted: Bool = false) {
        guard let value else { return }
        store(value.fieldValue, field.rawValue, encrypted)
    }

    /// Sets a list field, empty lists included (typed by the element kind).
    @inlinable
    public mutating func setList<T: RecordFieldValue>(_ field: Model.Field, _ values: [T], encrypted: Bool = false) {
        store(.list(T.fieldList(of: values)), field.rawValue, encrypted)
    }

    /// The record, with the version field set to the larger of the model's version and the version it was read
    /// from, so a record written by a newer app version keeps its version.
    @inlinable
    public consuming func record() -> Record {
        var fields = self.fields
        // Written last so the declared fields, set in key order, were appended without a search.
        if let versionField {
            fields[versionField] = .int64(Int64(max(Model.schemaVersion, metadata.decodedVersion ?? 0)))
        }
        return Record(
            recordType: Model.recordType, id: metadata.recordID, fields: fields,
            encryptedFields: encryptedFields, system: metadata.system)
    }

    @inlinable @inline(__always)
    mutating func store(_ value: FieldValue, _ key: String, _ encrypted: Bool) {
        if encrypted {
            encryptedFields.updateValue(value, forKey: key)
        } else {
            fields.updateValue(value, forKey: key)
        }
    }
}
