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
        let pipeline = GeneratorPipeline(
            access: AccessLevel(rawValue: access) ?? .public, layout: filePerSchema ? .filePerSchema : .filePerType)
        let run = pipeline.run(paths: schemas, outputDirectory: URL(fileURLWithPath: output, isDirectory: true))
        // The same diagnostics `validate` prints; nothing at all when the schemas are clean.
        if !run.diagnostics.isEmpty {
            DiagnosticsOutput.emit(run.diagnostics, files: run.files, format: .text)
        }
        if let error = run.writeError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
        }
        guard let summary = run.summary else { throw ExitCode(1) }
        if verbose {
            for name in summary.written { print("wrote \(output)/\(name)") }
            for name in summary.unchanged { print("unchanged \(output)/\(name)") }
            for name in summary.removed { print("removed \(output)/\(name)") }
        }
        print("recordgen: \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed in \(output)")
    }
}
