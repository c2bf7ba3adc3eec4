/// Turns what libxml2 reported into diagnostics that read like a compiler's.
enum LibXMLDiagnostics {
    /// Why a parse produced no document: a DOCTYPE, nesting too deep, or XML that is not well-formed.
    static func parseFailure(_ sink: LibXMLErrorSink, path: String, maximumDepth: Int) -> [Diagnostic] {
        if let line = sink.doctypeLine {
            let message = "the file has a DOCTYPE; a schema file never needs one, and the reader refuses it so that no "
                + "entity is expanded and no other file or URL is read: remove the <!DOCTYPE …> declaration"
            return [Diagnostic(.error, message, at: SourceLocation(file: path, line: max(line, 1)), code: .doctypeRefused)]
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

    /// libxml2's message without the namespace in braces, which only adds noise.
    private static func readable(_ message: String) -> String {
        message.replacingOccurrences(of: "{\(SchemaReader.namespace)}", with: "")
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
