/// A place in a source file: the path as the user gave it, a 1-based line, and a 1-based column
/// (0 when the reader could not tell the column).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path, as given on the command line or relative to the package: never made absolute,
    /// so diagnostics and generated headers stay the same from machine to machine.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, or 0 when unknown.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `path:line:col`, or `path:line` without a column.
    public var description: String {
        column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)"
    }
}
