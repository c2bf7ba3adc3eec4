import Foundation

/// Reads a generated model straight from a native archive, without building its ``Record``: the result, and any
/// error, are exactly those of `Model(record: NativeArchive.decodeRecord(data))`.
///
/// Generated `init(archived:)` calls ``read(_:versionField:onNewerVersion:)``, which hands the reader to the
/// model's decode walk (`init(fieldsFrom:)`, the walk `init(record:)` takes): the declared fields in the order the
/// archive holds them (``nextField()``: the plain map's in key order, then the encrypted map's), then
/// ``metadata()``. The reads convert values exactly as ``RecordFieldReader`` does.
///
/// The direct read handles what archives normally hold; everything else (damaged bytes, a field of the wrong
/// kind, a missing required field, a newer version the type rejects, a declared field in both maps) stops it,
/// and the archive is read again through a record, which throws the same typed error as ``RecordModel``'s record
/// path, with its location. Errors are rare; they cost a second read, never a different answer.
public struct ModelArchiveReader<Model: GeneratedRecordModel>: RecordFieldSource {
    /// A read that stops sends the archive to the record path, which says why.
    public typealias Failure = ModelArchiveReadStop
    @usableFromInline var stream: ArchiveFieldStream
    @usableFromInline let onNewerVersion: NewerVersionRule
    /// The model's fields in key order, matched against the archive's keys.
    @usableFromInline let table: FieldKeyTable<Model.Field>

    /// A reader of the `count` bytes at `start`, which ``ArchiveFieldStream/readableStart(_:)`` accepted. The reader
    /// builds its stream itself: built by the caller and handed in, it was copied once more (the compiler still
    /// copies it once from where the stream's initializer built it: a 601-byte copy per read, measured).
    @usableFromInline
    init(start: UnsafeRawPointer, count: Int, versionField: String?, onNewerVersion: NewerVersionRule) {
        stream = ArchiveFieldStream(start: start, count: count, versionField: versionField)
        self.onNewerVersion = onNewerVersion
        table = Model.fieldOrder.table
    }

    /// The fallback: the record path, which reports exactly why the direct read stopped.
    @usableFromInline
    static func readViaRecord(_ data: Data) throws(RecordModelArchiveError) -> Model {
        ModelArchiveReadObserver.onFallback?(Model.recordType)
        return try Model(archivedViaRecord: data)
    }

    /// The next declared field the archive holds: the plain map's in key order, then the encrypted map's.
    @inlinable @inline(__always)
    public mutating func nextField() throws(ModelArchiveReadStop) -> Model.Field? {
        guard let index = try stream.nextDeclared(table.keys) else { return nil }
        guard index >= 0 else { throw ModelArchiveReadStop() }
        return table[index]
    }

    /// The value of the field ``nextField()`` returned.
    @inlinable @inline(__always)
    public mutating func read<T: RecordFieldValue>(_ field: Model.Field) throws(ModelArchiveReadStop) -> T {
        try Self.convert(try stream.value())
    }

    /// The value of an optional field ``nextField()`` returned.
    @inlinable @inline(__always)
    public mutating func readOptional<T: RecordFieldValue>(_ field: Model.Field) throws(ModelArchiveReadStop) -> T? {
        try Self.convert(try stream.value()) as T
    }

    /// The value of a list field ``nextField()`` returned; an empty list of any element kind is an empty list.
    @inlinable @inline(__always)
    public mutating func readList<T: RecordFieldValue>(_ field: Model.Field) throws(ModelArchiveReadStop) -> [T] {
        let stored = try stream.value()
        do { return try T.elements(ofListIn: stored) } catch { throw ModelArchiveReadStop() }
    }

    // Overloads for strings, bytes and references, read without building a `FieldValue` (a reference's is boxed).

    /// A string field's value.
    @inlinable @inline(__always)
    public mutating func read(_ field: Model.Field) throws(ModelArchiveReadStop) -> String { try stream.stringValue() }

    /// An optional string field's value.
    @inlinable @inline(__always)
    public mutating func readOptional(_ field: Model.Field) throws(ModelArchiveReadStop) -> String? {
        try stream.stringValue()
    }

    /// A bytes field's value.
    @inlinable @inline(__always)
    public mutating func read(_ field: Model.Field) throws(ModelArchiveReadStop) -> Data { try stream.bytesValue() }

    /// An optional bytes field's value.
    @inlinable @inline(__always)
    public mutating func readOptional(_ field: Model.Field) throws(ModelArchiveReadStop) -> Data? {
        try stream.bytesValue()
    }

    /// A reference field's value.
    @inlinable @inline(__always)
    public mutating func read(_ field: Model.Field) throws(ModelArchiveReadStop) -> Reference {
        try stream.referenceValue()
    }

    /// An optional reference field's value.
    @inlinable @inline(__always)
    public mutating func readOptional(_ field: Model.Field) throws(ModelArchiveReadStop) -> Reference? {
        try stream.referenceValue()
    }

    /// A required field the archive may not hold: absent stops the read (the record path reports it missing).
    @inlinable @inline(__always)
    public func required<T: RecordFieldValue>(_ read: T?, _ field: Model.Field) throws(ModelArchiveReadStop) -> T {
        guard let read else { throw ModelArchiveReadStop() }
        return read
    }

    /// A field with a default: absent gives the default.
    @inlinable @inline(__always)
    public func value<T: RecordFieldValue>(
        _ read: T?, _ field: Model.Field, default defaultValue: @autoclosure () -> T
    ) -> T {
        read ?? defaultValue()
    }

    /// A list field: absent gives an empty list.
    @inlinable @inline(__always)
    public func list<T: RecordFieldValue>(_ read: [T]?, _ field: Model.Field) -> [T] { read ?? [] }

    /// Reads the rest of the archive, checks it whole, and returns the metadata to keep: as
    /// ``RecordFieldReader/metadata()`` keeps it, with the version gate applied. Inlined into the decode walk:
    /// compiled apart, as generic code, it copied the whole reader on every call.
    @inlinable @inline(__always)
    public mutating func metadata() throws(ModelArchiveReadStop) -> RecordMetadata {
        try stream.finish()
        let version = try checkedVersion()
        guard let metadata = stream.takeMetadata(version: version) else {
            throw ModelArchiveReadStop()
        }
        return metadata
    }

    /// The version gate of ``RecordFieldReader/read(_:versionField:onNewerVersion:)``; anything it refuses stops.
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

extension ModelArchiveReader {
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
