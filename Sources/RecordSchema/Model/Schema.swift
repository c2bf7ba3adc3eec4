/// A whole schema file: zones, enums, roles and record types, in the order the file declares them.
///
/// Immutable once read; every node keeps the location it was read from.
public struct Schema: Sendable, Hashable {
    /// The schema's name (`<schema name=…>`).
    public var name: String
    /// Documentation from `<doc>`.
    public var doc: String?
    /// Zones, in file order.
    public var zones: [Zone]
    /// Enums, in file order.
    public var enums: [EnumType]
    /// Roles declared for grants (`<role name=…>`), in file order. The built-in roles
    /// `_creator`, `_icloud` and `_world` need no declaration.
    public var roles: [Role]
    /// Record types, in file order.
    public var records: [RecordType]
    /// Where the schema element stands.
    public var location: SourceLocation

    /// Creates a schema.
    public init(
        name: String,
        doc: String? = nil,
        zones: [Zone] = [],
        enums: [EnumType] = [],
        roles: [Role] = [],
        records: [RecordType] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.doc = doc
        self.zones = zones
        self.enums = enums
        self.roles = roles
        self.records = records
        self.location = location
    }

    /// The record type with this name.
    public func record(named name: String) -> RecordType? { records.first { $0.name == name } }
    /// The enum with this name.
    public func enumType(named name: String) -> EnumType? { enums.first { $0.name == name } }
    /// The zone with this name.
    public func zone(named name: String) -> Zone? { zones.first { $0.name == name } }
}

/// A record zone (`<zone name=… database=…>`).
public struct Zone: Sendable, Hashable {
    /// Which CloudKit database a zone lives in.
    public enum Database: String, Sendable, Hashable, CaseIterable {
        case `private`, shared, `public`
    }

    public var name: String
    public var database: Database
    public var location: SourceLocation

    public init(name: String, database: Database, location: SourceLocation) {
        self.name = name
        self.database = database
        self.location = location
    }
}

/// A role that grants name (`<role name=…>`; .ckdb `CREATE ROLE`).
public struct Role: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
