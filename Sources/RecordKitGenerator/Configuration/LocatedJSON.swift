/// A JSON value with the line and column where it starts, as ``LocatedJSONReader`` reads it: enough for a
/// configuration file whose every problem must be reported at its place.
///
/// Foundation's `JSONSerialization` says neither where a key is nor in what order keys came, and accepts a key
/// twice; a configuration needs all three.
struct LocatedJSON: Sendable, Hashable {
    /// One member of an object: its key, where the key starts, and its value.
    struct Member: Sendable, Hashable {
        var key: String
        var keyLine: Int
        var keyColumn: Int
        var value: LocatedJSON
    }

    /// What the value is.
    enum Value: Sendable, Hashable {
        /// Members in the order of the file; a key may appear twice (the reader's caller decides).
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        /// The number as written, checked against JSON's grammar.
        case number(String)
        case bool(Bool)
        case null
    }

    var value: Value
    /// The 1-based line of the value's first character.
    var line: Int
    /// The 1-based column of the value's first character, in UTF-8 bytes as compilers count.
    var column: Int

    /// What the value is, for messages: "a string", "an object".
    var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .null: "null"
        }
    }
}

/// A place where a text is not JSON, and what was expected there.
struct LocatedJSONSyntaxError: Error, Sendable, Hashable {
    var message: String
    var line: Int
    var column: Int
}
