import Foundation

/// Reads a generated model straight from a native archive, without building its ``Record``: the result, and any
/// error, are exactly those of `Model(record: NativeArchive.decodeRecord(data))`.
///
/// Generated `init(archived:)` calls ``read(_:versionField:onNewerVersion:)``, which hands the reader to the
/// model's decode walk (`init(fieldsFrom:)`, the walk `init(record:)` takes): every declared unencrypted field in
/// the byte order of the keys, ``beginEncryptedFields()``, the encrypted ones in key order, then ``metadata()``. The reads convert values exactly as ``RecordFieldReader`` does.
///
/// The direct read handles what archives normally hold; everything else (damaged bytes, a field of the wrong
/// kind, a missing required field, a newer version the type rejects, a declared field in the other map) stops it,
/// and the archive is read again through a record, which throws the same typed error as ``RecordModel``'s record
/// path, with its location. Errors are rare; they cost a second read, never a different answer.
public struct ModelArchiveReader<Model: RecordModel>: RecordFieldSource {
    /// A read that stops sends the archive to the record path, which says why.
    public typealias Failure = ModelArchiveReadStop
    @usableFromInline var stream: ArchiveFieldStream
    @usableFromInline let onNewerVersion: NewerVersionRule

    /// A reader of the `count` bytes at `start`, which ``ArchiveFieldStream/readableStart(_:)`` accepted. The reader
    /// builds its stream itself: built by the caller and handed in, it was copied once more (the compiler still
    /// copies it once from where the stream's initializer built it: a 601-byte copy per read, measured).
    @usableFromInline
    init(start: UnsafeRawPointer, count: Int, versionField: String?, onNewerVersion: NewerVersionRule) {
        stream = ArchiveFieldStream(start: start, count: count, versionField: versionField)
        self.onNewerVersion = onNewerVersion
    }

    /// The fallback: the record path, which reports exactly why the direct read stopped.
    @usableFromInline
    static func readViaRecord(_ data: Data) throws(RecordModelArchiveError) -> Model {
        ModelArchiveReadObserver.onFallback?(Model.recordType)
        return try Model(archivedViaRecord: data)
    }

    /// A required field: absent stops the read (the record path reports the missing field).
    @inlinable @inline(__always)
    public mutating func required<T: RecordFieldValue>(_ field: Model.Field) throws(ModelArchiveReadStop) -> T {
        guard let stored = try stream.value(forKey: field.rawValue) else { throw ModelArchiveReadStop() }
        return try Self.convert(stored)
    }

    /// A field with a default: absent gives the default.
    @inlinable @inline(__always)
    public mutating func value<T: RecordFieldValue>(_ field: Model.Field, default defaultValue: T) throws(ModelArchiveReadStop) -> T {
        guard let stored = try stream.value(forKey: field.rawValue) else { return defaultValue }
        return try Self.convert(stored)
    }

    /// An optional field: absent gives nil.
    @inlinable @inline(__always)
    public mutating func optional<T: RecordFieldValue>(_ field: Model.Field) throws(ModelArchiveReadStop) -> T? {
        guard let stored = try stream.value(forKey: field.rawValue) else { return nil }
        return try Self.convert(stored) as T
    }

    /// A list field: absent gives an empty list; an empty list of any element kind is an empty list.
    @inlinable @inline(__always)
    public mutating func list<T: RecordFieldValue>(_ field: Model.Field) throws(ModelArchiveReadStop) -> [T] {
        guard let stored = try stream.value(forKey: field.rawValue) else { return [] }
        do { return try T.elements(ofListIn: stored) } catch { throw ModelArchiveReadStop() }
    }

    /// The value the walk read for `field`; nil (a field the walk skipped) stops the read.
    @inlinable @inline(__always)
    public func walked<T>(_ value: T?, _ field: Model.Field) throws(ModelArchiveReadStop) -> T {
        guard let value else { throw ModelArchiveReadStop() }
        return value
    }

    // Overloads for strings, bytes and references, read without building a `FieldValue` (a reference's is boxed).

    /// A required string field.
    @inlinable @inline(__always)
    public mutating func required(_ field: Model.Field) throws(ModelArchiveReadStop) -> String {
        guard try stream.seek(field.rawValue) else { throw ModelArchiveReadStop() }
        return try stream.stringValue()
    }

    /// A string field with a default.
    @inlinable @inline(__always)
    public mutating func value(_ field: Model.Field, default defaultValue: String) throws(ModelArchiveReadStop) -> String {
        guard try stream.seek(field.rawValue) else { return defaultValue }
        return try stream.stringValue()
    }

    /// An optional string field.
    @inlinable @inline(__always)
    public mutating func optional(_ field: Model.Field) throws(ModelArchiveReadStop) -> String? {
        guard try stream.seek(field.rawValue) else { return nil }
        return try stream.stringValue()
    }

    /// A required bytes field.
    @inlinable @inline(__always)
    public mutating func required(_ field: Model.Field) throws(ModelArchiveReadStop) -> Data {
        guard try stream.seek(field.rawValue) else { throw ModelArchiveReadStop() }
        return try stream.bytesValue()
    }

    /// A bytes field with a default.
    @inlinable @inline(__always)
    public mutating func value(_ field: Model.Field, default defaultValue: Data) throws(ModelArchiveReadStop) -> Data {
        guard try stream.seek(field.rawValue) else { return defaultValue }
        return try stream.bytesValue()
    }

    /// An optional bytes field.
    @inlinable @inline(__always)
    public mutating func optional(_ field: Model.Field) throws(ModelArchiveReadStop) -> Data? {
        guard try stream.seek(field.rawValue) else { return nil }
        return try stream.bytesValue()
    }

    /// A required reference field.
    @inlinable @inline(__always)
    public mutating func required(_ field: Model.Field) throws(ModelArchiveReadStop) -> Reference {
        guard try stream.seek(field.rawValue) else { throw ModelArchiveReadStop() }
        return try stream.referenceValue()
    }

    /// An optional reference field (references have no defaults).
    @inlinable @inline(__always)
    public mutating func optional(_ field: Model.Field) throws(ModelArchiveReadStop) -> Reference? {
        guard try stream.seek(field.rawValue) else { return nil }
        return try stream.referenceValue()
    }

    /// Moves on to the encrypted fields: the unencrypted ones not read are kept.
    @inlinable
    public mutating func beginEncryptedFields() throws(ModelArchiveReadStop) {
        try stream.beginEncryptedMap()
    }

    /// Reads the rest of the archive, checks it whole, and returns the metadata to keep: as
    /// ``RecordFieldReader/metadata()`` keeps it, with the version gate applied. Inlined into the decode walk:
    /// compiled apart, as generic code, it copied the whole reader on every call.
    @inlinable @inline(__always)
    public mutating func metadata() throws(ModelArchiveReadStop) -> RecordMetadata {
        try stream.finish()
        let version = try checkedVersion()
        guard let metadata = stream.takeMetadata(version: version, isDeclared: { Model.Field.declared(byKey: $0) != nil }) else {
            throw ModelArchiveReadStop()
        }
        return metadata
    }

    /// The version gate of ``RecordFieldReader/init(_:versionField:onNewerVersion:)``; anything it refuses stops.
    @inlinable @inline(__always)
    func checkedVersion() throws(ModelArchiveReadStop) -> Int {
        guard let stored = stream.versionValue else { return 1 }
        guard case let .int64(found) = stored, found >= 1, let found = Int(exactly: found),
              found <= Model.schemaVersion || onNewerVersion == .preserve
        else { throw ModelArchiveReadStop() }
        return found
    }

    @inlinable @inline(__always)
    static func convert<T: RecordFieldValue>(_ stored: __shared FieldValue) throws(ModelArchiveReadStop) -> T {
        do { return try T(fieldValue: stored) } catch { throw ModelArchiveReadStop() }
    }
}

extension ModelArchiveReader where Model: GeneratedRecordModel {
    /// Reads `data` with the model's decode walk, or through a record when the direct read stops. Inlined into the
    /// generated `init(archived:)`, so the walk is specialised for this reader.
    @inlinable
    public static func read(
        _ data: Data, versionField: String?, onNewerVersion: NewerVersionRule
    ) throws(RecordModelArchiveError) -> Model {
        // The closure returns Void: Foundation's `withUnsafeBytes` is not inlined, and a generic result type
        // would be looked up at run time on every call.
        var direct: Model? = nil
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Void in
            guard let start = ArchiveFieldStream.readableStart(raw) else { return }
            var reader = ModelArchiveReader(
                start: start, count: raw.count, versionField: versionField, onNewerVersion: onNewerVersion)
            guard reader.stream.begin(recordType: Model.recordType) else { return }
            // Straight into `direct`, and out of it by `consume`: `try?`, `take()` or binding the model to a name
            // each copied the whole model once more (measured with callgrind and objdump).
            do { direct = try Model(fieldsFrom: &reader) } catch { return }
            if !reader.stream.finished { direct = nil }
        }
        switch consume direct {
        case let .some(model): return model
        case .none: return try readViaRecord(data)
        }
    }

    /// Generated code of API version 3 passed its reads in a closure; version 4 has a decode walk.
    @available(*, unavailable, message: "regenerate with recordgen: init(archived:) calls read(_:versionField:onNewerVersion:)")
    public static func read(
        _ data: Data, versionField: String?, onNewerVersion: NewerVersionRule,
        _ body: (inout ModelArchiveReader<Model>) throws(ModelArchiveReadStop) -> Model
    ) throws(RecordModelArchiveError) -> Model {
        try read(data, versionField: versionField, onNewerVersion: onNewerVersion)
    }
}

/// Tells tests when a generated model's direct archive read stopped and the record path read the archive instead:
/// a valid archive of the model's own writing must never need it.
public enum ModelArchiveReadObserver {
    /// Called with the record type on every fallback to the record path; nil (the default) observes nothing.
    @TaskLocal public static var onFallback: (@Sendable (String) -> Void)?
}
