import ArgumentParser
import Foundation
import RecordSchema

/// `recordgen import FILE [-o OUT]`: a .ckdb or a Core Data model becomes a `.records.xml` that validates.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a CloudKit .ckdb or a Core Data model into a *.records.xml schema.",
        discussion: """
        FILE is a .ckdb (CloudKit Schema Language, as cktool export-schema writes it) or a Core Data model: an \
        .xcdatamodeld bundle (its current version), an .xcdatamodel folder or its contents file, mapped as \
        NSPersistentCloudKitContainer mirrors it (CD_ record types and fields, _ckAsset companions, the zone \
        com.apple.coredata.cloudkit.zone).

        What the schema language cannot express is a warning at its location. The result is validated before it \
        is written. Without -o it goes to standard output. --format json prints the warnings and errors as one \
        JSON document on standard output, so it needs -o for the schema.

        Exit status: 0 on success (warnings allowed), 1 on any error, 64 on a usage error.
        """
    )

    @Argument(help: ArgumentHelp("A .ckdb file, or a Core Data .xcdatamodeld, .xcdatamodel or contents file.", valueName: "FILE"))
    var file: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write the *.records.xml.", valueName: "OUT"))
    var output: String?

    @Option(help: "How to print warnings and errors: text (to stderr) or json (to stdout; needs -o).")
    var format: ReportFormat = .text

    func validate() throws {
        if format == .json, output == nil {
            throw ValidationError("--format json prints the findings on standard output: give -o for the *.records.xml")
        }
        if SchemaImport.Format(path: file) == nil {
            throw ValidationError("cannot tell what \(file) is: import reads .ckdb files and Core Data models (.xcdatamodeld, .xcdatamodel, contents)")
        }
    }

    func run() throws {
        guard let kind = SchemaImport.Format(path: file) else { throw ExitCode(64) }
        let outcome = SchemaImport.run(path: file, format: kind, outputPath: output ?? "<stdout>")
        if !outcome.diagnostics.isEmpty || format == .json {
            DiagnosticsOutput.emit(outcome.diagnostics, files: [file], format: format.diagnostics)
        }
        guard let xml = outcome.xml, !outcome.diagnostics.hasErrors else { throw ExitCode(1) }
        try OutputFile.write(xml, to: output)
    }
}

/// Writes a command's result to a file, or to standard output.
enum OutputFile {
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("error: cannot write \(path): \(error.localizedDescription)\n".utf8))
            throw ExitCode(1)
        }
    }
}
