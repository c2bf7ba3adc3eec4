/// A record: its type, its ID, its field values and the server's system fields.
///
/// Field values of encrypted fields are kept apart in ``encryptedFields`` (CloudKit's `encryptedValues`);
/// ``subscript(_:)`` reads from either.
///
/// A key is never in both stores: the record keeps that itself, whichever way it is built or changed.
/// The rule is that the store written last wins the key:
/// - setting or mutating ``fields`` (`record.fields = …`, `record.fields["a"] = …`, `updateValue`, …)
///   removes the keys it then holds from ``encryptedFields``, and the other way round;
/// - ``init(recordType:id:fields:encryptedFields:system:)`` sets `fields` first, then `encryptedFields`: a key
///   given in both stays encrypted only (an encryption is never dropped silently);
/// - ``subscript(_:)`` writes to whichever store already holds the key, else to ``fields``.
///
/// The decoders refuse input that gives one key twice, with a typed error, before a record is built.
public struct Record: Sendable, Hashable {
    /// The record type's name, as the schema declares it.
    public var recordType: String
    /// The record's ID.
    public var id: RecordID
    /// What the server maintains: change tag, dates, users, device.
    public var system: SystemFields
    // Internal only for the inlinable getters below (set through `fields` and `encryptedFields`, which keep a key
    // in one store): a getter called on a record behind a pointer (a model's decode walk) copied the whole record.
    @usableFromInline var plainStore: RecordFields
    @usableFromInline var encryptedStore: RecordFields

    /// Creates a record. A key in both `fields` and `encryptedFields` is kept in `encryptedFields` only.
    public init(
        recordType: String,
        id: RecordID,
        fields: RecordFields = [:],
        encryptedFields: RecordFields = [:],
        system: SystemFields = SystemFields()
    ) {
        self.recordType = recordType
        self.id = id
        self.system = system
        plainStore = fields
        encryptedStore = encryptedFields
        if !encryptedFields.isEmpty { plainStore.removeKeys(sharedWith: encryptedFields) }
    }

    /// A record from stores the caller has checked share no key (decoders that refuse such input).
    init(recordType: String, id: RecordID, disjointFields fields: RecordFields, encryptedFields: RecordFields,
         system: SystemFields) {
        assert(fields.firstKey(sharedWith: encryptedFields) == nil, "a key in both stores")
        self.recordType = recordType
        self.id = id
        self.system = system
        plainStore = fields
        encryptedStore = encryptedFields
    }

    /// The values of the unencrypted fields, by field name. Keys set here leave ``encryptedFields``.
    public var fields: RecordFields {
        @inlinable get { plainStore }
        set {
            plainStore = newValue
            if !encryptedStore.isEmpty { encryptedStore.removeKeys(sharedWith: plainStore) }
        }
        _modify {
            defer { if !encryptedStore.isEmpty { encryptedStore.removeKeys(sharedWith: plainStore) } }
            yield &plainStore
        }
    }

    /// The values of the end-to-end encrypted fields, by field name. Keys set here leave ``fields``.
    public var encryptedFields: RecordFields {
        @inlinable get { encryptedStore }
        set {
            encryptedStore = newValue
            if !newValue.isEmpty { plainStore.removeKeys(sharedWith: encryptedStore) }
        }
        _modify {
            defer { if !encryptedStore.isEmpty { plainStore.removeKeys(sharedWith: encryptedStore) } }
            yield &encryptedStore
        }
    }

    /// The value of a field, encrypted or not. Setting writes to whichever store already holds the key,
    /// else to ``fields``; setting nil removes the key from both.
    public subscript(key: String) -> FieldValue? {
        get { plainStore[key] ?? encryptedStore[key] }
        set {
            if let newValue {
                if !encryptedStore.isEmpty, encryptedStore.contains(key: key) {
                    encryptedStore[key] = newValue
                } else {
                    plainStore[key] = newValue
                }
            } else {
                plainStore[key] = nil
                encryptedStore[key] = nil
            }
        }
    }

    /// The names of all fields, encrypted or not, sorted by byte order.
    public var allKeys: [String] {
        if encryptedStore.isEmpty { return plainStore.keys }
        // Both stores are sorted and share no key: merge them, comparing bytes (a Set would merge keys equal
        // only as Unicode text).
        var merged: [String] = []
        merged.reserveCapacity(plainStore.count + encryptedStore.count)
        var plain = plainStore.keys[...], encrypted = encryptedStore.keys[...]
        while let left = plain.first, let right = encrypted.first {
            let order = FieldKeyOrder.compare(left, right)
            if order <= 0 { merged.append(left); plain.removeFirst() }
            if order >= 0 { if order > 0 { merged.append(right) }; encrypted.removeFirst() }
        }
        return merged + plain + encrypted
    }
}
