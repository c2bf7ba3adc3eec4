/// The fenced code blocks of a Markdown text, for the tests that check documentation snippets against their source
/// (linked into RecordKitSyncTests for `ReadmeQuickStartTests`).
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
}
