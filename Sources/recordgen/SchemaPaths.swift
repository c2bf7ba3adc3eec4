import ArgumentParser

/// The schema paths a command was given: files, and folders searched recursively for `*.records.xml`.
enum SchemaPaths {
    /// Throws a usage error (exit 64) when no path was given.
    static func requireSome(_ paths: [String]) throws {
        if paths.isEmpty {
            throw ValidationError("give at least one schema file or folder (for example: Schemas/)")
        }
    }
}
