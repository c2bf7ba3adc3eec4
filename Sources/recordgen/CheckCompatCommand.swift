import ArgumentParser
import Foundation
import RecordSchema

/// `recordgen check-compat --baseline OLD NEW`: reports every change from the deployed schema that breaks
/// CloudKit's production rules or RecordKit's version rules.
struct CheckCompatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-compat",
        abstract: "Check a schema about to ship against the schema deployed.",
        discussion: """
        OLD is the schema as deployed: a *.records.xml (for instance from the last release tag) or a .ckdb \
        exported from the production container with cktool. NEW is the *.records.xml about to ship.

        Breaking changes are errors at NEW's line and column: a record type or field removed (retire a field \
        instead), a kind, list element kind or encryption changed, a retired name reused with another kind, a \
        version lowered, a field added without raising the version, a since changed, an enum case removed or its \
        raw value changed, the version field renamed, a new required field without a default. Removed indexes, \
        changed defaults and reference targets, and new types in a zone not yet deployed are warnings. Against a \
        .ckdb only types, fields, kinds, encryption and indexes are compared.

        --format json prints one JSON document on standard output; --format github prints GitHub Actions \
        annotations (::error file=…,line=…,col=…::message), one per finding.

        Exit status: 0 when compatible, 1 on any breaking change, 64 on a usage error.
        """
    )

    @Option(help: ArgumentHelp("The deployed schema: a *.records.xml or a .ckdb export.", valueName: "OLD"))
    var baseline: String

    @Argument(help: ArgumentHelp("The schema about to ship (*.records.xml).", valueName: "NEW"))
    var schema: String

    @Option(help: "How to print diagnostics: text (to stderr), json or github (to stdout).")
    var format: DiagnosticsFormat = .text

    @Flag(help: "Treat warnings as errors.")
    var warningsAsErrors = false

    func validate() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: schema, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("NEW is a folder: name the one *.records.xml file about to ship")
        }
    }

    func run() throws {
        let diagnostics = CompatibilityCheck.run(baselinePath: baseline, candidatePath: schema)
        // Both files were read: the summary counts the baseline too ("2 files checked").
        DiagnosticsOutput.emit(diagnostics, files: [baseline, schema], format: format)
        let failed = diagnostics.hasErrors || (warningsAsErrors && diagnostics.contains { $0.severity == .warning })
        if failed { throw ExitCode(1) }
    }
}
