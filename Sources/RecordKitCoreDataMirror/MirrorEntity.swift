/// How one Core Data entity hierarchy is mirrored to CloudKit, as the app's schema says: its record type
/// (`CD_` + root entity) and its fields (`CD_` + attribute or to-one relationship). The reader finds each field's
/// column as Core Data names it (`Z` + the upper-cased name) in the root entity's table (`Z` + upper-cased name).
public struct MirrorEntity: Sendable, Hashable {
    /// The record type, `CD_` + the root entity's name.
    public var recordType: String
    /// The mirrored fields, in schema order.
    public var fields: [MirrorField]

    /// An entity description.
    public init(recordType: String, fields: [MirrorField]) {
        self.recordType = recordType
        self.fields = fields
    }

    /// The root entity's name: the record type without `CD_`.
    public var entityName: String {
        recordType.hasPrefix("CD_") ? String(recordType.dropFirst(3)) : recordType
    }
}

/// One mirrored field and how its column's values become field values.
public struct MirrorField: Sendable, Hashable {
    /// How a stored value reads.
    public enum Kind: Sendable, Hashable {
        /// TEXT; an INTEGER here is a to-one relationship's primary key, read as the related record's name.
        case string
        /// A UUID attribute: a 16-byte BLOB, read as its upper-case string (CloudKit's form).
        case uuidString
        /// INTEGER (integers and Booleans).
        case int64
        /// REAL.
        case double
        /// REAL seconds since 2001-01-01, as Core Data stores dates.
        case timestamp
        /// BLOB.
        case bytes
    }

    /// The CloudKit field name, `CD_` + the property name.
    public var name: String
    /// How the column's values read.
    public var kind: Kind
    /// Whether the value travels in the record's encrypted fields (`allowsCloudEncryption`).
    public var isEncrypted: Bool

    /// A field description.
    public init(name: String, kind: Kind, isEncrypted: Bool = false) {
        self.name = name
        self.kind = kind
        self.isEncrypted = isEncrypted
    }

    /// The property name: the field name without `CD_`.
    public var propertyName: String {
        name.hasPrefix("CD_") ? String(name.dropFirst(3)) : name
    }

    /// The column Core Data writes the property into.
    public var columnName: String { "Z" + propertyName.uppercased() }
}
