import Foundation

/// The command lines the plugins give `recordgen`, built in one place so both plugins speak the same contract:
/// `recordgen generate SCHEMA... --output DIR [--file-per-schema] [--config FILE] [--access LEVEL]`.
enum GeneratorArguments {
    /// The arguments that turn one schema into exactly one file in `outputDirectory` (the build plugin's mode).
    ///
    /// The schema is passed by absolute path, so that `path:line:col: error:` lines from the tool point at the
    /// file wherever SwiftPM or Xcode runs the command; so is the target's `recordgen-config.json`, if any.
    /// `--quiet`: a run that leaves the file as it was prints nothing into the build log.
    static func filePerSchema(schema: URL, outputDirectory: URL, configuration: URL? = nil) -> [String] {
        var arguments = ["generate", schema.filePath, "--output", outputDirectory.filePath, "--file-per-schema", "--quiet"]
        if let configuration {
            arguments += ["--config", configuration.filePath]
        }
        return arguments
    }

    /// The arguments that turn schemas into one file per record type and per enum (the command plugin's mode).
    /// Paths are given as the caller names them (relative to the package, for stable headers and messages).
    /// An `access` given to the plugin wins over the configuration's (recordgen's rule for its options).
    static func filePerType(schemas: [String], output: String, configuration: String? = nil, access: String?) -> [String] {
        var arguments = ["generate"] + schemas + ["--output", output]
        if let configuration {
            arguments += ["--config", configuration]
        }
        if let access {
            arguments += ["--access", access]
        }
        return arguments
    }
}

extension URL {
    /// The file-system path, without percent encoding and without a trailing slash (folder URLs have one).
    var filePath: String {
        let path = standardizedFileURL.path(percentEncoded: false)
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
