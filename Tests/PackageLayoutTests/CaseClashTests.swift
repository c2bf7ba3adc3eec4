import Foundation
import Testing

/// No two tracked paths, and no two names in a manifest, differ only in letter case: on a Mac they would be one
/// folder, or two products SwiftPM cannot tell apart.
@Suite struct CaseClashTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func trackedPathsDoNotDifferOnlyInCase() throws {
        let paths = try Self.trackedPaths()
        #expect(paths.count > 100, "expected the repository's files, found \(paths.count)")
        #expect(CaseClashes.groups(in: CaseClashes.pathsWithFolders(paths)) == [])
    }

    @Test func manifestNamesDoNotDifferOnlyInCase() throws {
        let manifests = try Self.trackedPaths().filter { $0.hasSuffix("Package.swift") }
        #expect(manifests.contains("Package.swift"))
        for manifest in manifests {
            let text = try String(contentsOf: Self.repositoryRoot.appendingPathComponent(manifest), encoding: .utf8)
            let names = CaseClashes.manifestNames(text)
            #expect(!names.isEmpty, "no names read from \(manifest)")
            #expect(CaseClashes.groups(in: names) == [], "in \(manifest)")
        }
    }

    @Test func aClashIsFound() {
        let paths = CaseClashes.pathsWithFolders(["Sources/RecordGen/A.swift", "Sources/recordgen/B.swift", "README.md"])
        #expect(CaseClashes.groups(in: paths) == [["Sources/RecordGen", "Sources/recordgen"]])
        let manifest = """
            products: [.library(name: "RecordGen", targets: ["RecordGen"]), .executable(name:  "recordgen", targets: [])],
            targets: [.target(name: "RecordGen"), .product(name: "ArgumentParser", package: "x")]
            """
        #expect(CaseClashes.manifestNames(manifest) == ["RecordGen", "recordgen", "RecordGen", "ArgumentParser"])
        #expect(CaseClashes.groups(in: CaseClashes.manifestNames(manifest)) == [["RecordGen", "recordgen"]])
        #expect(CaseClashes.groups(in: ["Same", "Same", "Other"]) == [])
    }

    /// The files git tracks; outside a git checkout (a source archive), every file under the root but build folders.
    static func trackedPaths() throws -> [String] {
        if let listed = try? gitLsFiles(), !listed.isEmpty { return listed }
        let root = repositoryRoot.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            let first = path.split(separator: "/").first.map(String.init) ?? path
            if first.hasPrefix(".build") || first == ".git" || first == ".swiftpm" { continue }
            paths.append(path)
        }
        return paths
    }

    private static func gitLsFiles() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", repositoryRoot.path, "ls-files", "-z"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
