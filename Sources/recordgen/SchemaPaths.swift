import ArgumentParser
import RecordSchema

/// The schema paths a command was given: files, and folders searched recursively for `*.records.xml`.
enum SchemaPaths {
    /// Throws a usage error (exit 64) when no path was given.
    static func requireSome(_ paths: [String]) throws {
        if paths.isEmpty {
            throw ValidationError("give at least one schema file or folder (for example: Schemas/)")
        }
    }

    /// The schema files `paths` name, folders expanded and sorted, paths kept as given; plus diagnostics
    /// for paths that do not exist (RK001) and folders without schema files (RK008).
    static func expand(_ paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
        SchemaFiles.expand(paths)
    }
}
