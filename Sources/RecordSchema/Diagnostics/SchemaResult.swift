/// A schema and the diagnostics found on the way to it: what reading, importing or mapping one schema yields.
/// The schema is nil when there was nothing to build it from (a file that does not parse, say).
public struct SchemaResult: Sendable {
    /// The schema, when one could be built.
    public var schema: Schema?
    /// Every diagnostic, sorted.
    public var diagnostics: [Diagnostic]
    /// Where each attribute of the file read stands, for validation to point at attributes; reader only.
    var locator: AttributeLocator?
    /// A file the XSD refused, read around what it refused, for the semantic rules only: never generated from,
    /// so it is not ``schema``. Reader only.
    var partialSchema: Schema?
    /// What the XSD refused in ``partialSchema``'s file.
    var damage = XSDDamage()

    /// Creates a result.
    public init(schema: Schema?, diagnostics: [Diagnostic]) {
        self.schema = schema
        self.diagnostics = diagnostics
    }

    init(schema: Schema?, diagnostics: [Diagnostic], locator: AttributeLocator?) {
        self.schema = schema
        self.diagnostics = diagnostics
        self.locator = locator
    }

    init(partialSchema: Schema, damage: XSDDamage, diagnostics: [Diagnostic], locator: AttributeLocator) {
        self.diagnostics = diagnostics
        self.locator = locator
        self.partialSchema = partialSchema
        self.damage = damage
    }

    /// True when any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.hasErrors }
}
