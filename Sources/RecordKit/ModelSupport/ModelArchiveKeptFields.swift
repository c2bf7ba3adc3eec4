/// The fields a model archive merges with the declared ones: those the metadata kept without knowing them, and
/// the version field of a versioned model, as `record()` adds them.
///
/// Only made when there is one of them (``ModelArchiveFieldWriter`` holds nil for the common model that kept
/// nothing and has no version field, so nothing is copied or destroyed per archive). The version field is not set
/// into a copy of the kept map, which would build an array on every archive: the plain map is read as the kept
/// entries with the version entry placed at its key's position, replacing a kept entry of the same key.
@usableFromInline
struct ModelArchiveKeptFields {
    /// The kept plain and encrypted fields.
    let plain: RecordFields
    let encrypted: RecordFields
    /// The version field's key and value, nil for a model without one.
    let versionKey: String?
    let version: Int64
    /// Where the version entry goes among the plain entries, and whether a kept entry there has its key.
    let versionIndex: Int
    let versionReplaces: Bool

    /// Nil when the metadata kept no field and the model has no version field: then there is nothing to merge.
    @inlinable @inline(__always)
    init?(_ metadata: borrowing RecordMetadata, versionField: String?, version: Int64) {
        guard versionField != nil || !metadata.unknownFields.isEmpty || !metadata.unknownEncryptedFields.isEmpty
        else { return nil }
        self.init(plain: metadata.unknownFields, encrypted: metadata.unknownEncryptedFields,
                  versionField: versionField, version: version)
    }

    @usableFromInline
    init(plain: RecordFields, encrypted: RecordFields, versionField: String?, version: Int64) {
        self.plain = plain
        self.encrypted = encrypted
        versionKey = versionField
        self.version = version
        var index = plain.entries.count
        var replaces = false
        if let versionField {
            for position in plain.entries.indices {
                let order = FieldKeyOrder.compare(plain.entries[position].key, versionField)
                if order < 0 { continue }
                index = position
                replaces = order == 0
                break
            }
        }
        versionIndex = index
        versionReplaces = replaces
    }

    /// The number of entries of a map to merge.
    func count(encrypted isEncrypted: Bool) -> Int {
        if isEncrypted { return encrypted.count }
        guard versionKey != nil else { return plain.count }
        return versionReplaces ? plain.count : plain.count + 1
    }

    /// The key of an entry of a map.
    func key(at index: Int, encrypted isEncrypted: Bool) -> String {
        if isEncrypted { return encrypted.entries[index].key }
        if let versionKey, index == versionIndex { return versionKey }
        return plain.entries[plainIndex(index)].key
    }

    /// The value of an entry of a map.
    func value(at index: Int, encrypted isEncrypted: Bool) -> FieldValue {
        if isEncrypted { return encrypted.entries[index].value }
        if versionKey != nil, index == versionIndex { return .int64(version) }
        return plain.entries[plainIndex(index)].value
    }

    /// The kept plain entry at `index` of the plain map: those after the version entry are one further on when
    /// the version entry was inserted rather than put in a kept entry's place.
    private func plainIndex(_ index: Int) -> Int {
        versionKey != nil && index > versionIndex && !versionReplaces ? index - 1 : index
    }
}
