import Foundation

/// Finds the shared conformance files from this test file's path: the repository root is the folder
/// holding Package.swift; conformance is `<root>/../shared/conformance`.
enum InteropConformance {
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }()

    static let root = repositoryRoot.appendingPathComponent("../shared/conformance").standardizedFileURL

    static func files(in folder: String, suffix: String) -> [URL] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { dir.appendingPathComponent($0) }
    }

    static var ckdbFiles: [URL] { files(in: "ckdb", suffix: ".ckdb") }
    static var hasCKDB: Bool { !ckdbFiles.isEmpty }

    /// Fixtures of our own, under `Tests/RecordSchemaTests/Fixtures/Interop/`.
    static func fixture(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/RecordSchemaTests/Fixtures/Interop").appendingPathComponent(name)
    }

    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }
}
