import Foundation

/// The schemas one target holds and the file the build plugin generates for each, checked for collisions
/// before anything runs.
///
/// A build plugin must name its outputs before the tool runs, so each schema becomes exactly one Swift file
/// (`recordgen generate --file-per-schema`), named by the same function `recordgen` uses.
struct SchemaPlan: Sendable {
    /// One schema and the one Swift file generated from it.
    struct Entry: Sendable, Hashable {
        /// The schema file.
        var schema: URL
        /// The generated Swift file, inside the output directory.
        var output: URL
    }

    /// The suffix that marks a RecordKit schema among a target's files (the generator's own constant).
    static let schemaSuffix = RecordGenOutputFileNames.schemaSuffix

    /// The schemas and their outputs, sorted by schema path so that commands come out in a stable order.
    var entries: [Entry]

    /// The target's `recordgen-config.json`, if it has one: handed to every run as `--config`, and an input of
    /// every build command, so that editing it regenerates.
    var configuration: URL?

    /// Plans the outputs for the schemas among `files`, refusing two schemas that would write one file and a
    /// schema whose output would take the name of a Swift file already in the target (Swift refuses two files
    /// of one name in a module). Names compare without case: macOS file systems usually ignore it.
    ///
    /// - Parameters:
    ///   - files: all files of the target, as SwiftPM or Xcode lists them.
    ///   - outputDirectory: where the generated files go.
    ///   - displayRoot: paths in error messages are shown relative to this folder (the package's), when inside it.
    init(files: [URL], outputDirectory: URL, displayRoot: URL) throws(PluginError) {
        let schemas = Self.schemas(in: files)
        configuration = try Self.configuration(in: files, displayRoot: displayRoot)
        let swiftSources = files.filter { $0.pathExtension == "swift" }

        // Models committed by `swift package generate-records` beside the build plugin would declare every type
        // twice; say so before the compiler reports each redeclaration.
        if let schema = schemas.first,
            let committed = swiftSources.first(where: {
                $0.deletingLastPathComponent().lastPathComponent == "Generated" && GeneratedHeader.isPresent(in: $0)
            })
        {
            throw .generatedTwice(
                schema: Self.display(schema, relativeTo: displayRoot),
                folder: Self.display(committed.deletingLastPathComponent(), relativeTo: displayRoot),
                file: schema.filePath
            )
        }

        // The one collision rule recordgen applies too (OutputFileNames.swift, shared by symlink).
        let claims = schemas.map { (fileName: Self.outputFileName(forSchema: $0), owner: $0) }
        if let collision = RecordGenOutputFileNames.collisions(in: claims).first {
            throw .duplicateOutput(
                fileName: collision.fileName,
                first: Self.display(collision.first, relativeTo: displayRoot),
                second: Self.display(collision.second, relativeTo: displayRoot),
                file: collision.second.filePath
            )
        }
        var entries: [Entry] = []
        for (fileName, schema) in claims {
            if let source = swiftSources.first(where: { RecordGenOutputFileNames.collide($0.lastPathComponent, fileName) }) {
                throw .outputShadowsSource(
                    fileName: fileName,
                    schema: Self.display(schema, relativeTo: displayRoot),
                    source: Self.display(source, relativeTo: displayRoot),
                    file: schema.filePath
                )
            }
            entries.append(Entry(schema: schema, output: outputDirectory.appendingPathComponent(fileName)))
        }
        self.entries = entries
    }

    /// The one `recordgen-config.json` among a target's files, or nil; two are refused, since one target is
    /// generated with one set of settings.
    static func configuration(in files: [URL], displayRoot: URL) throws(PluginError) -> URL? {
        let found = files.filter { $0.lastPathComponent == RecordGenOutputFileNames.configurationFileName }
            .sorted { $0.filePath < $1.filePath }
        if found.count > 1 {
            throw .multipleConfigurations(
                first: display(found[0], relativeTo: displayRoot),
                second: display(found[1], relativeTo: displayRoot),
                file: found[1].filePath
            )
        }
        return found.first
    }

    /// The schemas among a target's files, sorted by path.
    static func schemas(in files: [URL]) -> [URL] {
        files.filter { $0.lastPathComponent.hasSuffix(schemaSuffix) }.sorted { $0.filePath < $1.filePath }
    }

    /// The name of the one file `recordgen generate --file-per-schema` writes for a schema: the shared rule in
    /// OutputFileNames.swift (symlinked from the generator), so plugin and tool can never disagree.
    static func outputFileName(forSchema schema: URL) -> String {
        RecordGenOutputFileNames.fileName(forSchemaFileName: schema.lastPathComponent)
    }

    /// A path for messages: relative to `root` when inside it, else as it is.
    static func display(_ url: URL, relativeTo root: URL) -> String {
        let path = url.filePath
        let rootPath = root.filePath
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
