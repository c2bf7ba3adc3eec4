/// A record: its type, its ID, its field values and the server's system fields.
///
/// Field values of encrypted fields are kept apart in ``encryptedFields`` (CloudKit's
/// `encryptedValues`); ``subscript(_:)`` reads from either.
public struct Record: Sendable, Hashable {
    /// The record type's name, as the schema declares it.
    public var recordType: String
    /// The record's ID.
    public var id: RecordID
    /// The values of the unencrypted fields, by field name.
    public var fields: RecordFields
    /// The values of the end-to-end encrypted fields, by field name.
    public var encryptedFields: RecordFields
    /// What the server maintains: change tag, dates, users, device.
    public var system: SystemFields

    /// Creates a record.
    public init(
        recordType: String,
        id: RecordID,
        fields: RecordFields = [:],
        encryptedFields: RecordFields = [:],
        system: SystemFields = SystemFields()
    ) {
        self.recordType = recordType
        self.id = id
        self.fields = fields
        self.encryptedFields = encryptedFields
        self.system = system
    }

    /// The value of a field, encrypted or not. Setting writes to whichever store already holds the key,
    /// else to ``fields``; setting nil removes the key from both.
    public subscript(key: String) -> FieldValue? {
        get { fields[key] ?? encryptedFields[key] }
        set {
            if newValue == nil {
                fields[key] = nil
                encryptedFields[key] = nil
            } else if encryptedFields.contains(key: key) {
                encryptedFields[key] = newValue
            } else {
                fields[key] = newValue
            }
        }
    }

    /// The names of all fields, encrypted or not, sorted by byte order.
    public var allKeys: [String] {
        if encryptedFields.isEmpty { return fields.keys }
        // Both stores are sorted: merge them, comparing bytes (a Set would merge keys equal only as Unicode text).
        var merged: [String] = []
        merged.reserveCapacity(fields.count + encryptedFields.count)
        var plain = fields.keys[...], encrypted = encryptedFields.keys[...]
        while let left = plain.first, let right = encrypted.first {
            let order = FieldKeyOrder.compare(left, right)
            if order <= 0 { merged.append(left); plain.removeFirst() }
            if order >= 0 { if order > 0 { merged.append(right) }; encrypted.removeFirst() }
        }
        return merged + plain + encrypted
    }
}
