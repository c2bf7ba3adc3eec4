/// Collects Swift source text line by line and owns its indentation, so generators never count spaces.
struct CodePrinter {
    private(set) var text = ""
    private var indentation = ""
    private static let indentUnit = "    "

    /// Prints one line at the current indentation; an empty line gets no trailing spaces.
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            text += indentation
            text += content
        }
        text += "\n"
    }

    /// Prints several lines.
    mutating func lines(_ contents: [String]) {
        for content in contents { line(content) }
    }

    /// Prints `opening`, the body one level deeper, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodePrinter) -> Void) {
        line(opening)
        indent()
        body(&self)
        outdent()
        line(closing)
    }

    /// Prints a `///` doc comment, one line per line of `doc`; nothing for nil or blank text.
    mutating func docComment(_ doc: String?) {
        for docLine in DocText.lines(doc) { line(docLine.isEmpty ? "///" : "/// " + docLine) }
    }

    mutating func indent() { indentation += Self.indentUnit }

    mutating func outdent() { indentation = String(indentation.dropLast(Self.indentUnit.count)) }
}

/// Turns `<doc>` text, as the XML reader hands it over (indented, with surrounding blank lines), into tidy lines.
enum DocText {
    static func lines(_ doc: String?) -> [String] {
        guard let doc else { return [] }
        var lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
