/// Reads the fields of a ``Record`` into a generated model: the version gate, then one typed read per field.
///
/// Generated `init(record:)` calls ``read(_:versionField:onNewerVersion:)``, which creates one on the borrowed
/// record (nothing of the record is copied or retained but what ``metadata()`` keeps) and hands it to the
/// model's decode walk (`init(fieldsFrom:)`), which takes
/// the declared fields the record holds from ``nextField()``, in the record's order, reads each with `read(_:)`,
/// `readOptional(_:)` or ``readList(_:)``, then takes ``metadata()`` and resolves the absent fields
/// (``required(_:_:)``, ``value(_:_:default:)``, ``list(_:_:)``). Every error names the record type, the record
/// and the field.
public struct RecordFieldReader<Model: GeneratedRecordModel>: RecordFieldSource {
    /// Reads throw errors that name the record type, the record and the field.
    public typealias Failure = RecordDecodingError
    /// The record being read, borrowed for the length of ``read(_:versionField:onNewerVersion:)``: copying its
    /// parts into the reader cost a retain and a release per string and array in it.
    @usableFromInline let record: UnsafePointer<Record>
    /// The name of the record being read, for errors.
    public var recordName: String { record.pointee.id.recordName }
    /// The version the record was written with: its version field, or 1 when it has none.
    public let version: Int
    @usableFromInline var fields: RecordFields {
        @inlinable @inline(__always) _read { yield record.pointee.fields }
    }
    @usableFromInline var encryptedFields: RecordFields {
        @inlinable @inline(__always) _read { yield record.pointee.encryptedFields }
    }
    @usableFromInline let versionField: String?
    /// How many stored values the reads found, to tell cheaply whether unknown fields remain.
    @usableFromInline var valuesFound = 0
    /// The model's fields in key order, matched against the record's keys.
    @usableFromInline let table: FieldKeyTable<Model.Field>
    /// The same keys as strings, matched first.
    @usableFromInline let keyStrings: FieldKeyStrings
    /// The next field of ``table`` ``nextField()`` looks up, in ``fields`` or, once those are done,
    /// ``encryptedFields``.
    @usableFromInline var tableIndex = 0
    @usableFromInline var inEncryptedFields = false
    /// Where the last lookup stopped in ``fields``.
    @usableFromInline var cursor = 0
    /// The entry of the field ``nextField()`` returned last.
    @usableFromInline var current = 0

    /// Reads a model from `record`: the record type and the version gate, then the model's decode walk. What
    /// generated `init(record:)` returns.
    ///
    /// - Parameters:
    ///   - record: the record to read.
    ///   - versionField: the field that holds the version, nil for an unversioned type.
    ///   - onNewerVersion: what to do when the record's version is above `Model.schemaVersion`.
    @inlinable @inline(__always)
    public static func read(
        _ record: borrowing Record, versionField: String?, onNewerVersion: NewerVersionRule
    ) throws(RecordDecodingError) -> Model {
        try withUnsafePointer(to: record) { (record) throws(RecordDecodingError) -> Model in
            var reader = try RecordFieldReader(record, versionField: versionField, onNewerVersion: onNewerVersion)
            return try Model(fieldsFrom: &reader)
        }
    }

    /// Checks the record type and the version gate of the record `pointer` points to, which must outlive the reader.
    @inlinable @inline(__always)
    init(_ pointer: UnsafePointer<Record>, versionField: String?, onNewerVersion: NewerVersionRule) throws(RecordDecodingError) {
        record = pointer
        guard pointer.pointee.recordType == Model.recordType else {
            throw .wrongRecordType(
                expected: Model.recordType, found: pointer.pointee.recordType, recordName: pointer.pointee.id.recordName)
        }
        self.versionField = versionField
        let order = Model.fieldOrder
        table = order.table
        keyStrings = order.keyStrings
        guard let versionField, let stored = pointer.pointee[versionField] else {
            version = 1
            return
        }
        guard case let .int64(found) = stored else {
            throw .typeMismatch(
                recordType: Model.recordType, recordName: pointer.pointee.id.recordName, field: versionField,
                expected: .scalar(.int64), found: stored.type)
        }
        guard found >= 1, let found = Int(exactly: found) else {
            throw .invalidValue(
                recordType: Model.recordType, recordName: pointer.pointee.id.recordName, field: versionField,
                value: String(found), reason: "a record version (1 or more)")
        }
        if found > Model.schemaVersion && onNewerVersion == .reject {
            throw .newerVersion(
                recordType: Model.recordType, recordName: pointer.pointee.id.recordName, versionField: versionField,
                found: found, supported: Model.schemaVersion)
        }
        version = found
        valuesFound = 1
    }

    /// The next declared field the record holds: the model's fields in key order, each looked up in the record's
    /// fields, then (when the record has encrypted fields) in its encrypted fields; a record never holds a key in
    /// both. The fields are walked with the table, both in key order, so a lookup is mostly one comparison.
    @inlinable @inline(__always)
    public mutating func nextField() -> Model.Field? {
        if !inEncryptedFields {
            let entryCount = fields.entries.count
            while tableIndex < table.count {
                let index = tableIndex
                tableIndex &+= 1
                // Both in key order: entries before the key are unknown fields, an entry after it means the
                // record does not hold it. Mostly the next entry is the key: one `==` of two small strings.
                while cursor < entryCount {
                    if keyStrings.isKey(fields.entries[cursor].key, at: index) {
                        current = cursor
                        cursor &+= 1
                        valuesFound &+= 1
                        return table[index]
                    }
                    if Self.compare(fields.entries[cursor].key, table.keys.keys[index]) > 0 { break }
                    cursor &+= 1
                }
            }
            if encryptedFields.isEmpty { return nil }
            inEncryptedFields = true
            tableIndex = 0
        }
        while tableIndex < table.count {
            let field = table[tableIndex]
            tableIndex &+= 1
            let slot = encryptedFields.search(field.rawValue)
            if slot.found {
                current = slot.index
                valuesFound &+= 1
                return field
            }
        }
        return nil
    }

    /// Compares a record's key with a key of the table, in key order.
    @inlinable @inline(__always)
    static func compare(_ key: String, _ tableKey: UnsafeBufferPointer<UInt8>) -> Int {
        if let order = key.utf8.withContiguousStorageIfAvailable({ FieldKeyOrder.compare($0, tableKey) }) { return order }
        return Array(key.utf8).withUnsafeBufferPointer { FieldKeyOrder.compare($0, tableKey) }
    }

    /// The value ``nextField()`` found.
    @inlinable @inline(__always)
    var currentValue: FieldValue {
        inEncryptedFields ? encryptedFields.entries[current].value : fields.entries[current].value
    }

    /// The value of the field ``nextField()`` returned, converted; a value of the wrong kind is
    /// ``RecordDecodingError/typeMismatch(recordType:recordName:field:expected:found:)``.
    @inlinable @inline(__always)
    public mutating func read<T: RecordFieldValue>(_ field: Model.Field) throws(RecordDecodingError) -> T {
        do {
            return try T(fieldValue: currentValue)
        } catch {
            throw fail(error, field)
        }
    }

    /// The value of an optional field ``nextField()`` returned.
    @inlinable @inline(__always)
    public mutating func readOptional<T: RecordFieldValue>(_ field: Model.Field) throws(RecordDecodingError) -> T? {
        try read(field) as T
    }

    /// The value of a list field ``nextField()`` returned; an empty list of any element kind is an empty list.
    @inlinable @inline(__always)
    public mutating func readList<T: RecordFieldValue>(_ field: Model.Field) throws(RecordDecodingError) -> [T] {
        do { return try T.elements(ofListIn: currentValue) } catch { throw fail(error, field) }
    }

    /// A required field the record may not hold: absent is
    /// ``RecordDecodingError/missingField(recordType:recordName:field:)``.
    @inlinable @inline(__always)
    public func required<T: RecordFieldValue>(_ read: T?, _ field: Model.Field) throws(RecordDecodingError) -> T {
        guard let read else { throw missing(field) }
        return read
    }

    /// A field with a default: absent (from a record older than the field, or never set) gives the default.
    @inlinable @inline(__always)
    public func value<T: RecordFieldValue>(
        _ read: T?, _ field: Model.Field, default defaultValue: @autoclosure () -> T
    ) -> T {
        read ?? defaultValue()
    }

    /// A list field: absent gives an empty list.
    @inlinable @inline(__always)
    public func list<T: RecordFieldValue>(_ read: [T]?, _ field: Model.Field) -> [T] { read ?? [] }

    /// The metadata to keep: the record's ID and system fields, every field the model does not declare (except
    /// the version field, which ``RecordFieldWriter`` writes itself), and the version read.
    @inlinable @inline(__always)
    public func metadata() -> RecordMetadata {
        var metadata = RecordMetadata(recordID: record.pointee.id, system: record.pointee.system, decodedVersion: version)
        // Every stored value was read: nothing unknown, skip the filtering.
        if valuesFound == fields.count + encryptedFields.count { return metadata }
        let isUnknown: ((key: String, value: FieldValue)) -> Bool = { [versionField] entry in
            Model.Field(rawValue: entry.key) == nil && entry.key != versionField
        }
        metadata.unknownFields = fields.filter(isUnknown)
        metadata.unknownEncryptedFields = encryptedFields.filter(isUnknown)
        return metadata
    }

    /// Generated code of API version 3 passed the record again; version 4's decode walk calls ``metadata()``.
    @available(*, unavailable, message: "regenerate with recordgen: the decode walk calls metadata()")
    public func metadata(of record: Record) -> RecordMetadata { metadata() }

    @usableFromInline
    func missing(_ field: Model.Field) -> RecordDecodingError {
        .missingField(recordType: Model.recordType, recordName: recordName, field: field.rawValue)
    }

    @usableFromInline
    func fail(_ error: FieldValueError, _ field: Model.Field) -> RecordDecodingError {
        switch error {
        case let .typeMismatch(expected, found):
            .typeMismatch(
                recordType: Model.recordType, recordName: recordName, field: field.rawValue,
                expected: expected, found: found)
        case let .invalidValue(value, reason):
            .invalidValue(
                recordType: Model.recordType, recordName: recordName, field: field.rawValue,
                value: value, reason: reason)
        }
    }
}
