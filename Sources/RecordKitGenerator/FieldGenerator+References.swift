import RecordSchema

/// Typed reference fields: a reference (or list of references) whose schema names its target is a
/// `RecordReference<Target>`, and every reference stored in it takes the field's schema action unless it has one.
extension FieldGenerator {
    /// The schema action as a `Reference.Action` literal (`.deleteSelf`), for typed reference fields only.
    var schemaAction: String? {
        guard field.referenceTarget != nil, field.type.valueKind == .reference else { return nil }
        return "." + (field.referenceAction ?? Field.ReferenceAction.none).rawValue
    }

    /// `RecordKit.RecordReference.applyingSchemaAction(.deleteSelf, to: value)`: the value with the schema action
    /// where it has none, or the value itself for other fields.
    func storedValue(_ value: String) -> String {
        guard let schemaAction else { return value }
        return "RecordKit.RecordReference.applyingSchemaAction(\(schemaAction), to: \(value))"
    }

    /// The property's declaration: a typed reference applies its schema action whenever it is set.
    func printDeclaration(access: AccessLevel, into p: inout CodePrinter) {
        let declaration = "\(access.prefix)var \(property): \(propertyType)"
        guard schemaAction != nil else {
            p.line(declaration)
            return
        }
        p.block(declaration + " {") { p in
            p.line("didSet { self.\(property) = \(storedValue("self.\(property)")) }")
        }
    }
}
