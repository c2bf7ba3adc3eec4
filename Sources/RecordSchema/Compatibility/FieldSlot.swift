/// Everything a record type stores under one field name, as far as compatibility goes: a live field, a
/// retired field, or the version field (an `INT64` on the server).
struct FieldSlot: Sendable {
    enum Role: Sendable {
        case field(Field)
        case retired(RetiredField)
        case versionField
    }

    var name: String
    var type: SchemaFieldType
    var encrypted: Bool
    var role: Role
    var location: SourceLocation

    var field: Field? {
        if case let .field(field) = role { return field }
        return nil
    }

    var isRetired: Bool {
        if case .retired = role { return true }
        return false
    }

    /// How messages name the slot's type, as .ckdb writes it: `STRING`, `ENCRYPTED STRING`, `LIST<ENCRYPTED BYTES>`.
    var typeText: String {
        let element = type.valueKind.rawValue.uppercased()
        let primitive = encrypted ? "ENCRYPTED " + element : element
        return type.kind == .list ? "LIST<\(primitive)>" : primitive
    }

    /// The slots of a record type, by name: fields, then retired fields, then the version field.
    static func slots(of record: RecordType) -> [String: FieldSlot] {
        var slots: [String: FieldSlot] = [:]
        for field in record.fields {
            slots[field.name] = FieldSlot(name: field.name, type: field.type, encrypted: field.isEncrypted, role: .field(field), location: field.location)
        }
        for retired in record.retired where slots[retired.name] == nil {
            slots[retired.name] = FieldSlot(name: retired.name, type: retired.type, encrypted: retired.encrypted, role: .retired(retired), location: retired.location)
        }
        if let name = record.versionField, slots[name] == nil {
            slots[name] = FieldSlot(name: name, type: .scalar(.int64), encrypted: false, role: .versionField, location: record.location)
        }
        return slots
    }

    /// Names in byte order, so diagnostics come out in a stable order before the final sort.
    static func sortedNames(_ slots: [String: FieldSlot]) -> [String] {
        slots.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
