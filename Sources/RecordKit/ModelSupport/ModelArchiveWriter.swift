import Foundation

/// Writes a generated model straight into a native archive, without building its ``Record``: the bytes are
/// exactly those of `NativeArchive.encode(model.record())`.
///
/// Generated `archived()` calls ``archive(_:versionField:)``, which hands the writer to the model's field walk
/// (`writeFields(to:)`, the walk `record()` takes), fields in the byte order of the keys.
/// The walk runs once to size the archive and once per field map to write it. Each map merges the declared
/// fields with the fields the metadata kept (and the version field) as `record()` does: a declared value replaces
/// a kept field of the same key, a nil optional leaves it.
public struct ModelArchiveWriter<Model: RecordModel>: RecordFieldSink {
    /// The pass's state and its writes. Not generic: compiled once, specialised code for every model, where
    /// methods of this generic type compiled apart looked up the writer's type metadata and copied and destroyed
    /// it through value witnesses (measured with callgrind).
    @usableFromInline var core: ModelArchiveFieldWriter

    /// A writer for the size pass, holding the kept fields for every pass: one writer serves them all, so they
    /// are copied in and destroyed once per archive, not once per pass (and not at all when there are none).
    @inlinable @inline(__always)
    init(kept: ModelArchiveKeptFields?) {
        core = ModelArchiveFieldWriter(kept: kept)
    }

    /// Sets a field; `encrypted` puts it in the encrypted map.
    @inlinable @inline(__always)
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T, encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.put(field.rawValue, value.fieldValue, encrypted: encrypted)
    }

    /// Sets an optional field; nil leaves it out (a kept field of the same key stays).
    @inlinable @inline(__always)
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T?, encrypted: Bool = false) {
        guard let value, core.wants(encrypted) else { return }
        core.put(field.rawValue, value.fieldValue, encrypted: encrypted)
    }

    // Overloads for the kinds whose `FieldValue` costs a retain or an allocation (a reference is boxed): written
    // straight from the property, in both passes.

    /// Sets a string field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: String, encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.putString(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets an optional string field; nil leaves it out.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: String?, encrypted: Bool = false) {
        guard let value, core.wants(encrypted) else { return }
        core.putString(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets a bytes field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Data, encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.putBytes(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets an optional bytes field; nil leaves it out.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Data?, encrypted: Bool = false) {
        guard let value, core.wants(encrypted) else { return }
        core.putBytes(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets a reference field.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Reference, encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.putReference(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets an optional reference field; nil leaves it out.
    @inlinable @inline(__always)
    public mutating func set(_ field: Model.Field, _ value: Reference?, encrypted: Bool = false) {
        guard let value, core.wants(encrypted) else { return }
        core.putReference(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets a list field, empty lists included.
    @inlinable @inline(__always)
    public mutating func setList<T: RecordFieldValue>(_ field: Model.Field, _ values: [T], encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.put(field.rawValue, .list(T.fieldList(of: values)), encrypted: encrypted)
    }
}

extension ModelArchiveWriter where Model: GeneratedRecordModel {
    /// The archive of `model`, its fields taken from its field walk.
    ///
    /// Inlined, with the passes, into the generated `archived()`: the model is borrowed, never copied into a
    /// closure context, the walk is specialised for this writer in each pass, and the writer's type is known
    /// statically (a generic function compiled once for every model would look up `ModelArchiveWriter<Model>`'s
    /// metadata at run time, a few hundred instructions per archive).
    @inlinable @inline(__always)
    public static func archive(
        _ model: Model, versionField: String?
    ) -> Data {
        var writer = sizingWriter(for: model, versionField: versionField)
        count(model, with: &writer)
        let sizes = writer.core.sizes
        // The byte writer lives in one stack slot from `begin` to `finish`, both of which take its address: moved
        // by value into `finish`, its fields were reloaded right after the write pass stored them one by one, a
        // store-forwarding stall per archive (perf: a quarter of this function's own samples).
        return withUnsafeTemporaryAllocation(of: ArchiveByteWriter.self, capacity: 1) { output in
            ModelArchiveLayout.begin(into: output, metadata: model.metadata, recordType: Model.recordType, sizes: sizes)
            writer.core.startWriting(.plain, into: output)
            model.writeFields(to: &writer)
            writer.core.finishMap(encrypted: false)
            ModelArchiveLayout.beginEncryptedMap(sizes, output)
            // Most models declare no encrypted field and keep none: then the encrypted map is only its count.
            if sizes.encryptedCount > 0 {
                writer.core.startWriting(.encrypted, into: output)
                if sizes.declaredEncrypted > 0 { model.writeFields(to: &writer) }
                writer.core.finishMap(encrypted: true)
            }
            return ModelArchiveLayout.finish(output)
        }
    }

    /// A writer for the size pass of `model`, holding the kept fields and the version field.
    @inlinable @inline(__always)
    static func sizingWriter(for model: Model, versionField: String?) -> ModelArchiveWriter {
        var version: Int64 = 0
        if versionField != nil { version = Int64(max(Model.schemaVersion, model.metadata.decodedVersion ?? 0)) }
        return ModelArchiveWriter(
            kept: ModelArchiveKeptFields(model.metadata, versionField: versionField, version: version))
    }

    /// The size pass: counts the entries and bytes of both maps into `writer`. In place: a writer returned from
    /// here was copied once more per archive (23 instructions, callgrind).
    @inlinable @inline(__always)
    static func count(_ model: Model, with writer: inout ModelArchiveWriter) {
        model.writeFields(to: &writer)
        writer.core.finishMap(encrypted: false)
        writer.core.finishMap(encrypted: true)
    }

    /// The size ``archive(_:versionField:)`` allocates for `model`. The archive must come out at exactly this size:
    /// a size pass that counts short makes the writer grow, one that counts long makes `takeData()` copy, and
    /// neither changes a byte, so only this comparison catches them (`DirectArchiveTests`).
    static func plannedSize(of model: Model, versionField: String?) -> Int {
        var writer = sizingWriter(for: model, versionField: versionField)
        count(model, with: &writer)
        return ModelArchiveLayout.archiveSize(
            metadata: model.metadata, recordType: Model.recordType, sizes: writer.core.sizes)
    }

    /// Generated code of API version 3 passed its fields in a closure; version 4 has a field walk.
    @available(*, unavailable, message: "regenerate with recordgen: archived() calls archive(_:versionField:)")
    public static func archive(
        _ model: Model, versionField: String?, _ visitFields: (inout ModelArchiveWriter<Model>) -> Void
    ) -> Data {
        archive(model, versionField: versionField)
    }
}
