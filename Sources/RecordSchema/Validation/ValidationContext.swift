/// The state of one validation run: the schema, lookup tables built once, and the diagnostics found.
struct ValidationContext {
    let schema: Schema
    let locator: AttributeLocator?
    /// What the XSD refused, when the schema was read around it; empty otherwise.
    let damage: XSDDamage
    /// Record types by name (the first of each name).
    let recordsByName: [String: RecordType]
    /// Enums by name (the first of each name).
    let enumsByName: [String: EnumType]
    private(set) var diagnostics: [Diagnostic] = []

    init(schema: Schema, locator: AttributeLocator?, damage: XSDDamage = XSDDamage()) {
        self.schema = schema
        self.locator = locator
        self.damage = damage
        recordsByName = Dictionary(schema.records.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        enumsByName = Dictionary(schema.enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reports an error.
    mutating func error(_ code: DiagnosticCode, at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(.error, message, at: location, code: code))
    }

    /// Reports a warning.
    mutating func warning(_ code: DiagnosticCode, at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(.warning, message, at: location, code: code))
    }

    /// The location of an attribute of the element at `element`, or the element's when unknown.
    func place(_ attribute: String, of element: SourceLocation) -> SourceLocation {
        locator?.location(ofAttribute: attribute, of: element) ?? element
    }

    /// Whether a field's kind is unknown: the XSD refused its `kind` or `of`. The rules that depend on the kind
    /// skip it.
    func hasUnknownKind(_ field: Field) -> Bool {
        damage.isDamaged("kind", of: field.location) || damage.isDamaged("of", of: field.location)
    }

    /// Whether a record type's version is unknown: the XSD refused its `version`.
    func hasUnknownVersion(_ record: RecordType) -> Bool {
        damage.isDamaged("version", of: record.location)
    }

    /// Whether an enum's kind is unknown: the XSD refused its `kind`.
    func hasUnknownKind(_ enumType: EnumType) -> Bool {
        damage.isDamaged("kind", of: enumType.location)
    }
}
