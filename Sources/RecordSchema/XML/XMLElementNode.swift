/// An element of a parsed schema file, copied out of libxml2's tree so that the model builder works on plain
/// Swift values: its name, attributes in file order, child elements, text and where it stands.
struct XMLElementNode: Sendable {
    /// The local name (`field`).
    var name: String
    /// The namespace URI, or nil for none.
    var namespace: String?
    /// Attributes as written, in file order.
    var attributes: [(name: String, value: String)]
    var children: [XMLElementNode]
    /// The element's own text (its text and CDATA children, concatenated).
    var text: String
    /// Where the start tag begins.
    var location: SourceLocation
    /// The byte offset of the start tag's `<`, when the source scanner found it; used to locate attributes.
    var tagOffset: Int?

    /// The value of attribute `name`, if written.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// Finds where an attribute stands in the source, for diagnostics about one attribute.
struct AttributeLocator: Sendable {
    let source: SourceText
    let file: String
    /// The start-tag offset of each element, by the element's location.
    let tagOffsets: [SourceLocation: Int]

    /// The location of attribute `name` of the element at `element`; the element's own location when the
    /// attribute cannot be found (defaulted, or the element came from elsewhere).
    func location(ofAttribute name: String, of element: SourceLocation) -> SourceLocation {
        guard element.file == file, let tag = tagOffsets[element],
              let offset = source.attributeOffset(named: name, inTagAt: tag)
        else { return element }
        let position = source.position(ofOffset: offset)
        return SourceLocation(file: file, line: position.line, column: position.column)
    }
}
