import ArgumentParser
import Foundation
@_spi(RecordKitTools) import RecordKit
import RecordSchema

/// How a command prints diagnostics: `text` (compiler style, to stderr) or `json` (to stdout, for CI tools).
enum DiagnosticsFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}

/// Prints diagnostics for every command that checks schemas.
enum DiagnosticsOutput {
    /// Prints `diagnostics` about `files` in `format`. Text goes to stderr, one
    /// `path:line:col: error: message [RKnnn]` per line, then a summary; JSON goes to stdout as one document.
    static func emit(_ diagnostics: [Diagnostic], files: [String], format: DiagnosticsFormat) {
        switch format {
        case .text:
            let text = self.text(diagnostics, files: files)
            FileHandle.standardError.write(Data(text.utf8))
        case .json:
            FileHandle.standardOutput.write(Data((json(diagnostics, files: files) + "\n").utf8))
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

    /// The JSON form, with sorted keys so the output is stable, printed by RecordKit's one JSON writer.
    static func json(_ diagnostics: [Diagnostic], files: [String]) -> String {
        var writer = JSONWriter(indentation: 2)
        writer.beginObject()
        writer.key("diagnostics")
        writer.beginArray()
        for diagnostic in diagnostics {
            writer.element()
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
        writer.endArray()
        writer.key("errorCount")
        writer.int64(Int64(diagnostics.filter { $0.severity == .error }.count))
        writer.key("files")
        writer.beginArray()
        for file in files {
            writer.element()
            writer.string(file)
        }
        writer.endArray()
        writer.key("warningCount")
        writer.int64(Int64(diagnostics.filter { $0.severity == .warning }.count))
        writer.endObject()
        return writer.text
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
