import Foundation
import Testing

/// Help text reflows to the terminal's width: no paragraph of an abstract or discussion has a hard line break.
@Suite struct HelpTextTests {
    static let commands: [[String]] = [[], ["generate"], ["validate"], ["check-compat"], ["import"], ["export"], ["inspect"]]

    /// The help's text before `USAGE:`: the abstract and the discussion.
    private func overview(_ command: [String], columns: Int) throws -> [String] {
        let run = try RecordGenBinary.run(
            command + ["--help"], in: RecordGenBinary.repositoryRoot, environment: ["COLUMNS": "\(columns)"])
        #expect(run.status == 0)
        let text = run.stdout.components(separatedBy: "\nUSAGE:").first ?? ""
        return text.components(separatedBy: "\n")
    }

    @Test(.enabled(if: RecordGenBinary.path != nil), arguments: commands)
    func paragraphsAreOneLineOnAWideTerminal(command: [String]) throws {
        let lines = try overview(command, columns: 2000)
        #expect(lines.count >= 3, "an abstract and a discussion: \(lines)")
        // Paragraphs are separated by an empty line; a paragraph that takes two lines was broken by hand.
        for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty {
            #expect(next.isEmpty, "a hard line break in `recordgen \(command.joined(separator: " ")) --help`: \(line)")
        }
    }

    @Test(.enabled(if: RecordGenBinary.path != nil), arguments: commands)
    func paragraphsWrapOnANarrowTerminal(command: [String]) throws {
        let lines = try overview(command, columns: 60)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines.filter { $0.count > 60 })")
    }
}
