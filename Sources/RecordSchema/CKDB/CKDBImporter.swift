/// Maps a parsed .ckdb file onto the RecordKit schema model.
///
/// What .ckdb cannot say gets RecordKit's neutral choice: each type becomes a record type of version 1 with no
/// version field, in the default zone. What RecordKit cannot express is a warning at its location, never
/// dropped silently.
public enum CKDBImporter {
    /// The schema and the warnings the mapping produced.
    public struct Result: Sendable {
        public var schema: Schema
        public var diagnostics: [Diagnostic]
    }

    /// Maps `document` to a schema named `name`.
    public static func makeSchema(from document: CKDBDocument, name: String, location: SourceLocation) -> Result {
        var diagnostics: [Diagnostic] = []
        func warn(_ message: String, _ at: SourceLocation, _ code: DiagnosticCode) {
            diagnostics.append(Diagnostic(.warning, message, at: at, code: code))
        }

        var roles: [Role] = []
        var unusableRoles: Set<String> = []
        for role in document.roles {
            if CKDBNames.builtInRoles.contains(role.name) || roles.contains(where: { $0.name == role.name }) {
                warn("role '\(role.name)' is built in or declared twice; the declaration is not kept", role.location, .importInvalidName)
            } else if !CKDBNames.isSchemaIdentifier(role.name) {
                warn("role name '\(role.name)' is not a valid schema identifier (a letter, then letters, digits or '_'); the role and its grants are not imported", role.location, .importInvalidName)
                unusableRoles.insert(role.name)
            } else {
                roles.append(role)
            }
        }

        var records: [RecordType] = []
        for type in document.recordTypes {
            if !CKDBNames.isSchemaIdentifier(type.name) {
                warn("record type name '\(type.name)' is not a valid schema identifier (a letter, then letters, digits or '_'); the type is not imported", type.location, .importInvalidName)
                continue
            }
            if records.contains(where: { $0.name == type.name }) {
                warn("record type '\(type.name)' is declared twice; the second declaration is not imported", type.location, .importInvalidName)
                continue
            }
            var record = RecordType(name: type.name, location: type.location)
            for field in type.fields {
                if field.name.hasPrefix("___") {
                    if let index = systemIndex(field, warn: warn) { record.systemIndexes.append(index) }
                    continue
                }
                guard accepts(fieldName: field, in: record, warn: warn) else { continue }
                record.fields.append(makeField(field, warn: warn))
            }
            for grant in type.grants {
                if unusableRoles.contains(grant.role) { continue }
                let known = CKDBNames.builtInRoles.contains(grant.role) || roles.contains { $0.name == grant.role }
                if !known {
                    guard CKDBNames.isSchemaIdentifier(grant.role) else {
                        warn("grant to role '\(grant.role)', which is neither declared nor a valid schema identifier; the grant is not imported", grant.location, DiagnosticCode.undeclaredRole)
                        continue
                    }
                    // Declared here so the import validates; CloudKit needs the role too.
                    warn("grant to role '\(grant.role)', which no 'CREATE ROLE' declares; the role is declared in the import", grant.location, DiagnosticCode.undeclaredRole)
                    roles.append(Role(name: grant.role, location: grant.location))
                }
                record.grants.append(grant)
            }
            records.append(record)
        }
        let schema = Schema(name: name, roles: roles, records: records, location: location)
        return Result(schema: schema, diagnostics: diagnostics.sorted())
    }

    /// Parses .ckdb text and maps it; the schema is named after the file.
    public static func importSchema(_ text: String, file: String) throws(CKDBSyntaxError) -> Result {
        let document = try CKDBParser.parse(text, file: file)
        return makeSchema(from: document, name: schemaName(forFile: file), location: SourceLocation(file: file, line: 1, column: 1))
    }

    /// Reads, parses and maps a .ckdb file.
    public static func importSchema(contentsOf path: String) throws(CKDBSyntaxError) -> Result {
        let document = try CKDBParser.parse(contentsOf: path)
        return makeSchema(from: document, name: schemaName(forFile: path), location: SourceLocation(file: path, line: 1, column: 1))
    }

    /// The file's base name without extensions, made a valid identifier (`schema-prod.ckdb` -> `schema_prod`).
    static func schemaName(forFile path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        let cleaned = String(stem.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        guard let first = cleaned.first, first.isLetter else { return "Schema" + cleaned }
        return cleaned
    }

    private static func systemIndex(_ field: CKDBField, warn: (String, SourceLocation, DiagnosticCode) -> Void) -> SystemFieldIndex? {
        guard CKDBNames.isSystemField(field.name) else {
            warn("'\(field.name)' is not a CloudKit system field RecordKit knows; it is not imported", field.location, DiagnosticCode.unknownSystemField)
            return nil
        }
        guard field.isQueryable || field.isSortable || field.isSearchable else { return nil }
        return SystemFieldIndex(
            field: field.name, isQueryable: field.isQueryable, isSortable: field.isSortable,
            isSearchable: field.isSearchable, location: field.location)
    }

    private static func accepts(fieldName field: CKDBField, in record: RecordType, warn: (String, SourceLocation, DiagnosticCode) -> Void) -> Bool {
        if !CKDBNames.isSchemaIdentifier(field.name) {
            warn("field name '\(field.name)' is not a valid schema identifier (a letter, then letters, digits or '_'); the field is not imported", field.location, .importInvalidName)
            return false
        }
        if CKDBNames.reservedFieldNames.contains(field.name) {
            warn("field name '\(field.name)' is a CKRecord reserved key; the field is not imported", field.location, .importInvalidName)
            return false
        }
        if record.field(named: field.name) != nil {
            warn("field '\(field.name)' is declared twice in record type \(record.name); the second is not imported", field.location, .importInvalidName)
            return false
        }
        return true
    }

    private static func makeField(_ field: CKDBField, warn: (String, SourceLocation, DiagnosticCode) -> Void) -> Field {
        let kind = kind(of: field, warn: warn)
        let type: SchemaFieldType = field.type.isList ? .list(of: kind) : .scalar(kind)
        // Every .ckdb field is optional: a CloudKit record may always lack any field.
        var result = Field(
            name: field.name, type: type, isOptional: true,
            isQueryable: field.isQueryable, isSortable: field.isSortable, isSearchable: field.isSearchable,
            isEncrypted: field.type.isEncrypted, location: field.location)
        let encryptable: Set<SchemaFieldKind> = [.string, .int64, .double, .timestamp, .bytes, .location]
        if result.isEncrypted, !encryptable.contains(kind) {
            warn("\(kind) fields cannot be encrypted; '\(field.name)' is imported unencrypted", field.location, DiagnosticCode.droppedEncryption)
            result.isEncrypted = false
        }
        if result.isEncrypted, result.hasIndex {
            warn("encrypted field '\(field.name)' cannot have an index; its indexes are not imported", field.location, DiagnosticCode.droppedIndex)
            result.isQueryable = false
            result.isSortable = false
            result.isSearchable = false
        }
        if kind == .asset, result.hasIndex {
            warn("asset field '\(field.name)' cannot have an index; its indexes are not imported", field.location, DiagnosticCode.droppedIndex)
            result.isQueryable = false
            result.isSortable = false
            result.isSearchable = false
        }
        if result.isSearchable, kind != .string {
            warn("only string fields are searchable; SEARCHABLE on '\(field.name)' is not imported", field.location, DiagnosticCode.droppedIndex)
            result.isSearchable = false
        }
        return result
    }

    private static func kind(of field: CKDBField, warn: (String, SourceLocation, DiagnosticCode) -> Void) -> SchemaFieldKind {
        switch field.type.primitive {
        case .asset: return .asset
        case .bytes: return .bytes
        case .double: return .double
        case .int64: return .int64
        case .location: return .location
        case .reference: return .reference
        case .string: return .string
        case .timestamp: return .timestamp
        case let .number(preferred?):
            warn("'\(field.name)' is NUMBER PREFERRED AS \(preferred.rawValue.uppercased()): imported as \(preferred); a value of the other number kind will not decode", field.location, DiagnosticCode.numberType)
            return preferred
        case .number(preferred: nil):
            warn("'\(field.name)' is NUMBER with no preferred kind: imported as double, the closest kind for any number", field.location, DiagnosticCode.numberType)
            return .double
        }
    }
}
