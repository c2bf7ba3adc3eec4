/// A .ckdb file that does not follow the CloudKit Schema Language grammar: what was found, what was
/// expected, and where (`path:line:col`).
public struct CKDBSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the offending text starts.
    public var location: SourceLocation
    /// What is wrong, naming what was expected.
    public var message: String

    /// Creates a syntax error.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `path:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }

    /// The error as a diagnostic, for the tools' common output.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, message, at: location, code: DiagnosticCode.ckdbSyntax)
    }
}
