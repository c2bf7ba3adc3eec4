import ArgumentParser
import Foundation
import RecordKitGenerator
import RecordSchema

/// `recordgen generate`: validates schemas, then writes their Swift models.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift models from schema files.",
        discussion: """
        Validates every schema first: on any error nothing is written, the diagnostics are printed as \
        `validate` prints them, and the exit status is 1.

        Then writes one Swift file per record type and per enum (or, with --file-per-schema, one per schema) \
        into the output folder. Files whose text did not change are left alone, so their modification times \
        stay; generated files that no longer belong to the output are removed. Files without recordgen's \
        DO NOT EDIT header are never touched. The output is the same from run to run and machine to machine: \
        each file's header names its schema by the path given (an absolute path inside the current folder is \
        made relative to it; any other absolute path is shown by its file name alone).

        Exit status: 0 on success, 1 when a schema has errors or a file cannot be written, 64 on a usage error.
        """
    )

    @Argument(help: "Schema files (*.records.xml), or folders searched recursively for them.")
    var schemas: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the Swift files into; created if missing.", valueName: "dir"))
    var output: String

    @Option(help: ArgumentHelp("The access level of generated declarations: public or internal.", valueName: "level"))
    var access: String = "public"

    @Flag(help: """
        Write exactly one file per schema, <SchemaStem>.swift, holding all of its types and enums; for build \
        plugins, which must name their outputs before the tool runs. Stale files are not removed in this mode, \
        since one folder takes the output of one run per schema.
        """)
    var filePerSchema = false

    @Flag(name: .shortAndLong, help: "List the files written, left unchanged and removed.")
    var verbose = false

    func validate() throws {
        guard AccessLevel(rawValue: access) != nil else {
            throw ValidationError("--access must be public or internal, not '\(access)'")
        }
        try SchemaPaths.requireSome(schemas)
    }

    func run() throws {
        let loaded = SchemaLoader.load(paths: schemas)
        // The same diagnostics `validate` prints; nothing at all when the schemas are clean.
        if !loaded.diagnostics.isEmpty {
            DiagnosticsOutput.emit(loaded.diagnostics, files: loaded.files, format: .text)
        }
        if loaded.hasErrors { throw ExitCode(1) }

        let generator = SwiftGenerator(
            access: AccessLevel(rawValue: access) ?? .public, layout: filePerSchema ? .filePerSchema : .filePerType)
        let inputs = loaded.schemas.map { GeneratorInput(schema: $0, displayPath: HeaderPath.display($0.location.file)) }
        let files: [GeneratedFile]
        do {
            files = try generator.generate(inputs)
        } catch {
            DiagnosticsOutput.emit([error.diagnostic], files: loaded.files, format: .text)
            throw ExitCode(1)
        }
        let summary: OutputWriter.Summary
        do {
            // In --file-per-schema mode the build plugin runs once per schema into one folder: no run may remove
            // another's file, and the plugin's declared outputs already say what belongs.
            summary = try OutputWriter(directory: URL(fileURLWithPath: output, isDirectory: true))
                .write(files, removingStale: !filePerSchema)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        }
        if verbose {
            for name in summary.written { print("wrote \(output)/\(name)") }
            for name in summary.unchanged { print("unchanged \(output)/\(name)") }
            for name in summary.removed { print("removed \(output)/\(name)") }
        }
        print("recordgen: \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed in \(output)")
    }
}

/// The schema path a generated header names: never absolute, so output is the same on every machine.
enum HeaderPath {
    /// A relative path as given; an absolute one relative to the current folder when inside it, else its file name.
    static func display(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return (path as NSString).lastPathComponent
    }
}
