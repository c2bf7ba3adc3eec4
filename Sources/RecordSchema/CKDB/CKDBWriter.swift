/// Writes a schema in the CloudKit Schema Language the way `cktool export-schema` does, so that
/// `cktool import-schema` accepts it and a diff against a real export shows only real changes:
/// record types and fields in byte order, the six system fields among them, names padded to one column,
/// grants last (one per role, roles in byte order), names quoted where cktool quotes them.
///
/// Nothing deployed is dropped: retired fields are written like live ones (CloudKit never deletes a field),
/// and each type's version field is written as the `INT64` field it is on the server.
///
/// What CloudKit adds is written too (`CKDBDefaults`): the `Users` type as cktool exports it when the schema
/// declares none, and CloudKit's default grants (`_creator` write, `_icloud` create, `_world` read) on every type
/// that may live in the public database (the default zone, or a public zone) and declares no grant.
public enum CKDBWriter {
    /// The .ckdb text of `schema`.
    public static func write(_ schema: Schema) -> String {
        let schema = CKDBDefaults.completed(schema)
        var out = "DEFINE SCHEMA\n"
        let roles = schema.roles.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for role in roles {
            out += "\n    CREATE ROLE \(CKDBNames.spelled(role));\n"
        }
        let records = schema.records.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for record in records {
            out += "\n"
            out += recordType(record)
        }
        return out
    }

    private struct Line {
        var name: String
        var rest: String
    }

    private static func recordType(_ record: RecordType) -> String {
        var lines: [Line] = []
        for system in CKDBNames.systemFields {
            let index = record.systemIndexes.first { $0.field == system.name }
            let flags = indexFlags(queryable: index?.isQueryable ?? false, sortable: index?.isSortable ?? false, searchable: index?.isSearchable ?? false)
            lines.append(Line(name: system.name, rest: system.type + flags))
        }
        for field in record.fields {
            let type = typeText(field.type, encrypted: field.isEncrypted)
            lines.append(Line(name: field.name, rest: type + indexFlags(queryable: field.isQueryable, sortable: field.isSortable, searchable: field.isSearchable)))
        }
        if let versionField = record.versionField, record.field(named: versionField) == nil {
            lines.append(Line(name: versionField, rest: "INT64"))
        }
        for retired in record.retired where !lines.contains(where: { $0.name == retired.name }) {
            lines.append(Line(name: retired.name, rest: typeText(retired.type, encrypted: retired.encrypted)))
        }
        lines.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }

        let spelled = lines.map { CKDBNames.spelled($0.name) }
        let width = spelled.map(\.count).max() ?? 0
        var members = zip(spelled, lines).map { name, line in
            "        " + name + String(repeating: " ", count: width - name.count + 1) + line.rest
        }
        members += grants(record.grants).map { "        " + $0 }

        var out = "    RECORD TYPE \(CKDBNames.spelled(record.name)) (\n"
        out += members.joined(separator: ",\n")
        out += "\n    );\n"
        return out
    }

    /// `QUERYABLE SEARCHABLE SORTABLE`, in the order cktool writes them (alphabetical), with a leading space.
    private static func indexFlags(queryable: Bool, sortable: Bool, searchable: Bool) -> String {
        var flags = ""
        if queryable { flags += " QUERYABLE" }
        if searchable { flags += " SEARCHABLE" }
        if sortable { flags += " SORTABLE" }
        return flags
    }

    /// `STRING`, `ENCRYPTED STRING`, `LIST<ENCRYPTED STRING>`: in the grammar, encryption belongs to the
    /// primitive type, inside a list.
    private static func typeText(_ type: SchemaFieldType, encrypted: Bool) -> String {
        let element = type.valueKind.rawValue.uppercased()
        let primitive = encrypted ? "ENCRYPTED " + element : element
        return type.kind == .list ? "LIST<\(primitive)>" : primitive
    }

    /// One line per role, its permissions merged in the order READ, CREATE, WRITE; roles in byte order.
    private static func grants(_ grants: [Grant]) -> [String] {
        var byRole: [String: Set<Grant.Permission>] = [:]
        for grant in grants { byRole[grant.role, default: []].formUnion(grant.permissions) }
        return byRole.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { role in
            guard let permissions = byRole[role], !permissions.isEmpty else { return nil }
            let list = permissions.sorted().map { $0.rawValue.uppercased() }.joined(separator: ", ")
            return "GRANT \(list) TO \(CKDBNames.spelled(role))"
        }
    }
}
