/// One finding about a schema, rendered the way compilers render theirs:
/// `path:line:col: error: message [RK101]`.
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How bad the finding is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Error, warning or note.
    public var severity: Severity
    /// What is wrong and how to fix it, one line.
    public var message: String
    /// Where; nil for findings about no place in particular (a missing file, say).
    public var location: SourceLocation?
    /// The stable code as printed, such as `RK101`: the raw value of a ``DiagnosticCode``.
    public var code: String

    /// Creates a diagnostic; every code comes from ``DiagnosticCode``, the one list of codes.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, code: DiagnosticCode) {
        self.severity = severity
        self.message = message
        self.location = location
        self.code = code.rawValue
    }

    /// Sorted by file, line, column, then severity, code and message, so output order never depends on
    /// the order rules ran in.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        let l = lhs.location ?? SourceLocation(file: "", line: 0)
        let r = rhs.location ?? SourceLocation(file: "", line: 0)
        if l != r { return l < r }
        return (lhs.severity, lhs.code, lhs.message) < (rhs.severity, rhs.code, rhs.message)
    }

    /// `path:line:col: severity: message [CODE]`, on one line.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\(place)\(severity.rawValue): \(oneLine) [\(code)]"
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
