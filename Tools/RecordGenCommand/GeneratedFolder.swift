import Foundation

/// Moves freshly generated files from a staging folder into a target's `Generated/` folder, touching only what
/// changed: a file whose text is the same is left alone (so its date does not trigger a rebuild), a new or
/// changed file is written, and a generated file whose schema entry is gone is removed. Files there that
/// recordgen did not write (no DO NOT EDIT header) are never removed.
struct GeneratedFolder {
    /// What one sync did, by file name.
    struct Changes: Sendable {
        var written: [String] = []
        var removed: [String] = []
        var unchanged: [String] = []
        var kept: [String] = []
    }

    /// The folder the generated files live in.
    var url: URL

    /// Copies each Swift file of `staging` whose text differs, and removes stale generated files.
    func sync(from staging: URL) throws -> Changes {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
        var changes = Changes()
        let fresh = try swiftFiles(in: staging)
        for name in fresh {
            let source = staging.appendingPathComponent(name)
            let destination = url.appendingPathComponent(name)
            let text = try Data(contentsOf: source)
            if let old = try? Data(contentsOf: destination), old == text {
                changes.unchanged.append(name)
            } else {
                try text.write(to: destination, options: .atomic)
                changes.written.append(name)
            }
        }
        for name in try swiftFiles(in: url) where !fresh.contains(name) {
            let file = url.appendingPathComponent(name)
            if GeneratedHeader.isPresent(in: file) {
                try fileManager.removeItem(at: file)
                changes.removed.append(name)
            } else {
                changes.kept.append(name)
            }
        }
        return changes
    }

    /// The names of the Swift files directly in `folder`, sorted.
    func swiftFiles(in folder: URL) throws -> [String] {
        guard FileManager.default.fileExists(atPath: folder.filePath) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.filePath)
            .filter { $0.hasSuffix(".swift") }
            .sorted()
    }
}
