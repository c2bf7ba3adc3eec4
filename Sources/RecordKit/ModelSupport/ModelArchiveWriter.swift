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

    @usableFromInline
    init(pass: ModelArchiveFieldWriter.Pass, kept: RecordFields, keptEncrypted: RecordFields, output: UnsafeMutablePointer<ArchiveByteWriter>?) {
        core = ModelArchiveFieldWriter(pass: pass, kept: kept, keptEncrypted: keptEncrypted, output: output)
    }

    /// Sets a field; `encrypted` puts it in the encrypted map.
    @inlinable
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T, encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.put(field.rawValue, value.fieldValue, encrypted: encrypted)
    }

    /// Sets an optional field; nil leaves it out (a kept field of the same key stays).
    @inlinable
    public mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T?, encrypted: Bool = false) {
        guard let value, core.wants(encrypted) else { return }
        core.put(field.rawValue, value.fieldValue, encrypted: encrypted)
    }

    // Overloads for the kinds whose `FieldValue` costs a retain or an allocation (a reference is boxed): written
    // straight from the property, in both passes.

    /// Sets a string field.
    @inlinable
    public mutating func set(_ field: Model.Field, _ value: String, encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.putString(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets an optional string field; nil leaves it out.
    @inlinable
    public mutating func set(_ field: Model.Field, _ value: String?, encrypted: Bool = false) {
        guard let value, core.wants(encrypted) else { return }
        core.putString(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets a bytes field.
    @inlinable
    public mutating func set(_ field: Model.Field, _ value: Data, encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.putBytes(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets an optional bytes field; nil leaves it out.
    @inlinable
    public mutating func set(_ field: Model.Field, _ value: Data?, encrypted: Bool = false) {
        guard let value, core.wants(encrypted) else { return }
        core.putBytes(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets a reference field.
    @inlinable
    public mutating func set(_ field: Model.Field, _ value: Reference, encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.putReference(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets an optional reference field; nil leaves it out.
    @inlinable
    public mutating func set(_ field: Model.Field, _ value: Reference?, encrypted: Bool = false) {
        guard let value, core.wants(encrypted) else { return }
        core.putReference(field.rawValue, value, encrypted: encrypted)
    }

    /// Sets a list field, empty lists included.
    @inlinable
    public mutating func setList<T: RecordFieldValue>(_ field: Model.Field, _ values: [T], encrypted: Bool = false) {
        guard core.wants(encrypted) else { return }
        core.put(field.rawValue, .list(T.fieldList(of: values)), encrypted: encrypted)
    }
}

/// One pass of ``ModelArchiveWriter``: counts (size pass) or writes the entries of one field map, merging the
/// declared fields with the fields the metadata kept as `record()` does.
@usableFromInline
struct ModelArchiveFieldWriter {
    @usableFromInline enum Pass { case size, plain, encrypted }

    @usableFromInline let pass: Pass
    /// The kept plain fields (with the version field) and the kept encrypted fields.
    @usableFromInline let keptFields: RecordFields
    @usableFromInline let keptEncryptedFields: RecordFields
    /// The next kept field of each map not yet merged.
    @usableFromInline var nextKept = 0
    @usableFromInline var nextKeptEncrypted = 0
    /// What the size pass found: entries and bytes of each map, and whether a declared field is encrypted.
    @usableFromInline var sizes = ModelArchiveSizes()
    /// Where the write passes write; nil in the size pass.
    let output: UnsafeMutablePointer<ArchiveByteWriter>?

    @usableFromInline
    init(pass: Pass, kept: RecordFields, keptEncrypted: RecordFields, output: UnsafeMutablePointer<ArchiveByteWriter>?) {
        self.pass = pass
        keptFields = kept
        keptEncryptedFields = keptEncrypted
        self.output = output
    }

    /// Whether this pass writes fields of that map.
    @inlinable @inline(__always)
    func wants(_ encrypted: Bool) -> Bool {
        switch pass {
        case .size: true
        case .plain: !encrypted
        case .encrypted: encrypted
        }
    }

    /// Merges one declared field into its map: the kept fields before it first, a kept one of the same key dropped.
    @usableFromInline
    mutating func put(_ key: String, _ value: FieldValue, encrypted: Bool) {
        putEntry(key, encrypted, size: { ArchiveSize.fieldValue(value) }, write: { $0.fieldValue(value) })
    }

    @usableFromInline
    mutating func putString(_ key: String, _ value: String, encrypted: Bool) {
        putEntry(key, encrypted, size: { 1 &+ ArchiveSize.string(value) }) { output in
            output.byte(ValueTag.string)
            output.string(value)
        }
    }

    @usableFromInline
    mutating func putBytes(_ key: String, _ value: Data, encrypted: Bool) {
        putEntry(key, encrypted, size: { 1 &+ ArchiveSize.data(value) }) { output in
            output.byte(ValueTag.bytes)
            output.data(value)
        }
    }

    @usableFromInline
    mutating func putReference(_ key: String, _ value: Reference, encrypted: Bool) {
        putEntry(key, encrypted, size: { 1 &+ ArchiveSize.reference(value) }) { output in
            output.byte(ValueTag.reference)
            output.reference(value)
        }
    }

    /// Merges the kept fields before `key`, then counts (size pass) or writes the entry: the key, then the value
    /// `size` measures and `write` writes, exactly as `fieldValue` would.
    @inline(__always)
    private mutating func putEntry(
        _ key: String, _ encrypted: Bool, size: () -> Int, write: (inout ArchiveByteWriter) -> Void
    ) {
        // Most models keep no field: then nothing is merged, and the kept maps are not even copied.
        if encrypted {
            if output == nil { sizes.declaredEncrypted += 1 }
            if nextKeptEncrypted < keptEncryptedFields.count { emitKept(before: key, encrypted: true) }
        } else if nextKept < keptFields.count {
            emitKept(before: key, encrypted: false)
        }
        guard let output else {
            count(ArchiveSize.string(key) &+ size(), encrypted: encrypted)
            return
        }
        output.pointee.string(key)
        write(&output.pointee)
    }

    private mutating func count(_ size: Int, encrypted: Bool) {
        if encrypted {
            sizes.encryptedCount += 1
            sizes.encryptedSize += size
        } else {
            sizes.plainCount += 1
            sizes.plainSize += size
        }
    }

    /// Writes the kept fields of a map whose keys come before `key`; one with the same key is dropped.
    private mutating func emitKept(before key: String, encrypted: Bool) {
        let kept = encrypted ? keptEncryptedFields : keptFields
        var next = encrypted ? nextKeptEncrypted : nextKept
        while next < kept.entries.count {
            let order = FieldKeyOrder.compare(kept.entries[next].key, key)
            if order > 0 { break }
            if order < 0 { emit(kept.entries[next].key, kept.entries[next].value, encrypted: encrypted) }
            next += 1
        }
        if encrypted { nextKeptEncrypted = next } else { nextKept = next }
    }

    /// Writes the kept fields after the last declared one. Inlined: most models keep no field, and then this is
    /// one comparison, not a call that copies the kept map.
    @inlinable @inline(__always)
    mutating func finishMap(encrypted: Bool) {
        guard wants(encrypted) else { return }
        if encrypted ? nextKeptEncrypted < keptEncryptedFields.count : nextKept < keptFields.count {
            writeKept(encrypted: encrypted)
        }
    }

    @usableFromInline
    mutating func writeKept(encrypted: Bool) {
        let kept = encrypted ? keptEncryptedFields : keptFields
        let next = encrypted ? nextKeptEncrypted : nextKept
        for index in next..<kept.entries.count { emit(kept.entries[index].key, kept.entries[index].value, encrypted: encrypted) }
        if encrypted { nextKeptEncrypted = kept.entries.count } else { nextKept = kept.entries.count }
    }

    private mutating func emit(_ key: String, _ value: FieldValue, encrypted: Bool) {
        guard let output else {
            count(ArchiveSize.string(key) + ArchiveSize.fieldValue(value), encrypted: encrypted)
            return
        }
        output.pointee.string(key)
        output.pointee.fieldValue(value)
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
        var version: Int64?
        if versionField != nil { version = Int64(max(Model.schemaVersion, model.metadata.decodedVersion ?? 0)) }
        let kept = ModelArchiveLayout.keptFields(model.metadata, versionField: versionField, version: version)
        let keptEncrypted = model.metadata.unknownEncryptedFields
        var sizing = ModelArchiveWriter(pass: .size, kept: kept, keptEncrypted: keptEncrypted, output: nil)
        model.writeFields(to: &sizing)
        sizing.core.finishMap(encrypted: false)
        sizing.core.finishMap(encrypted: true)
        let sizes = sizing.core.sizes
        var bytes = ModelArchiveLayout.begin(metadata: model.metadata, recordType: Model.recordType, sizes: sizes)
        withUnsafeMutablePointer(to: &bytes) { output in
            var plain = ModelArchiveWriter(pass: .plain, kept: kept, keptEncrypted: RecordFields(), output: output)
            model.writeFields(to: &plain)
            plain.core.finishMap(encrypted: false)
            ModelArchiveLayout.beginEncryptedMap(sizes, output)
            var encrypted = ModelArchiveWriter(
                pass: .encrypted, kept: RecordFields(), keptEncrypted: keptEncrypted, output: output)
            // Most models declare no encrypted field: then only kept ones are left to write, without a visit.
            if sizes.declaredEncrypted > 0 { model.writeFields(to: &encrypted) }
            encrypted.core.finishMap(encrypted: true)
        }
        return ModelArchiveLayout.finish(bytes)
    }

    /// Generated code of API version 3 passed its fields in a closure; version 4 has a field walk.
    @available(*, unavailable, message: "regenerate with recordgen: archived() calls archive(_:versionField:)")
    public static func archive(
        _ model: Model, versionField: String?, _ visitFields: (inout ModelArchiveWriter<Model>) -> Void
    ) -> Data {
        archive(model, versionField: versionField)
    }
}
