/// What CloudKit gives every container and every new record type, as `cktool export-schema` writes it, so that an
/// export says what `cktool import-schema` expects and a diff against a real export shows only real changes.
///
/// Every real export has a `Users` type (the six system fields, `roles LIST<INT64>`, `GRANT WRITE TO "_creator"`
/// and `GRANT READ TO "_world"`), and every type created in CloudKit's console or by a development-environment
/// save gets `GRANT WRITE TO "_creator"`, `GRANT CREATE TO "_icloud"`, `GRANT READ TO "_world"`. A type imported
/// without grants gets none: in the public database nobody could create or read its records.
enum CKDBDefaults {
    /// CloudKit's user record type.
    static let usersType = "Users"
    /// The field CloudKit keeps on `Users`.
    static let usersRolesField = "roles"

    /// The grants CloudKit gives a new record type: the creator writes, any iCloud user creates, everyone reads.
    static func defaultGrants(at location: SourceLocation) -> [Grant] {
        [
            Grant(role: "_creator", permissions: [.write], location: location),
            Grant(role: "_icloud", permissions: [.create], location: location),
            Grant(role: "_world", permissions: [.read], location: location),
        ]
    }

    /// The grants of CloudKit's `Users` type: its user writes it, everyone reads it; the system creates it.
    static func usersGrants(at location: SourceLocation) -> [Grant] {
        [
            Grant(role: "_creator", permissions: [.write], location: location),
            Grant(role: "_world", permissions: [.read], location: location),
        ]
    }

    /// Whether records of `record` may live in the public database, where grants apply: the public database has
    /// only the default zone, so a type in a custom zone of the private or shared database never needs one.
    static func mayBePublic(_ record: RecordType, in schema: Schema) -> Bool {
        guard let zone = record.zone, zone != NameRules.defaultZone else { return true }
        return schema.zone(named: zone)?.database == .public
    }

    /// `schema` with what CloudKit adds: a `Users` type when none is declared (a declared one gets its `roles`
    /// field and, without grants, its default grants), and the default grants on every type that may be public
    /// and declares none.
    static func completed(_ schema: Schema) -> Schema {
        var result = schema
        for index in result.records.indices {
            let record = result.records[index]
            if record.name == usersType {
                if record.field(named: usersRolesField) == nil {
                    result.records[index].fields.append(usersRoles(at: record.location))
                }
                if record.grants.isEmpty { result.records[index].grants = usersGrants(at: record.location) }
            } else if record.grants.isEmpty, mayBePublic(record, in: schema) {
                result.records[index].grants = defaultGrants(at: record.location)
            }
        }
        if schema.record(named: usersType) == nil {
            result.records.append(RecordType(
                name: usersType, fields: [usersRoles(at: schema.location)], grants: usersGrants(at: schema.location),
                location: schema.location))
        }
        return result
    }

    private static func usersRoles(at location: SourceLocation) -> Field {
        Field(name: usersRolesField, type: .list(of: .int64), isOptional: true, location: location)
    }
}
