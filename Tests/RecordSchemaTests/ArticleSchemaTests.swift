import Foundation
import Testing
import RecordSchema

/// The schemas shown in RecordKit's DocC articles: a whole schema validates clean, and a fragment (a `<record>`
/// shown alone) is, line for line, part of a shipped example schema, which the generator's golden files cover.
@Suite struct ArticleSchemaTests {
    static let catalog = TestPaths.repositoryRoot + "/Sources/RecordKit/RecordKit.docc"

    /// The ```xml blocks of an article, each with the line it starts on.
    static func xmlBlocks(of article: String) throws -> [(line: Int, text: String)] {
        let lines = try String(contentsOfFile: catalog + "/" + article, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [(line: Int, text: String)] = []
        var current: [String]?, start = 0
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```xml" {
                current = []
                start = index + 2
            } else if let body = current, trimmed == "```" {
                blocks.append((start, body.joined(separator: "\n")))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The non-empty lines of a text, without their indentation.
    static func trimmedLines(_ text: String) -> [String] {
        text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test(arguments: ["GettingStarted.md", "SchemaEvolution.md"])
    func everySchemaInTheArticleIsValidOrShipped(article: String) throws {
        let blocks = try Self.xmlBlocks(of: article)
        #expect(!blocks.isEmpty, "\(article) shows no schema")
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.schemas + "/Examples/Evolution")
            .filter { $0.hasSuffix(".records.xml") }
            .map { Self.trimmedLines(try String(contentsOfFile: TestPaths.schemas + "/Examples/Evolution/" + $0, encoding: .utf8)) }
        for block in blocks {
            if block.text.hasPrefix("<?xml") {
                let result = SchemaLoader.load(data: Data(block.text.utf8), path: "\(article):\(block.line)")
                #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
                #expect(result.schemas.count == 1)
            } else {
                let fragment = Self.trimmedLines(block.text)
                let shipped = examples.contains { lines in
                    lines.indices.contains { start in
                        start + fragment.count <= lines.count && Array(lines[start ..< start + fragment.count]) == fragment
                    }
                }
                #expect(shipped, "\(article):\(block.line): this fragment is in no schema of Schemas/Examples/Evolution")
            }
        }
    }
}
