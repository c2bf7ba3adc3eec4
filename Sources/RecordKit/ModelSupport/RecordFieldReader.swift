/// Reads the fields of a ``Record`` into a generated model: the version gate, then one typed read per field.
///
/// Generated `init(record:)` calls ``read(_:versionField:onNewerVersion:)``, which creates one on the borrowed
/// record (nothing of the record is copied or retained but what ``metadata()`` keeps) and hands it to the model's
/// decode walk (`init(fieldsFrom:)`), which reads each field with ``required(_:)``, ``value(_:default:)``,
/// ``optional(_:)`` or ``list(_:)`` and ends with ``metadata()``. Every error names the record type, the record
/// and the field. Reads cost least in the byte order of the keys, the order generated code uses: each is one
/// comparison with the next stored field. Any other order works, with a binary search per read.
public struct RecordFieldReader<Model: RecordModel>: RecordFieldSource {
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
    /// Where the last read stopped in ``Record/fields``.
    @usableFromInline var cursor = 0
    /// Whether every key of the model is ASCII: then a stored key `==` to a field's of the same UTF-8 length is it.
    /// Computed once per model, by its ``FieldOrder``; ``read(_:versionField:onNewerVersion:)`` passes it in.
    @usableFromInline let keysAreASCII: Bool

    /// Checks the record type and the version gate of the record `pointer` points to, which must outlive the reader.
    @inlinable @inline(__always)
    init(
        _ pointer: UnsafePointer<Record>, versionField: String?, onNewerVersion: NewerVersionRule, keysAreASCII: Bool
    ) throws(RecordDecodingError) {
        record = pointer
        self.keysAreASCII = keysAreASCII
        guard pointer.pointee.recordType == Model.recordType else {
            throw .wrongRecordType(
                expected: Model.recordType, found: pointer.pointee.recordType, recordName: pointer.pointee.id.recordName)
        }
        self.versionField = versionField
        // Each store read in place: `pointer.pointee[versionField]` called the record's subscript on a copy of
        // the whole record (a retain and a release of every string and array in it).
        guard let versionField,
              let stored = pointer.pointee.fields[versionField] ?? pointer.pointee.encryptedFields[versionField]
        else {
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

    /// A required field: absent is ``RecordDecodingError/missingField(recordType:recordName:field:)``.
    @inlinable @inline(__always)
    public mutating func required<T: RecordFieldValue>(_ field: Model.Field) throws(RecordDecodingError) -> T {
        guard let value: T = try read(field) else { throw missing(field) }
        return value
    }

    /// A field with a default: absent (from a record older than the field, or never set) gives the default.
    @inlinable @inline(__always)
    public mutating func value<T: RecordFieldValue>(_ field: Model.Field, default defaultValue: T) throws(RecordDecodingError) -> T {
        guard let value: T = try read(field) else { return defaultValue }
        return value
    }

    /// An optional field: absent gives nil.
    @inlinable @inline(__always)
    public mutating func optional<T: RecordFieldValue>(_ field: Model.Field) throws(RecordDecodingError) -> T? {
        try read(field)
    }

    /// A list field: absent gives an empty list; an empty list of any element kind is an empty list.
    @inlinable @inline(__always)
    public mutating func list<T: RecordFieldValue>(_ field: Model.Field) throws(RecordDecodingError) -> [T] {
        try readList(field) ?? []
    }

    /// The metadata to keep: the record's ID and system fields, every field the model does not declare (except
    /// the version field, which ``RecordFieldWriter`` writes itself), and the version read.
    @inlinable @inline(__always)
    public func metadata() -> RecordMetadata {
        var metadata = RecordMetadata(recordID: record.pointee.id, system: record.pointee.system, decodedVersion: version)
        // Every stored value was read: nothing unknown, skip the filtering.
        if valuesFound == fields.count + encryptedFields.count { return metadata }
        let isUnknown: ((key: String, value: FieldValue)) -> Bool = { [versionField] entry in
            Model.Field.declared(byKey: entry.key) == nil && entry.key != versionField
        }
        metadata.unknownFields = fields.filter(isUnknown)
        metadata.unknownEncryptedFields = encryptedFields.filter(isUnknown)
        return metadata
    }

    /// Generated code of API version 3 passed the record again; version 4's decode walk calls ``metadata()``.
    @available(*, unavailable, message: "regenerate with recordgen: the decode walk calls metadata()")
    public func metadata(of record: Record) -> RecordMetadata { metadata() }

    /// The field's value as `T`, nil when the record has none: the hot path of every read. Everything down to
    /// the conversion is inlined into the generated `init(record:)`, specialised for the model and the value
    /// type, and no error value is built unless the value is wrong.
    @inlinable @inline(__always)
    mutating func read<T: RecordFieldValue>(_ field: Model.Field) throws(RecordDecodingError) -> T? {
        guard let stored = lookUp(field) else { return nil }
        return try decode(stored, field)
    }

    /// The stored value of a field, counted in ``valuesFound``.
    @inlinable @inline(__always)
    mutating func lookUp(_ field: Model.Field) -> FieldValue? {
        if let index = position(of: field) { return fields.entries[index].value }
        guard let index = encryptedPosition(of: field) else { return nil }
        return encryptedFields.entries[index].value
    }

    @inlinable @inline(__always)
    func decode<T: RecordFieldValue>(_ stored: __shared FieldValue, _ field: Model.Field) throws(RecordDecodingError) -> T {
        do {
            return try T(fieldValue: stored)
        } catch {
            throw fail(error, field)
        }
    }

    /// Reads a list field, or nil when the record has none.
    @inlinable @inline(__always)
    mutating func readList<T: RecordFieldValue>(_ field: Model.Field) throws(RecordDecodingError) -> [T]? {
        guard let stored = lookUp(field) else { return nil }
        do { return try T.elements(ofListIn: stored) } catch { throw fail(error, field) }
    }

    /// The position of a field in ``fields``, counted in ``valuesFound``.
    @inlinable @inline(__always)
    mutating func position(of field: Model.Field) -> Int? {
        // Mostly the next entry is the field's: a record's key is mostly the same small string as the field's,
        // which `==` tells in a few instructions. `==` also holds for canonical equivalents, but none of an ASCII
        // key has its UTF-8 length: every non-ASCII scalar takes two bytes or more and stands for one ASCII scalar
        // at most.
        let key = field.rawValue
        if keysAreASCII, cursor < fields.entries.count {
            let stored = fields.entries[cursor].key
            if stored == key && stored.utf8.count == key.utf8.count {
                defer { cursor &+= 1 }
                valuesFound &+= 1
                return cursor
            }
        }
        // A local cursor: passing the stored one inout while reading `fields` would copy `fields` first.
        var next = cursor
        let index = fields.position(of: key, cursor: &next)
        cursor = next
        if index != nil { valuesFound &+= 1 }
        return index
    }

    /// The position of an encrypted field, counted in ``valuesFound``; most records have none.
    @inlinable @inline(__always)
    mutating func encryptedPosition(of field: Model.Field) -> Int? {
        if encryptedFields.isEmpty { return nil }
        let slot = encryptedFields.search(field.rawValue)
        guard slot.found else { return nil }
        valuesFound &+= 1
        return slot.index
    }

    /// The value the decode walk read for `field`. The walk reads every field, so it is never nil; nil (a walk
    /// that skipped the field) is the field missing.
    @inlinable @inline(__always)
    public func walked<T>(_ value: T?, _ field: Model.Field) throws(RecordDecodingError) -> T {
        guard let value else { throw missing(field) }
        return value
    }

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

extension RecordFieldReader where Model: GeneratedRecordModel {
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
            var reader = try RecordFieldReader(
                record, versionField: versionField, onNewerVersion: onNewerVersion,
                keysAreASCII: Model.fieldOrder.keysAreASCII)
            return try Model(fieldsFrom: &reader)
        }
    }
}
