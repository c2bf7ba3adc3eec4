import ArgumentParser
import RecordSchema

/// `recordgen export SCHEMA [--format ckdb] [-o OUT]`: writes the CloudKit Schema Language for
/// `cktool import-schema`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a schema in the CloudKit Schema Language (.ckdb) for cktool import-schema.",
        discussion: """
        The output is laid out as cktool export-schema writes it (record types and fields in byte order, the \
        system fields among them, grants last), so a diff against a real export shows only real changes. Retired \
        fields and version fields are written too: CloudKit never deletes a deployed field.

        The schema is validated first. Without -o the output goes to standard output. --format names the output \
        format (ckdb, the only one so far, and the default); --diagnostics-format json prints the schema's \
        warnings and errors as one JSON document on standard output, so it needs -o for the .ckdb.

        Exit status: 0 on success, 1 when the schema has errors, 64 on a usage error.
        """
    )

    /// The formats export writes.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case ckdb
    }

    @Argument(help: ArgumentHelp("The schema to export (*.records.xml).", valueName: "SCHEMA"))
    var schema: String

    @Option(help: "The output format.")
    var format: Format = .ckdb

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write the result.", valueName: "OUT"))
    var output: String?

    // Not `--format`: that names what export writes, and `--format json` would read as "export as JSON".
    @Option(help: "How to print warnings and errors: text (to stderr) or json (to stdout; needs -o).")
    var diagnosticsFormat: ReportFormat = .text

    func validate() throws {
        if diagnosticsFormat == .json, output == nil {
            throw ValidationError("--diagnostics-format json prints the findings on standard output: give -o for the .ckdb")
        }
    }

    func run() throws {
        let loaded = SchemaLoader.load(paths: [schema])
        if !loaded.diagnostics.isEmpty || diagnosticsFormat == .json {
            DiagnosticsOutput.emit(loaded.diagnostics, files: loaded.files, format: diagnosticsFormat.diagnostics)
        }
        guard !loaded.hasErrors else { throw ExitCode(1) }
        guard loaded.schemas.count == 1, let only = loaded.schemas.first else {
            throw ValidationError("export writes one schema; \(schema) holds \(loaded.schemas.count): name one *.records.xml file")
        }
        switch format {
        case .ckdb:
            try OutputFile.write(CKDBWriter.write(only), to: output)
        }
    }
}
