import Foundation
import RecordKitGenerator

/// Compares generated files with a committed folder of expected output, or re-records that folder when
/// `RECORDGEN_RECORD_REFERENCE=1`.
enum ReferenceFolder {
    /// The repository root: the folder holding Package.swift, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORDGEN_RECORD_REFERENCE"] == "1" }

    /// The differences between `files` and the `.swift` files in `folder`, one line each; empty when they match.
    /// When recording, writes the files first (removing generated files that no longer belong).
    static func differences(_ files: [GeneratedFile], folder: URL) throws -> [String] {
        if isRecording { _ = try OutputWriter(directory: folder).write(files) }
        let present = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        var problems: [String] = []
        let expectedNames = files.map(\.name)
        for name in present where !expectedNames.contains(name) {
            problems.append("\(name) is in \(folder.lastPathComponent) but no longer generated")
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file.name).path) else {
                problems.append("\(file.name) is generated but missing from \(folder.path)")
                continue
            }
            if String(decoding: data, as: UTF8.self) != file.contents {
                problems.append("\(file.name) differs from \(folder.path)/\(file.name)")
            }
        }
        if !problems.isEmpty {
            problems.append("re-record with RECORDGEN_RECORD_REFERENCE=1 swift test --filter ReferenceTests, then review the diff")
        }
        return problems
    }
}
