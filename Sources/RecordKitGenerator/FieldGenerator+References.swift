import RecordSchema

/// Typed reference fields: a reference (or list of references) whose schema names its target is a
/// `RecordReference<Target>`; the field walk passes the field's schema action, and the writers give it to every
/// reference that has no action of its own.
extension FieldGenerator {
    /// The schema action as a `Reference.Action` literal (`.deleteSelf`), for typed reference fields only.
    var schemaAction: String? {
        guard field.referenceTarget != nil, field.type.valueKind == .reference else { return nil }
        return "." + (field.referenceAction ?? Field.ReferenceAction.none).rawValue
    }
}
