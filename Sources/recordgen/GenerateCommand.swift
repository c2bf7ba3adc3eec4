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

        --config reads settings from a recordgen-config.json, the file the plugins find beside a target's \
        schemas: a JSON object whose only key so far is "access" ("public", "internal" or "package"). An unknown \
        key, a wrong value or invalid JSON is an error at its line and column [RK009], and nothing is generated. \
        An option given on the command line wins over the file.

        --format json prints the diagnostics and the files written, left unchanged and removed as one JSON \
        document on standard output.

        Exit status: 0 on success, 1 when a schema or the configuration has errors or a file cannot be written, \
        64 on a usage error.
        """
    )

    @Argument(help: "Schema files (*.records.xml), or folders searched recursively for them.")
    var schemas: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the Swift files into; created if missing.", valueName: "dir"))
    var output: String

    @Option(help: ArgumentHelp(
        "The access level of generated declarations: public (the default), internal or package.", valueName: "level"))
    var access: String?

    @Option(help: ArgumentHelp("Settings for this run: a recordgen-config.json file.", valueName: "file"))
    var config: String?

    @Flag(help: """
        Write exactly one file per schema, <SchemaStem>.swift, holding all of its types and enums; for build \
        plugins, which must name their outputs before the tool runs. Stale files are not removed in this mode, \
        since one folder takes the output of one run per schema.
        """)
    var filePerSchema = false

    @Option(help: "How to print diagnostics and results: text (diagnostics to stderr) or json (to stdout).")
    var format: ReportFormat = .text

    @Flag(name: .shortAndLong, help: "List the files written, left unchanged and removed.")
    var verbose = false

    @Flag(help: "Print the summary only when a file was written or removed (the build plugin's mode: a build that changes nothing prints nothing).")
    var quiet = false

    func validate() throws {
        if let access, AccessLevel(rawValue: access) == nil {
            let levels = AccessLevel.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--access must be one of \(levels), not '\(access)'")
        }
        try SchemaPaths.requireSome(schemas)
    }

    func run() throws {
        var settings = GeneratorConfiguration()
        if let config {
            let loaded = GeneratorConfiguration.load(path: config)
            guard let configuration = loaded.configuration else {
                DiagnosticsOutput.emit(loaded.diagnostics, files: [config], format: format.diagnostics)
                throw ExitCode(1)
            }
            settings = configuration
        }
        let level = access.flatMap(AccessLevel.init(rawValue:)) ?? settings.access ?? .public
        let pipeline = GeneratorPipeline(access: level, layout: filePerSchema ? .filePerSchema : .filePerType)
        let run = pipeline.run(paths: schemas, outputDirectory: URL(fileURLWithPath: output, isDirectory: true))
        if let error = run.writeError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
        }
        if format == .json {
            let summary = run.summary
            DiagnosticsOutput.emit(run.diagnostics, files: run.files, format: .json, extra: [
                "written": summary?.written ?? [], "unchanged": summary?.unchanged ?? [], "removed": summary?.removed ?? [],
            ])
            guard summary != nil else { throw ExitCode(1) }
            return
        }
        // The same diagnostics `validate` prints; nothing at all when the schemas are clean.
        if !run.diagnostics.isEmpty {
            DiagnosticsOutput.emit(run.diagnostics, files: run.files, format: .text)
        }
        guard let summary = run.summary else { throw ExitCode(1) }
        if verbose {
            for name in summary.written { print("wrote \(output)/\(name)") }
            for name in summary.unchanged { print("unchanged \(output)/\(name)") }
            for name in summary.removed { print("removed \(output)/\(name)") }
        }
        if quiet && summary.written.isEmpty && summary.removed.isEmpty { return }
        print("recordgen: \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed in \(output)")
    }
}
