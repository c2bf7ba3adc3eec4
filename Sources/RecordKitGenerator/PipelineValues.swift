import Foundation
import RecordSchema

/// Stage 1's output: the schema files read, each schema that could be read as a generator input, and every
/// diagnostic of reading them and of the semantic rules.
public struct LoadedSchemas: Sendable {
    /// The schema files read, folders expanded, in load order.
    public var files: [String]
    /// Each schema read, with the path its generated header names.
    public var inputs: [GeneratorInput]
    /// Every diagnostic so far, sorted.
    public var diagnostics: [Diagnostic]

    /// Schemas built in code, checked by the semantic rules as a loaded file would be.
    public init(_ inputs: [GeneratorInput]) {
        files = inputs.map(\.displayPath)
        self.inputs = inputs
        diagnostics = inputs.flatMap { SchemaValidator.validate($0.schema) }.sorted()
    }

    /// Schema files as `SchemaLoader` loaded them; `displayPath` turns a schema's file path into the path its
    /// generated header names.
    public init(_ loaded: SchemaLoadResult, displayPath: (String) -> String) {
        files = loaded.files
        inputs = loaded.schemas.map { GeneratorInput(schema: $0, displayPath: displayPath($0.location.file)) }
        diagnostics = loaded.diagnostics
    }
}

/// Stage 2's output: schemas that passed every rule, for the renderer, which therefore never fails. Only
/// ``GeneratorPipeline/validate(_:)`` makes one.
public struct ValidatedSchemas: Sendable {
    /// The schemas, in input order.
    public let inputs: [GeneratorInput]

    init(inputs: [GeneratorInput]) {
        self.inputs = inputs
    }
}

/// What validation found: the schemas to render when no rule failed, and every diagnostic (warnings too).
public struct ValidationOutcome: Sendable {
    /// Nil when any diagnostic is an error.
    public var validated: ValidatedSchemas?
    /// Every diagnostic of loading and validating, sorted.
    public var diagnostics: [Diagnostic]
}

/// Why ``GeneratorPipeline/generate(_:)`` rendered nothing: the schemas broke rules.
public struct ValidationFailure: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, errors among them.
    public var diagnostics: [Diagnostic]

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// What a whole run did: the files checked, every diagnostic, then either what was written or why writing failed.
public struct GeneratorRun: Sendable {
    /// The schema files read.
    public var files: [String]
    /// Every diagnostic of loading and validating, sorted; nothing was written when one is an error.
    public var diagnostics: [Diagnostic]
    /// What the write stage did; nil when it did not run or failed.
    public var summary: OutputWriter.Summary?
    /// Why writing failed.
    public var writeError: OutputWriter.WriteError?

    /// True when the run wrote its files.
    public var succeeded: Bool { summary != nil }
}

/// The schema path a generated header names: never absolute, so output is the same on every machine.
public enum HeaderPath {
    /// A relative path as given; an absolute one relative to `currentDirectory` when inside it, else its file name.
    public static func display(_ path: String, currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        guard path.hasPrefix("/") else { return path }
        let prefix = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return (path as NSString).lastPathComponent
    }
}
