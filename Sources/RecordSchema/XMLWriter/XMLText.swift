import Foundation

/// Escaping for XML text and attribute values.
enum XMLText {
    /// `&`, `<`, `>`, `"` and control characters escaped, for a double-quoted attribute value.
    static func attribute(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `&`, `<` and `>` escaped, for element content.
    static func content(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// A small printer for indented XML elements.
struct XMLPrinter {
    private(set) var text = ""
    private var depth = 0

    /// Attributes with nil values are left out.
    typealias Attributes = [(String, String?)]

    private func opening(_ name: String, _ attributes: Attributes) -> String {
        var tag = "<" + name
        for case let (key, value?) in attributes {
            tag += " \(key)=\"\(XMLText.attribute(value))\""
        }
        return tag
    }

    private mutating func line(_ text: String) {
        self.text += String(repeating: "  ", count: depth) + text + "\n"
    }

    mutating func raw(_ text: String) { self.text += text }

    mutating func empty(_ name: String, _ attributes: Attributes) {
        line(opening(name, attributes) + "/>")
    }

    mutating func textElement(_ name: String, _ content: String) {
        line("<\(name)>\(XMLText.content(content))</\(name)>")
    }

    mutating func open(_ name: String, _ attributes: Attributes) {
        line(opening(name, attributes) + ">")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    mutating func comment(_ text: String) {
        // `--` may not appear inside an XML comment.
        line("<!-- \(text.replacingOccurrences(of: "--", with: "- -")) -->")
    }
}
