/// What a .ckdb cannot say, reported by `import` where the file says the nearest thing, so that the user knows
/// what was not restored and what to add by hand.
///
/// A .ckdb knows types, fields, CloudKit types, encryption, indexes, roles and grants. It does not know which
/// fields are required, which hold enums, UUIDs or URLs, how conflicts merge, the record type's version, or
/// which field holds the version: the import leaves each at RecordKit's neutral choice (RK212, once per record
/// type at its `RECORD TYPE`), and offers an `INT64` field named like a version field as `versionField` (RK213,
/// at the field).
///
/// The version field is offered, not taken. A .ckdb cannot tell a schema version from any other integer
/// (`dataFormatVersion` may be one; a `version STRING` holds an app's version): a wrong guess would remove a
/// property from the model and make records of a higher value read as written by a newer app. A version field
/// cannot carry an index either, so taking an indexed one would drop a deployed index from the next export. And
/// the number to put in `version=` is not in the file: the record element needs editing anyway. The warning
/// names the one edit that does it, which avoids the RK119 collision of adding `versionField` beside the field.
/// Check-compat against a .ckdb is unaffected: there the type's fields are compared whatever their role.
public enum CKDBImportLimits {
    /// Field names that read as "the version this record was written with", compared without case and `_`.
    static let versionFieldNames: Set<String> = [
        "version", "schemaversion", "recordversion", "modelversion", "dataversion", "formatversion",
        "dataformatversion", "entityversion", "versionnumber",
    ]

    /// CloudKit's own type, which every container has: not the app's to version.
    static let usersType = "Users"

    /// The warnings for `schema`, imported from `document`: RK212 per record type, RK213 per field offered as
    /// the version field.
    public static func warnings(for schema: Schema, from document: CKDBDocument) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for record in schema.records where record.name != usersType {
            diagnostics.append(Diagnostic(.warning, notCarried(record), at: record.location, code: .ckdbNotCarried))
            let source = document.recordTypes.first { $0.name == record.name && $0.location == record.location }
            for field in record.fields where isVersionFieldCandidate(field) {
                let indexes = source?.fields.first { $0.name == field.name }.map(indexNames) ?? []
                diagnostics.append(Diagnostic(
                    .warning, versionFieldOffer(field, in: record, indexes: indexes), at: field.location, code: .versionFieldCandidate))
            }
        }
        return diagnostics.sorted()
    }

    /// An unencrypted `INT64` field with a version field's name.
    static func isVersionFieldCandidate(_ field: Field) -> Bool {
        guard field.type == .scalar(.int64), !field.isEncrypted else { return false }
        let key = field.name.lowercased().replacingOccurrences(of: "_", with: "")
        return versionFieldNames.contains(key)
    }

    private static func notCarried(_ record: RecordType) -> String {
        let fields = record.fields.count == 1 ? "its 1 field" : "its \(record.fields.count) fields"
        return "record type '\(record.name)' is imported with what a .ckdb cannot say left neutral: \(fields) optional, "
            + "no enum= or as=\"uuid\"|\"url\", no <merge> (server wins), version 1 without versionField: add what the app relies on"
    }

    private static func versionFieldOffer(_ field: Field, in record: RecordType, indexes: [String]) -> String {
        var message = "'\(field.name)' looks like a version field, which a .ckdb cannot mark; it is imported as an optional "
            + "int64 field. If it holds the version records were written with, replace <field name=\"\(field.name)\" …/> "
            + "by versionField=\"\(field.name)\" on <record type=\"\(record.name)\"> and set version= to the highest "
            + "version deployed (keeping both collides, RK119)"
        if !indexes.isEmpty {
            message += "; its \(indexes.joined(separator: " ")) index cannot be kept on a version field"
        }
        return message
    }

    private static func indexNames(_ field: CKDBField) -> [String] {
        [("QUERYABLE", field.isQueryable), ("SEARCHABLE", field.isSearchable), ("SORTABLE", field.isSortable)]
            .filter(\.1).map(\.0)
    }
}
