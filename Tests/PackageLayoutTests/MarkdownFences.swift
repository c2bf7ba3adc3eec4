/// The fenced code blocks of a Markdown text, and the marked code of a test's source, for the tests that check
/// documentation snippets against the code they run (linked into RecordKitSyncTests for `ReadmeQuickStartTests` and
/// `SharingArticleSnippetTests`).
enum MarkdownFences {
    /// Every fenced block: the language after the opening fence, and the lines in between.
    static func blocks(in markdown: String) -> [(language: String, lines: [String])] {
        var blocks: [(language: String, lines: [String])] = []
        var current: (language: String, lines: [String])?
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(open)
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    /// The lines of `source` after the first line `isBegin` accepts and before the next line `isEnd` accepts, with the
    /// begin line's indentation removed; nil when either marker is missing.
    static func markedLines(
        in source: String, begin isBegin: (String) -> Bool, end isEnd: (String) -> Bool
    ) -> [String]? {
        let lines = source.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(where: isBegin),
              let end = lines[(begin + 1)...].firstIndex(where: isEnd)
        else { return nil }
        let indent = lines[begin].prefix { $0 == " " }.count
        return lines[(begin + 1)..<end].map { $0.count >= indent ? String($0.dropFirst(indent)) : $0 }
    }
}
