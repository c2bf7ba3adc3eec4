import ArgumentParser
import Foundation
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

    /// The JSON form, with sorted keys so the output is stable.
    static func json(_ diagnostics: [Diagnostic], files: [String]) -> String {
        let report = Report(
            files: files,
            errorCount: diagnostics.filter { $0.severity == .error }.count,
            warningCount: diagnostics.filter { $0.severity == .warning }.count,
            diagnostics: diagnostics.map(Report.Entry.init)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The JSON document.
    private struct Report: Encodable {
        struct Entry: Encodable {
            var file: String?
            var line: Int?
            var column: Int?
            var severity: String
            var code: String
            var message: String

            init(_ diagnostic: Diagnostic) {
                file = diagnostic.location?.file
                line = diagnostic.location?.line
                column = diagnostic.location.map(\.column).flatMap { $0 > 0 ? $0 : nil }
                severity = diagnostic.severity.rawValue
                code = diagnostic.code
                message = diagnostic.message
            }
        }

        var files: [String]
        var errorCount: Int
        var warningCount: Int
        var diagnostics: [Entry]
    }
}
