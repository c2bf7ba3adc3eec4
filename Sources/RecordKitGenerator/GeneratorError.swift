import RecordSchema

/// Why the generator could not render a schema that passed validation (or was built in code).
public struct GeneratorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, and how to fix it.
    public var message: String
    /// Where in the schema, when the problem has a place.
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }

    /// The error as a diagnostic, printed like every other schema finding.
    public var diagnostic: Diagnostic { Diagnostic(.error, message, at: location, code: "RK900") }

    public var description: String { diagnostic.description }
}
