/// Turns what libxml2 reported into diagnostics that read like a compiler's.
enum LibXMLDiagnostics {
    /// Why a parse produced no document: a DOCTYPE, nesting too deep, or XML that is not well-formed.
    static func parseFailure(_ sink: LibXMLErrorSink, source: SourceText, path: String, maximumDepth: Int) -> [Diagnostic] {
        if let line = sink.doctypeLine {
            let message = "the file has a DOCTYPE; a schema file never needs one, and the reader refuses it so that no "
                + "entity is expanded and no other file or URL is read: remove the <!DOCTYPE …> declaration"
            let location = source.firstOffset(of: "<!DOCTYPE").map { offset in
                let position = source.position(ofOffset: offset)
                return SourceLocation(file: path, line: position.line, column: position.column)
            } ?? SourceLocation(file: path, line: max(line, 1))
            return [Diagnostic(.error, message, at: location, code: .doctypeRefused)]
        }
        if let line = sink.tooDeepLine {
            let message = "elements are nested more than \(maximumDepth) deep; the schema language needs 4 levels "
                + "(schema, record, field, doc): close the elements left open"
            return [Diagnostic(.error, message, at: SourceLocation(file: path, line: max(line, 1)), code: .nestingTooDeep)]
        }
        var diagnostics = sink.entries.map { entry in
            Diagnostic(
                entry.isWarning ? .warning : .error,
                "not well-formed XML: \(entry.message)",
                at: SourceLocation(file: path, line: max(entry.line, 1), column: entry.column),
                code: .malformedXML
            )
        }
        if !diagnostics.hasErrors {
            diagnostics.append(Diagnostic(.error, "not well-formed XML", at: SourceLocation(file: path, line: 1), code: .malformedXML))
        }
        if sink.droppedCount > 0 {
            diagnostics.append(dropped(sink.droppedCount, path: path, code: .malformedXML))
        }
        return diagnostics
    }

    /// The XSD's complaints, each at its element (or attribute, when the message names one).
    static func validationFailure(
        _ sink: LibXMLErrorSink,
        path: String,
        locations: [UnsafeMutableRawPointer: SourceLocation],
        locator: AttributeLocator
    ) -> [Diagnostic] {
        var seen = Set<String>()
        var diagnostics: [Diagnostic] = []
        for entry in sink.entries {
            let element = entry.node.flatMap { locations[$0] } ?? SourceLocation(file: path, line: max(entry.line, 1))
            let attribute = attributeName(in: entry.message)
            let key = "\(element.line):\(element.column):\(attribute ?? "")"
            // libxml2 follows a facet violation with "… is not a valid value of the atomic type …" for the same
            // attribute; the first message says it better.
            if entry.message.contains("is not a valid value of the atomic type"), seen.contains(key) { continue }
            seen.insert(key)
            let location = attribute.map { locator.location(ofAttribute: $0, of: element) } ?? element
            diagnostics.append(Diagnostic(
                entry.isWarning ? .warning : .error,
                readable(entry.message),
                at: location,
                code: .schemaLanguageViolation
            ))
        }
        if sink.droppedCount > 0 {
            diagnostics.append(dropped(sink.droppedCount, path: path, code: .schemaLanguageViolation))
        }
        return diagnostics
    }

    /// Which elements and attributes the XSD refused, for the semantic rules to run around them; nil when a
    /// finding cannot be pinned to an element of the tree, or some were dropped, so nothing safe can be said.
    static func damage(
        _ sink: LibXMLErrorSink,
        locations: [UnsafeMutableRawPointer: SourceLocation],
        locator: AttributeLocator
    ) -> XSDDamage? {
        guard sink.droppedCount == 0 else { return nil }
        var damage = XSDDamage()
        for entry in sink.entries where !entry.isWarning {
            guard let element = entry.node.flatMap({ locations[$0] }) else { return nil }
            let attribute = attributeName(in: entry.message)
            damage.record(
                element: element, attribute: attribute,
                attributeLocation: attribute.map { locator.location(ofAttribute: $0, of: element) })
        }
        return damage
    }

    /// libxml2's message in the tools' voice: `attribute 'kind' of <field>: 'text' is not one of: string, …`.
    static func readable(_ message: String) -> String {
        var text = message.replacingOccurrences(of: "{\(SchemaReader.namespace)}", with: "")
        // "Element 'field', attribute 'kind': …" -> "attribute 'kind' of <field>: …"; "Element 'x': …" -> "<x>: …"
        if text.hasPrefix("Element '"), let nameEnd = text.dropFirst(9).firstIndex(of: "'") {
            let element = text[text.index(text.startIndex, offsetBy: 9)..<nameEnd]
            var rest = text[text.index(after: nameEnd)...]
            if rest.hasPrefix(", attribute '"), let attributeEnd = rest.dropFirst(13).firstIndex(of: "'") {
                let attribute = rest[rest.index(rest.startIndex, offsetBy: 13)..<attributeEnd]
                rest = rest[rest.index(after: attributeEnd)...]
                text = "attribute '\(attribute)' of <\(element)>\(rest)"
            } else {
                text = "<\(element)>\(rest)"
            }
        }
        let rewrites: [(String, String)] = [
            ("[facet 'enumeration'] The value ", ""),
            (" is not an element of the set {", " is not one of {"),
            (" is not a valid value of the atomic type 'Version'", " is not a version: write a whole number, 1 or more"),
            (" is not a valid value of the atomic type 'xs:boolean'", " is not a boolean: write true or false"),
            (" is not a valid value of the atomic type", " is not a valid value of type"),
            ("This element is not expected. Expected is one of", "this element is not expected here; expected one of"),
            ("This element is not expected. Expected is", "this element is not expected here; expected"),
            ("This element is not expected.", "this element is not expected here"),
            ("The attribute ", "attribute "),
            ("Missing child element(s). Expected is", "missing child element; expected"),
        ]
        for (from, to) in rewrites {
            text = text.replacingOccurrences(of: from, with: to)
        }
        while text.last == "." { text.removeLast() }
        return text
    }

    /// The attribute a validation message is about (`… attribute 'kind': …`).
    private static func attributeName(in message: String) -> String? {
        guard let start = message.range(of: "attribute '") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        let name = String(rest[..<end])
        return name.isEmpty ? nil : name
    }

    private static func dropped(_ count: Int, path: String, code: DiagnosticCode) -> Diagnostic {
        Diagnostic(.note, "\(count) more problems in this file not shown; fix these first", at: SourceLocation(file: path, line: 1), code: code)
    }
}
