import ArgumentParser
import Foundation
import RecordKitInspection

/// `recordgen inspect FILE`: shows a person (or, with `--format json`, a script) what a blob holds.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what an archive, a Web Services JSON body, a push payload or a Core Data mirror store holds.",
        discussion: """
        The format is recognised by content, not by file extension: a RecordKit native archive (record, record \
        list, change token, sync state), an NSKeyedArchiver archive made by CloudKit (change token, \
        encodeSystemFields output, whole CKRecord), a CloudKit Web Services JSON body (record, records, \
        changes and zones responses, requests, error bodies), the JSON of a CloudKit push payload (which \
        subscription fired, the database, zone and record it names, whether it is silent), or an \
        NSPersistentCloudKitContainer store (an SQLite file: its databases and zones with their change tokens, \
        its records with change tags and pending flags, and the pending counts; the store is read from a copy, \
        never written).

        Records are shown with their type, name, zone, change tag, dates (ISO 8601, UTC, milliseconds), users, \
        device and every field as name, kind and value; long strings and bytes are shortened in the text form. \
        Tokens are shown as byte count and hex.

        --format json (or --json) writes the same as one JSON document with sorted keys: dates as ISO 8601 and \
        milliseconds since 1970, bytes as base64 (tokens also in hex), values never shortened.

        Exit status: 0 when the file was read, 1 when it cannot be read or decoded, 64 on a usage error.
        """
    )

    @Argument(help: ArgumentHelp("The file to inspect.", valueName: "FILE"))
    var file: String

    @Option(help: "What to print: text for people, or json for scripts.")
    var format: ReportFormat?

    /// The older spelling of `--format json`, kept for scripts that use it.
    @Flag(help: ArgumentHelp("The same as --format json.", visibility: .hidden))
    var json = false

    @Option(help: ArgumentHelp("Show at most N entries of each list (records, zones, changes); 0 shows all.", valueName: "N"))
    var limit = 20

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 (show all) or more, not \(limit)") }
        if json, format == .text {
            throw ValidationError("--json and --format text contradict each other: give one")
        }
    }

    func run() throws {
        let output: String
        do {
            output = try Inspection.report(path: file, format: json || format == .json ? .json : .text, limit: limit == 0 ? nil : limit)
        } catch {
            FileHandle.standardError.write(Data("\(file): \(error.message)\n".utf8))
            throw ExitCode(1)
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
