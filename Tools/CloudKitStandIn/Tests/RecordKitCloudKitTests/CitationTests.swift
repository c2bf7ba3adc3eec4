import Foundation
import Testing

/// Every public declaration of the stand-in names the documentation page it reproduces.
@Suite struct CitationTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test(arguments: ["CloudKit", "CoreLocation"])
    func everyPublicDeclarationCitesItsPage(module: String) throws {
        let folder = Self.sources.appendingPathComponent(module)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!files.isEmpty)
        var declarations = 0
        for file in files {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                let isDeclaration = code.hasPrefix("public ") || code.hasPrefix("open ")
                    || (code.hasPrefix("case ") && code.contains(" = "))
                guard isDeclaration, !code.hasPrefix("public import") else { continue }
                declarations += 1
                var above = index - 1
                var cited = false
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    if lines[above].contains("https://developer.apple.com/documentation/") { cited = true }
                    above -= 1
                }
                #expect(cited, "\(module)/\(file):\(index + 1): \(code)")
            }
        }
        #expect(declarations > 10)
    }
}
