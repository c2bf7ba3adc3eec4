import Foundation
import Testing

/// A snippet shown in two documents has one source, and the copy is checked against it: the Getting Started
/// article's schema is `Schemas/Notes.records.xml` (the README's quick start shows the same file), and its
/// `Package.swift` lines are taken, line for line, from the README's manifest, which names every product.
@Suite struct DocSnippetTests {
    static let repositoryRoot = CaseClashTests.repositoryRoot
    static let gettingStarted = "Sources/RecordKit/RecordKit.docc/GettingStarted.md"

    @Test func gettingStartedShowsTheNotesSchemaFile() throws {
        let schema = try Self.text("Schemas/Notes.records.xml").trimmingCharacters(in: .newlines)
        let blocks = try MarkdownFences.blocks(in: Self.text(Self.gettingStarted)).filter { $0.language == "xml" }
        #expect(blocks.count == 1, "one schema in the article")
        #expect(blocks.first?.lines.joined(separator: "\n") == schema, "the article's schema should be Schemas/Notes.records.xml:\n\(schema)")
    }

    @Test func gettingStartedManifestLinesAreTheReadmes() throws {
        let manifest = try #require(
            MarkdownFences.blocks(in: Self.text("README.md")).first { $0.lines.first == "// swift-tools-version: 6.2" },
            "README.md shows no Package.swift")
        let excerpt = try #require(
            MarkdownFences.blocks(in: Self.text(Self.gettingStarted)).first { $0.lines.contains { $0.contains(".package(url:") } },
            "the article shows no Package.swift lines")
        let missing = Self.linesNotInOrder(Self.trimmed(excerpt.lines), in: Self.trimmed(manifest.lines))
        #expect(missing.isEmpty, "lines of \(Self.gettingStarted) that are not, in this order, in README.md's Package.swift: \(missing)")
    }

    @Test func anEditedLineIsFound() {
        let source = ["a", "b // comment", "c"]
        #expect(Self.linesNotInOrder(["a", "c"], in: source).isEmpty)
        #expect(Self.linesNotInOrder(["a", "b", "c"], in: source) == ["b"], "a line without its comment")
        #expect(Self.linesNotInOrder(["c", "a"], in: source) == ["a"], "lines out of order")
    }

    /// The lines of `excerpt` that do not stand in `source` after the lines before them.
    static func linesNotInOrder(_ excerpt: [String], in source: [String]) -> [String] {
        var next = source.startIndex
        var missing: [String] = []
        for line in excerpt {
            if let found = source[next...].firstIndex(of: line) { next = found + 1 } else { missing.append(line) }
        }
        return missing
    }

    static func trimmed(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }
}
