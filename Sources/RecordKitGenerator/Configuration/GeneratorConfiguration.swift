import Foundation
import RecordSchema

/// The settings of `recordgen-config.json`, the file beside a target's schemas that both plugins hand to
/// `recordgen generate --config`, so a team sets them once for a target instead of on every command line.
///
/// ```json
/// { "access": "internal" }
/// ```
///
/// Every key is optional; a missing key keeps recordgen's default. An unknown key is an error, not a warning:
/// a misspelt `"acess"` would otherwise be ignored and the models silently stay public. Each problem is an RK009
/// error at its line and column.
public struct GeneratorConfiguration: Sendable, Hashable {
    /// The file name both plugins look for among a target's files (the shared constant in OutputFileNames.swift).
    public static let fileName = RecordGenOutputFileNames.configurationFileName

    /// The keys this version of recordgen understands, in the order messages list them.
    public static let knownKeys = ["access"]

    /// Larger files are refused before they are read; a configuration is a few lines.
    public static let maximumBytes = 64 * 1024

    /// The access level of the generated declarations (`"public"`, `"internal"` or `"package"`); nil keeps the
    /// default, `public`.
    public var access: AccessLevel?

    /// Creates a configuration.
    public init(access: AccessLevel? = nil) {
        self.access = access
    }

    /// A configuration read from a file, or the diagnostics that say why it could not be.
    public struct LoadResult: Sendable {
        /// The configuration; nil when any diagnostic is an error.
        public var configuration: GeneratorConfiguration?
        /// Every problem found, sorted.
        public var diagnostics: [Diagnostic]
    }

    /// Reads the configuration at `path`; diagnostics name the file as `path` is written.
    public static func load(path: String) -> LoadResult {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return failure(Diagnostic(.error, "no such configuration file: \(path)", at: nil, code: .fileUnreadable))
        }
        guard !isDirectory.boolValue else {
            return failure(Diagnostic(
                .error, "\(path) is a folder: --config names a \(fileName) file", at: nil, code: .fileUnreadable))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return failure(Diagnostic(
                .error, "cannot open \(path) for reading (check its permissions)", at: nil, code: .fileUnreadable))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            return failure(Diagnostic(
                .error, "cannot read \(path): \(error.localizedDescription)", at: nil, code: .fileUnreadable))
        }
        guard data.count <= maximumBytes else {
            return failure(Diagnostic(
                .error, "the configuration is larger than \(maximumBytes) bytes; it holds a few settings",
                at: SourceLocation(file: path, line: 1, column: 1), code: .fileTooLarge))
        }
        return parse([UInt8](data), file: path)
    }

    /// Reads a configuration from its bytes; `file` names it in diagnostics.
    public static func parse(_ bytes: [UInt8], file: String) -> LoadResult {
        let root: LocatedJSON
        do {
            root = try LocatedJSONReader.read(bytes)
        } catch {
            return failure(Diagnostic(
                .error, "\(fileName) is not valid JSON: \(error.message)",
                at: SourceLocation(file: file, line: error.line, column: error.column), code: .invalidConfiguration))
        }
        guard case .object(let members) = root.value else {
            return failure(Diagnostic(
                .error, "\(fileName) holds \(root.kindDescription); it must hold one JSON object, such as {\"access\": \"internal\"}",
                at: SourceLocation(file: file, line: root.line, column: root.column), code: .invalidConfiguration))
        }
        var configuration = GeneratorConfiguration()
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for member in members {
            let keyLocation = SourceLocation(file: file, line: member.keyLine, column: member.keyColumn)
            guard seen.insert(member.key).inserted else {
                diagnostics.append(Diagnostic(
                    .error, "the key \"\(member.key)\" appears twice: keep one", at: keyLocation, code: .invalidConfiguration))
                continue
            }
            switch member.key {
            case "access":
                let valueLocation = SourceLocation(file: file, line: member.value.line, column: member.value.column)
                let levels = AccessLevel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                guard case .string(let text) = member.value.value else {
                    diagnostics.append(Diagnostic(
                        .error, "\"access\" is \(member.value.kindDescription); it must be a string: \(levels)",
                        at: valueLocation, code: .invalidConfiguration))
                    continue
                }
                guard let level = AccessLevel(rawValue: text) else {
                    diagnostics.append(Diagnostic(
                        .error, "\"access\" is \"\(text)\", which is not an access level recordgen generates: use \(levels)",
                        at: valueLocation, code: .invalidConfiguration))
                    continue
                }
                configuration.access = level
            default:
                let known = knownKeys.map { "\"\($0)\"" }.joined(separator: ", ")
                diagnostics.append(Diagnostic(
                    .error, "unknown key \"\(member.key)\" (a typo, or a setting of a newer recordgen); the known keys are \(known)",
                    at: keyLocation, code: .invalidConfiguration))
            }
        }
        return LoadResult(configuration: diagnostics.hasErrors ? nil : configuration, diagnostics: diagnostics.sorted())
    }

    private static func failure(_ diagnostic: Diagnostic) -> LoadResult {
        LoadResult(configuration: nil, diagnostics: [diagnostic])
    }
}
