/// One field of a record type (`<field name=… kind=…>`).
public struct Field: Sendable, Hashable {
    /// A Swift representation other than the kind's natural one (`as=`).
    public enum SwiftRepresentation: String, Sendable, Hashable, CaseIterable {
        /// A string field read as `UUID`.
        case uuid
        /// A string field read as `URL`.
        case url
        /// An int64 field read as `Int`.
        case int
        /// An int64 field read as `Bool` (0 or 1).
        case bool
    }

    /// The delete action of a reference field (`action=`).
    public enum ReferenceAction: String, Sendable, Hashable, CaseIterable {
        case none, deleteSelf, validate
    }

    public var name: String
    public var type: SchemaFieldType
    public var doc: String?
    /// `as=`: the Swift representation, when not the kind's natural one.
    public var representation: SwiftRepresentation?
    /// `enum=`: the enum whose raw values the field stores.
    public var enumName: String?
    /// `to=`: the record type a reference (or list of references) points at.
    public var referenceTarget: String?
    /// `action=`: the delete action of a reference.
    public var referenceAction: ReferenceAction?
    /// `optional="true"`: absent means nil.
    public var isOptional: Bool
    /// `default=`: the value's text as written, parsed by validation against the kind.
    public var defaultValue: String?
    /// `since=`: the version that added the field (default 1).
    public var since: Int
    public var isQueryable: Bool
    public var isSortable: Bool
    public var isSearchable: Bool
    public var isEncrypted: Bool
    public var location: SourceLocation

    public init(
        name: String,
        type: SchemaFieldType,
        doc: String? = nil,
        representation: SwiftRepresentation? = nil,
        enumName: String? = nil,
        referenceTarget: String? = nil,
        referenceAction: ReferenceAction? = nil,
        isOptional: Bool = false,
        defaultValue: String? = nil,
        since: Int = 1,
        isQueryable: Bool = false,
        isSortable: Bool = false,
        isSearchable: Bool = false,
        isEncrypted: Bool = false,
        location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.doc = doc
        self.representation = representation
        self.enumName = enumName
        self.referenceTarget = referenceTarget
        self.referenceAction = referenceAction
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.since = since
        self.isQueryable = isQueryable
        self.isSortable = isSortable
        self.isSearchable = isSearchable
        self.isEncrypted = isEncrypted
        self.location = location
    }

    /// Lists are never required (absent means empty); other fields are required unless optional or defaulted.
    public var isRequired: Bool {
        if case .list = type { return false }
        return !isOptional && defaultValue == nil
    }

    /// Whether any index is asked for.
    public var hasIndex: Bool { isQueryable || isSortable || isSearchable }
}
