/// A .ckdb file as written: roles and record types with CloudKit's own field types, before any mapping to
/// the RecordKit schema model. The parser produces it; `CKDBImporter` maps it to a `Schema`.
public struct CKDBDocument: Sendable, Hashable {
    /// `CREATE ROLE` statements, in file order.
    public var roles: [Role]
    /// `RECORD TYPE` statements, in file order.
    public var recordTypes: [CKDBRecordType]

    /// Creates a document.
    public init(roles: [Role] = [], recordTypes: [CKDBRecordType] = []) {
        self.roles = roles
        self.recordTypes = recordTypes
    }
}

/// One `RECORD TYPE name (…)` statement.
public struct CKDBRecordType: Sendable, Hashable {
    public var name: String
    /// Fields in file order, system fields (`"___recordID"` and the like) included.
    public var fields: [CKDBField]
    /// `GRANT … TO role` members, in file order.
    public var grants: [Grant]
    public var location: SourceLocation

    /// Creates a record type.
    public init(name: String, fields: [CKDBField] = [], grants: [Grant] = [], location: SourceLocation) {
        self.name = name
        self.fields = fields
        self.grants = grants
        self.location = location
    }
}

/// One field member: `name TYPE [QUERYABLE | SORTABLE | SEARCHABLE]...`.
public struct CKDBField: Sendable, Hashable {
    public var name: String
    public var type: CKDBFieldType
    public var isQueryable: Bool
    public var isSortable: Bool
    public var isSearchable: Bool
    public var location: SourceLocation

    /// Creates a field.
    public init(
        name: String, type: CKDBFieldType,
        isQueryable: Bool = false, isSortable: Bool = false, isSearchable: Bool = false,
        location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.isQueryable = isQueryable
        self.isSortable = isSortable
        self.isSearchable = isSearchable
        self.location = location
    }
}

/// A .ckdb data type: `[ENCRYPTED] BASE`, `LIST<…>`, or `NUMBER [PREFERRED AS INT64|DOUBLE]`.
public struct CKDBFieldType: Sendable, Hashable, CustomStringConvertible {
    /// The primitive type of the value (or of each element of a list).
    public enum Primitive: Sendable, Hashable {
        case asset, bytes, double, int64, location, reference, string, timestamp
        /// `NUMBER`, with its `PREFERRED AS` kind when given (`.int64` or `.double`).
        case number(preferred: SchemaFieldKind?)

        /// The keyword text, `NUMBER PREFERRED AS INT64` included.
        public var keyword: String {
            switch self {
            case .asset: "ASSET"
            case .bytes: "BYTES"
            case .double: "DOUBLE"
            case .int64: "INT64"
            case .location: "LOCATION"
            case .reference: "REFERENCE"
            case .string: "STRING"
            case .timestamp: "TIMESTAMP"
            case let .number(preferred):
                preferred.map { "NUMBER PREFERRED AS \($0.rawValue.uppercased())" } ?? "NUMBER"
            }
        }
    }

    public var primitive: Primitive
    public var isList: Bool
    public var isEncrypted: Bool

    /// Creates a type.
    public init(_ primitive: Primitive, isList: Bool = false, isEncrypted: Bool = false) {
        self.primitive = primitive
        self.isList = isList
        self.isEncrypted = isEncrypted
    }

    /// As the .ckdb grammar writes it: `ENCRYPTED STRING`, `LIST<INT64>`, `LIST<ENCRYPTED BYTES>`
    /// (encryption belongs to the primitive type, inside the list).
    public var description: String {
        let element = isEncrypted ? "ENCRYPTED \(primitive.keyword)" : primitive.keyword
        return isList ? "LIST<\(element)>" : element
    }
}
