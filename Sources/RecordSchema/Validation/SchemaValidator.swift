/// The semantic rules of the schema language (DESIGN.md), run on a schema the reader built.
///
/// Every rule has a stable code (`DiagnosticCode`, RK1xx), says what is wrong and how to fix it, and points at
/// the offending element, or its attribute when the reader kept the source. All findings are returned, sorted.
public enum SchemaValidator {
    /// Checks every rule; returns all diagnostics, sorted by position.
    public static func validate(_ schema: Schema) -> [Diagnostic] {
        validate(schema, locator: nil)
    }

    /// With `damage`, `schema` was read from a file the XSD refused: the rules skip what depends on what was
    /// refused, and report nothing where the XSD already did.
    static func validate(_ schema: Schema, locator: AttributeLocator?, damage: XSDDamage = XSDDamage()) -> [Diagnostic] {
        var context = ValidationContext(schema: schema, locator: locator, damage: damage)
        context.checkSchema()
        return damage.filter(context.diagnostics).sorted()
    }
}
