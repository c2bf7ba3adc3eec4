/// A record type (`<record type=…>`).
public struct RecordType: Sendable, Hashable {
    /// What a model does with a record written by a newer version of the app.
    public enum NewerVersionPolicy: String, Sendable, Hashable, CaseIterable {
        /// Throw `newerVersion(found:supported:)`.
        case reject
        /// Decode what is known and keep the rest for the round trip (the default).
        case preserve
    }

    /// What wins when an unsent local edit meets the record's deletion on the server (`deleteConflict`).
    public enum DeleteConflict: String, Sendable, Hashable, CaseIterable {
        /// The edit: the record is created again from the local value (the default).
        case editWins
        /// The deletion: the local record and its edit are removed, and the discarded edit is reported.
        case deleteWins
    }

    /// The CloudKit record type name.
    public var name: String
    public var doc: String?
    /// The current version, >= 1.
    public var version: Int
    /// The zone records of this type live in, by name; nil for the default zone.
    public var zone: String?
    /// The field that stores the version the record was written with; nil when the type is unversioned.
    public var versionField: String?
    public var onNewerVersion: NewerVersionPolicy
    public var deleteConflict: DeleteConflict
    /// Fields, in file order.
    public var fields: [Field]
    /// Fields no longer in the model whose names and kinds stay reserved.
    public var retired: [RetiredField]
    /// How a three-way merge resolves a field changed on both sides; nil means the default rule
    /// (server wins).
    public var merge: MergeRule?
    /// Permissions, for the .ckdb export (`<grant>`).
    public var grants: [Grant]
    /// Indexes on CloudKit's system fields (`<systemIndex field="___createTime" sortable="true"/>`),
    /// as .ckdb declares them on `"___recordID"`, `"___createTime"` and the like.
    public var systemIndexes: [SystemFieldIndex]
    public var location: SourceLocation

    public init(
        name: String,
        doc: String? = nil,
        version: Int = 1,
        zone: String? = nil,
        versionField: String? = nil,
        onNewerVersion: NewerVersionPolicy = .preserve,
        deleteConflict: DeleteConflict = .editWins,
        fields: [Field] = [],
        retired: [RetiredField] = [],
        merge: MergeRule? = nil,
        grants: [Grant] = [],
        systemIndexes: [SystemFieldIndex] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.doc = doc
        self.version = version
        self.zone = zone
        self.versionField = versionField
        self.onNewerVersion = onNewerVersion
        self.deleteConflict = deleteConflict
        self.fields = fields
        self.retired = retired
        self.merge = merge
        self.grants = grants
        self.systemIndexes = systemIndexes
        self.location = location
    }

    /// The field with this name.
    public func field(named name: String) -> Field? { fields.first { $0.name == name } }
}

/// A field no longer in the model (`<retired name=… kind=… in=…>`): its name stays reserved for its kind,
/// values found under it are kept as unknown fields, and it is still exported to .ckdb.
public struct RetiredField: Sendable, Hashable {
    public var name: String
    public var type: SchemaFieldType
    /// The version that retired it.
    public var retiredIn: Int
    /// Whether it was encrypted, so the export keeps its exact CloudKit type.
    public var encrypted: Bool
    public var location: SourceLocation

    public init(name: String, type: SchemaFieldType, retiredIn: Int, encrypted: Bool = false, location: SourceLocation) {
        self.name = name
        self.type = type
        self.retiredIn = retiredIn
        self.encrypted = encrypted
        self.location = location
    }
}

/// The rule for fields changed on both sides of a three-way merge (`<merge strategy=… clock=… lists=…>`).
public struct MergeRule: Sendable, Hashable {
    public enum Strategy: String, Sendable, Hashable, CaseIterable {
        /// The side whose clock field is later wins; ties go to the server.
        case lastWriterWins
        case serverWins
        case clientWins
    }

    /// How list fields changed on both sides merge.
    public enum ListPolicy: String, Sendable, Hashable, CaseIterable {
        /// Like any other field: the strategy picks a side.
        case strategy
        /// The union: the ancestor's elements that neither side removed, then each side's additions.
        case union
    }

    /// Who sets the clock field on a local save (`stamp`).
    public enum Stamp: String, Sendable, Hashable, CaseIterable {
        /// The store: never earlier than the app's value, the store's clock, or the last server copy's clock
        /// plus one millisecond (the default with a clock).
        case store
        /// The app alone: the store keeps the value the app set.
        case app
    }

    public var strategy: Strategy
    /// The timestamp field that orders writes, for `lastWriterWins`.
    public var clock: String?
    public var lists: ListPolicy
    /// The `stamp` attribute as written; nil when absent (``effectiveStamp`` gives the rule).
    public var stamp: Stamp?
    public var location: SourceLocation

    public init(
        strategy: Strategy, clock: String? = nil, lists: ListPolicy = .strategy, stamp: Stamp? = nil, location: SourceLocation
    ) {
        self.strategy = strategy
        self.clock = clock
        self.lists = lists
        self.stamp = stamp
        self.location = location
    }

    /// Who sets the clock on a local save: nil without a last-writer-wins clock, else `stamp` or ``Stamp/store``.
    public var effectiveStamp: Stamp? {
        guard strategy == .lastWriterWins, clock != nil else { return nil }
        return stamp ?? .store
    }
}

/// A permission grant on a record type (`<grant to="role" read="true" create="true" write="true"/>`),
/// as .ckdb writes `GRANT READ, CREATE, WRITE TO "role"`.
public struct Grant: Sendable, Hashable {
    public enum Permission: String, Sendable, Hashable, CaseIterable, Comparable {
        case read, create, write

        private var rank: Int {
            switch self {
            case .read: 0
            case .create: 1
            case .write: 2
            }
        }

        public static func < (lhs: Permission, rhs: Permission) -> Bool { lhs.rank < rhs.rank }
    }

    public var role: String
    /// The permissions, in the order read, create, write.
    public var permissions: [Permission]
    public var location: SourceLocation

    public init(role: String, permissions: [Permission], location: SourceLocation) {
        self.role = role
        self.permissions = permissions
        self.location = location
    }
}

/// An index on a CloudKit system field (`___recordID`, `___createTime`, `___modTime`, `___createdBy`,
/// `___modifiedBy`, `___etag`), kept so a .ckdb round trip loses none.
public struct SystemFieldIndex: Sendable, Hashable {
    /// The system field's name, with its three underscores.
    public var field: String
    public var isQueryable: Bool
    public var isSortable: Bool
    public var isSearchable: Bool
    public var location: SourceLocation

    public init(field: String, isQueryable: Bool = false, isSortable: Bool = false, isSearchable: Bool = false, location: SourceLocation) {
        self.field = field
        self.isQueryable = isQueryable
        self.isSortable = isSortable
        self.isSearchable = isSearchable
        self.location = location
    }
}
