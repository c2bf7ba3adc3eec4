import ArgumentParser
import RecordSchema

/// `recordgen validate PATH...`: checks schema files against the schema language and its rules.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check schema files against the schema language and its semantic rules.",
        discussion: """
        Reads each *.records.xml file (folders are searched recursively), validates it against the schema \
        language (RecordSchema.xsd) and the semantic rules, and prints every problem as \
        path:line:col: error: message [RKnnn].

        --format json prints one JSON document on standard output instead; --format github prints one GitHub \
        Actions annotation per problem (::error file=…,line=…,col=…::message), so that a workflow step shows each \
        error on its line of the schema in a pull request.

        Exit status: 0 when no errors, 1 on any error, 64 on a usage error.
        """
    )

    @Argument(help: "Schema files, or folders searched recursively for *.records.xml.")
    var paths: [String] = []

    @Option(help: "How to print diagnostics: text (to stderr), json or github (to stdout).")
    var format: DiagnosticsFormat = .text

    @Flag(help: "Treat warnings as errors.")
    var warningsAsErrors = false

    func validate() throws {
        try SchemaPaths.requireSome(paths)
    }

    func run() throws {
        let result = SchemaLoader.load(paths: paths)
        DiagnosticsOutput.emit(result.diagnostics, files: result.files, format: format)
        let failed = result.hasErrors || (warningsAsErrors && result.diagnostics.contains { $0.severity == .warning })
        if failed { throw ExitCode(1) }
    }
}
