import RecordSchema

/// One generated Swift file: its name in the output folder and its text.
public struct GeneratedFile: Sendable, Hashable {
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// A schema to generate, with the path the header names (relative, so output is the same on every machine).
public struct GeneratorInput: Sendable, Hashable {
    public var schema: Schema
    public var displayPath: String

    public init(schema: Schema, displayPath: String) {
        self.schema = schema
        self.displayPath = displayPath
    }
}

/// How generated declarations are split into files.
public enum FileLayout: String, Sendable, Hashable, CaseIterable {
    /// One file per record type and per enum (`Note.swift`, `Priority.swift`).
    case filePerType
    /// One file per schema (`Notes.swift`), for build plugins, which must name their outputs before running.
    case filePerSchema
}

/// The access level of generated declarations (`--access`, or `"access"` in `recordgen-config.json`).
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    /// Visible to every module that imports the target: what a library target exports.
    case `public`
    /// Visible inside the target only.
    case `internal`
    /// Visible to the other targets of the same package, not to its clients.
    case `package`

    /// The modifier to print before a declaration, with its trailing space; nothing for internal.
    var prefix: String {
        switch self {
        case .public: "public "
        case .internal: ""
        case .package: "package "
        }
    }
}
