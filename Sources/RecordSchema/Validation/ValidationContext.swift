/// The state of one validation run: the schema, lookup tables built once, and the diagnostics found.
struct ValidationContext {
    let schema: Schema
    let locator: AttributeLocator?
    /// Record types by name (the first of each name).
    let recordsByName: [String: RecordType]
    /// Enums by name (the first of each name).
    let enumsByName: [String: EnumType]
    private(set) var diagnostics: [Diagnostic] = []

    init(schema: Schema, locator: AttributeLocator?) {
        self.schema = schema
        self.locator = locator
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
}
