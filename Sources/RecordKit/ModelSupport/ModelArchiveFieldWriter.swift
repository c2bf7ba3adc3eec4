import Foundation

/// The passes of ``ModelArchiveWriter``: the size pass counts the entries and bytes of both field maps, each write
/// pass writes the entries of one map; both merge the declared fields with the fields the metadata kept, as
/// `record()` does.
///
/// Not generic: compiled once, specialised code for every model. Each field's share of the size pass is inlined
/// into the model's walk (a few additions, sized from the value's static type); its write is one call per field.
@usableFromInline
struct ModelArchiveFieldWriter {
    @usableFromInline enum Pass { case size, plain, encrypted }

    @usableFromInline var pass = Pass.size
    /// The kept fields and the version field; nil when there are none (most models), so nothing is copied.
    @usableFromInline let kept: ModelArchiveKeptFields?
    /// The next kept field of each map not yet merged.
    @usableFromInline var nextKept = 0
    @usableFromInline var nextKeptEncrypted = 0
    /// Whether each map has kept fields left to merge: the one test a declared field makes.
    @usableFromInline var plainKeptLeft = false
    @usableFromInline var encryptedKeptLeft = false
    /// The first byte of the key of each map's next kept field, -1 until the first merge finds it (or for an
    /// empty key). Bytes, not the key: a string here cost releases in every archive, kept fields or not.
    @usableFromInline var nextPlainKeptByte = -1
    @usableFromInline var nextEncryptedKeptByte = -1
    /// What the size pass found: entries and bytes of each map, and whether a declared field is encrypted.
    @usableFromInline var sizes = ModelArchiveSizes()
    /// Where the write passes write; nil in the size pass.
    @usableFromInline var output: UnsafeMutablePointer<ArchiveByteWriter>?

    /// Starts in the size pass. Inlined, so a model that kept nothing pays a nil test and no call.
    @inlinable @inline(__always)
    init(kept: ModelArchiveKeptFields?) {
        self.kept = kept
        // Taken as true when there are kept fields at all: the first merge of a map with none clears it.
        plainKeptLeft = kept != nil
        encryptedKeptLeft = kept != nil
    }

    /// Starts a write pass into `output`, merging the kept fields from the first again.
    @usableFromInline
    mutating func startWriting(_ pass: Pass, into output: UnsafeMutableBufferPointer<ArchiveByteWriter>) {
        self.pass = pass
        self.output = output.baseAddress
        rewindKept()
    }

    private mutating func rewindKept() {
        nextKept = 0
        nextKeptEncrypted = 0
        plainKeptLeft = kept != nil
        encryptedKeptLeft = kept != nil
        nextPlainKeptByte = -1
        nextEncryptedKeptByte = -1
    }

    /// Whether this pass takes fields of that map.
    @inlinable @inline(__always)
    func wants(_ encrypted: Bool) -> Bool {
        switch pass {
        case .size: true
        case .plain: !encrypted
        case .encrypted: encrypted
        }
    }

    // MARK: Declared fields

    /// Merges one declared field into its map.
    ///
    /// Inlined into the sink's specialised `set`: there the value is the `FieldValue` of a property of a known type
    /// (`.int64(count)`, `.list(.string(tags))`), so the switch folds away and the field is sized and written from
    /// its static type, without a `FieldValue` built, passed and switched over at run time.
    @inlinable @inline(__always)
    mutating func put(_ key: String, _ value: FieldValue, encrypted: Bool) {
        switch value {
        case let .string(value): putString(key, value, encrypted: encrypted)
        case let .int64(value):
            if output == nil { return size(key, encrypted, 1 &+ ArchiveSize.signedVarint(value)) }
            writeInt64(key, value, encrypted: encrypted)
        case let .double(value):
            if output == nil { return size(key, encrypted, 9) }
            writeDouble(key, value, encrypted: encrypted)
        case let .timestamp(value):
            if output == nil { return size(key, encrypted, 9) }
            writeDate(key, value, encrypted: encrypted)
        case let .bytes(value): putBytes(key, value, encrypted: encrypted)
        case let .list(.string(values)):
            if output == nil {
                var size = ArchiveSize.listHeader(values.count)
                for index in values.indices { size &+= ArchiveSize.string(values[index]) }
                return self.size(key, encrypted, size)
            }
            writeStringList(key, values, encrypted: encrypted)
        case let .list(.int64(values)):
            if output == nil {
                var size = ArchiveSize.listHeader(values.count)
                for index in values.indices { size &+= ArchiveSize.signedVarint(values[index]) }
                return self.size(key, encrypted, size)
            }
            writeInt64List(key, values, encrypted: encrypted)
        case let .list(.double(values)):
            if output == nil { return size(key, encrypted, ArchiveSize.listHeader(values.count) &+ values.count &* 8) }
            writeDoubleList(key, values, encrypted: encrypted)
        case let .list(.timestamp(values)):
            if output == nil { return size(key, encrypted, ArchiveSize.listHeader(values.count) &+ values.count &* 8) }
            writeDateList(key, values, encrypted: encrypted)
        default:
            if output == nil { return size(key, encrypted, ArchiveSize.fieldValue(value)) }
            writeValue(key, value, encrypted: encrypted)
        }
    }

    @inlinable @inline(__always)
    mutating func putString(_ key: String, _ value: String, encrypted: Bool) {
        if output == nil { return size(key, encrypted, 1 &+ ArchiveSize.string(value)) }
        writeString(key, value, encrypted: encrypted)
    }

    @inlinable @inline(__always)
    mutating func putBytes(_ key: String, _ value: Data, encrypted: Bool) {
        if output == nil { return size(key, encrypted, 1 &+ ArchiveSize.data(value)) }
        writeBytes(key, value, encrypted: encrypted)
    }

    @inlinable @inline(__always)
    mutating func putReference(_ key: String, _ value: Reference, encrypted: Bool) {
        if output == nil { return size(key, encrypted, 1 &+ ArchiveSize.reference(value)) }
        writeReference(key, value, encrypted: encrypted)
    }

    /// The size pass's share of a declared field: the kept fields before it, then its entry.
    @inlinable @inline(__always)
    mutating func size(_ key: String, _ encrypted: Bool, _ valueSize: Int) {
        let entrySize = ArchiveSize.string(key) &+ valueSize
        if encrypted {
            sizes.declaredEncrypted &+= 1
            if encryptedKeptLeft { mergeKept(before: key, encrypted: true) }
            sizes.encryptedCount &+= 1
            sizes.encryptedSize &+= entrySize
        } else {
            if plainKeptLeft { mergeKept(before: key, encrypted: false) }
            sizes.plainCount &+= 1
            sizes.plainSize &+= entrySize
        }
    }

    // The write passes: one call per field.

    @usableFromInline
    mutating func writeValue(_ key: String, _ value: FieldValue, encrypted: Bool) {
        write(key, encrypted) { $0.fieldValue(value) }
    }

    @usableFromInline
    mutating func writeString(_ key: String, _ value: String, encrypted: Bool) {
        write(key, encrypted) { output in
            output.byte(ValueTag.string)
            output.string(value)
        }
    }

    @usableFromInline
    mutating func writeBytes(_ key: String, _ value: Data, encrypted: Bool) {
        write(key, encrypted) { output in
            output.byte(ValueTag.bytes)
            output.data(value)
        }
    }

    @usableFromInline
    mutating func writeReference(_ key: String, _ value: Reference, encrypted: Bool) {
        write(key, encrypted) { output in
            output.byte(ValueTag.reference)
            output.reference(value)
        }
    }

    @usableFromInline
    mutating func writeInt64(_ key: String, _ value: Int64, encrypted: Bool) {
        write(key, encrypted) { output in
            output.byte(ValueTag.int64)
            output.signedVarint(value)
        }
    }

    @usableFromInline
    mutating func writeDouble(_ key: String, _ value: Double, encrypted: Bool) {
        write(key, encrypted) { output in
            output.byte(ValueTag.double)
            output.double(value)
        }
    }

    @usableFromInline
    mutating func writeDate(_ key: String, _ value: Date, encrypted: Bool) {
        write(key, encrypted) { output in
            output.byte(ValueTag.timestamp)
            output.date(value)
        }
    }

    @usableFromInline
    mutating func writeStringList(_ key: String, _ values: [String], encrypted: Bool) {
        write(key, encrypted) { output in
            output.listHeader(ValueTag.string, values.count)
            for index in values.indices { output.string(values[index]) }
        }
    }

    @usableFromInline
    mutating func writeInt64List(_ key: String, _ values: [Int64], encrypted: Bool) {
        write(key, encrypted) { output in
            output.listHeader(ValueTag.int64, values.count)
            for index in values.indices { output.signedVarint(values[index]) }
        }
    }

    @usableFromInline
    mutating func writeDoubleList(_ key: String, _ values: [Double], encrypted: Bool) {
        write(key, encrypted) { output in
            output.listHeader(ValueTag.double, values.count)
            for index in values.indices { output.double(values[index]) }
        }
    }

    @usableFromInline
    mutating func writeDateList(_ key: String, _ values: [Date], encrypted: Bool) {
        write(key, encrypted) { output in
            output.listHeader(ValueTag.timestamp, values.count)
            for index in values.indices { output.date(values[index]) }
        }
    }

    /// Writes the kept fields before `key`, then the entry: the key, then what `value` writes (exactly what
    /// `fieldValue` would).
    @inline(__always)
    private mutating func write(_ key: String, _ encrypted: Bool, value: (inout ArchiveByteWriter) -> Void) {
        // Most models keep no field: then nothing is merged, and the kept maps are not even copied.
        if encrypted {
            if encryptedKeptLeft { mergeKept(before: key, encrypted: true) }
        } else if plainKeptLeft {
            mergeKept(before: key, encrypted: false)
        }
        guard let output else { return }
        output.pointee.string(key)
        value(&output.pointee)
    }

    // MARK: Kept fields

    /// Counts or writes the kept fields of a map whose keys come before `key`; one with the same key is dropped.
    @usableFromInline
    mutating func mergeKept(before key: String, encrypted: Bool) {
        // Most calls find the next kept entry still ahead (a versioned model's fields before its version field):
        // its key's first byte, held in the writer, is past the key's, and the kept fields are not even copied.
        let nextByte = encrypted ? nextEncryptedKeptByte : nextPlainKeptByte
        if nextByte >= 0, let first = key.utf8.first, nextByte > Int(first) { return }
        guard let kept else { return }
        let count = kept.count(encrypted: encrypted)
        var next = encrypted ? nextKeptEncrypted : nextKept
        while next < count {
            let keptKey = kept.key(at: next, encrypted: encrypted)
            let order = FieldKeyOrder.compare(keptKey, key)
            if order > 0 { break }
            if order < 0 { emit(keptKey, kept.value(at: next, encrypted: encrypted), encrypted: encrypted) }
            next += 1
        }
        setNextKept(next, of: count, encrypted: encrypted)
    }

    /// Counts or writes the kept fields after the last declared one. Inlined: most models keep no field, and then
    /// this is one comparison, not a call that copies the kept map.
    @inlinable @inline(__always)
    mutating func finishMap(encrypted: Bool) {
        guard wants(encrypted) else { return }
        if encrypted ? encryptedKeptLeft : plainKeptLeft { writeKept(encrypted: encrypted) }
    }

    @usableFromInline
    mutating func writeKept(encrypted: Bool) {
        guard let kept else { return }
        let count = kept.count(encrypted: encrypted)
        let next = encrypted ? nextKeptEncrypted : nextKept
        for index in next..<count {
            emit(kept.key(at: index, encrypted: encrypted), kept.value(at: index, encrypted: encrypted), encrypted: encrypted)
        }
        setNextKept(count, of: count, encrypted: encrypted)
    }

    private mutating func setNextKept(_ next: Int, of count: Int, encrypted: Bool) {
        var nextByte = -1
        if next < count, let kept, let first = kept.key(at: next, encrypted: encrypted).utf8.first { nextByte = Int(first) }
        if encrypted {
            nextKeptEncrypted = next
            encryptedKeptLeft = next < count
            nextEncryptedKeptByte = nextByte
        } else {
            nextKept = next
            plainKeptLeft = next < count
            nextPlainKeptByte = nextByte
        }
    }

    private mutating func emit(_ key: String, _ value: FieldValue, encrypted: Bool) {
        guard let output else {
            let size = ArchiveSize.string(key) + ArchiveSize.fieldValue(value)
            if encrypted {
                sizes.encryptedCount += 1
                sizes.encryptedSize += size
            } else {
                sizes.plainCount += 1
                sizes.plainSize += size
            }
            return
        }
        output.pointee.string(key)
        output.pointee.fieldValue(value)
    }
}
