import Foundation

/// A fresh folder under the system's temporary directory, with helpers to lay out a target's files in it.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("PluginSupportTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `path` (relative to the folder), creating folders on the way, and returns its URL.
    @discardableResult
    func write(_ path: String, _ text: String = "") throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true
        )
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The text of the file at `path`, or nil when there is none.
    func read(_ path: String) -> String? {
        (try? Data(contentsOf: url.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
