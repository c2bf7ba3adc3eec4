import ArgumentParser
import Foundation
@_spi(RecordKitTools) import RecordKit
import RecordSchema

/// How `validate` and `check-compat` print diagnostics: `text` (compiler style, to stderr), `json` (to stdout,
/// for scripts) or `github` (GitHub Actions annotations, to stdout, so errors show on the pull request's lines).
enum DiagnosticsFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, github
}

/// How the other commands print what they find or show: `text` for people or `json` for scripts.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json

    /// The same format for diagnostics.
    var diagnostics: DiagnosticsFormat { self == .json ? .json : .text }
}

/// Prints diagnostics for every command: the one place that formats them.
enum DiagnosticsOutput {
    /// Prints `diagnostics` about `files` in `format`. Text goes to stderr, one
    /// `path:line:col: error: message [RKnnn]` per line, then a summary; JSON goes to stdout as one document
    /// (with `extra` members, such as the files `generate` wrote); GitHub annotations go to stdout, one per
    /// diagnostic, and the summary to stderr.
    static func emit(
        _ diagnostics: [Diagnostic], files: [String], format: DiagnosticsFormat, extra: [String: [String]] = [:]
    ) {
        switch format {
        case .text:
            FileHandle.standardError.write(Data(text(diagnostics, files: files).utf8))
        case .json:
            FileHandle.standardOutput.write(Data((json(diagnostics, files: files, extra: extra) + "\n").utf8))
        case .github:
            FileHandle.standardOutput.write(Data(github(diagnostics).utf8))
            FileHandle.standardError.write(Data((summary(diagnostics, files: files) + "\n").utf8))
        }
    }

    /// The text form: one line per diagnostic, then a summary line.
    static func text(_ diagnostics: [Diagnostic], files: [String]) -> String {
        var lines = diagnostics.map(\.description)
        lines.append(summary(diagnostics, files: files))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 files checked: 1 error, 2 warnings`.
    static func summary(_ diagnostics: [Diagnostic], files: [String]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        return "\(counted(files.count, "file")) checked: \(counted(errors, "error")), \(counted(warnings, "warning"))"
    }

    /// The JSON form, with sorted keys so the output is stable, printed by RecordKit's one JSON writer. `extra`
    /// adds members holding lists of strings; their names must differ from the fixed ones.
    static func json(_ diagnostics: [Diagnostic], files: [String], extra: [String: [String]] = [:]) -> String {
        var members: [String: (inout JSONWriter) -> Void] = [:]
        members["diagnostics"] = { writer in
            writer.beginArray()
            for diagnostic in diagnostics {
                writer.element()
                write(diagnostic, to: &writer)
            }
            writer.endArray()
        }
        members["errorCount"] = { $0.int64(Int64(diagnostics.filter { $0.severity == .error }.count)) }
        members["warningCount"] = { $0.int64(Int64(diagnostics.filter { $0.severity == .warning }.count)) }
        members["files"] = { writeStrings(files, to: &$0) }
        for (name, values) in extra where members[name] == nil {
            members[name] = { writeStrings(values, to: &$0) }
        }
        var writer = JSONWriter(indentation: 2)
        writer.beginObject()
        // Members in byte order.
        for name in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            writer.key(name)
            members[name]?(&writer)
        }
        writer.endObject()
        return writer.text
    }

    private static func write(_ diagnostic: Diagnostic, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("code")
        writer.string(diagnostic.code)
        // Members in byte order; file, line and column only when known.
        if let location = diagnostic.location, location.column > 0 {
            writer.key("column")
            writer.int64(Int64(location.column))
        }
        if let location = diagnostic.location {
            writer.key("file")
            writer.string(location.file)
            writer.key("line")
            writer.int64(Int64(location.line))
        }
        writer.key("message")
        writer.string(diagnostic.message)
        writer.key("severity")
        writer.string(diagnostic.severity.rawValue)
        writer.endObject()
    }

    private static func writeStrings(_ values: [String], to writer: inout JSONWriter) {
        writer.beginArray()
        for value in values {
            writer.element()
            writer.string(value)
        }
        writer.endArray()
    }

    /// GitHub Actions workflow commands, one line per diagnostic:
    /// `::error file=Notes.records.xml,line=4,col=12::message [RK103]` (warnings `::warning`, notes `::notice`).
    /// The runner turns each into an annotation on the file's line, as SwiftLint's github-actions-logging
    /// reporter does. Without a location the command has no properties; without a column, no `col`.
    static func github(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let command = switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            var properties: [String] = []
            if let location = diagnostic.location {
                properties.append("file=\(escapedProperty(location.file))")
                properties.append("line=\(location.line)")
                if location.column > 0 { properties.append("col=\(location.column)") }
            }
            let head = properties.isEmpty ? "::\(command)" : "::\(command) \(properties.joined(separator: ","))"
            return "\(head)::\(escapedData("\(diagnostic.message) [\(diagnostic.code)]"))\n"
        }.joined()
    }

    /// A command's message, escaped as the Actions toolkit escapes it (`escapeData` in
    /// actions/toolkit packages/core/src/command.ts): `%` first, then CR and LF, so a message stays one command.
    static func escapedData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value (`file=`), escaped as the toolkit's `escapeProperty`: the data escapes, and `:` and `,`,
    /// which would otherwise end the value.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
