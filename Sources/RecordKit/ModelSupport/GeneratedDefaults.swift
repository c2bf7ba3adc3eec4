import Foundation

/// Default values generated code cannot spell as literals.
public enum GeneratedDefaults {
    /// The URL of a `default=` the generator has already checked parses as an absolute URL.
    ///
    /// Never nil: should Foundation on some platform refuse a string the generator accepted, the text is read
    /// as a file path instead of trapping.
    public static func url(_ text: String) -> URL {
        URL(string: text) ?? URL(fileURLWithPath: text)
    }
}
