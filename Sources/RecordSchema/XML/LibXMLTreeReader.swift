import CLibXML2

/// Copies a libxml2 tree into `XMLElementNode`s, giving each element the exact line and column of its start tag
/// (from `SourceText`; libxml2's own line as a fallback) and remembering which libxml2 node became which location,
/// so validation errors that name a node land on the right place.
struct LibXMLTreeReader {
    let source: SourceText
    let file: String
    /// Where each libxml2 node's start tag stands.
    private(set) var locations: [UnsafeMutableRawPointer: SourceLocation] = [:]
    /// The start-tag offset of each element, by location.
    private(set) var tagOffsets: [SourceLocation: Int] = [:]
    /// The scanner's position; nil once the text and the tree disagree (then libxml2's lines are used).
    private var cursor: Int? = 0

    init(source: SourceText, file: String) {
        self.source = source
        self.file = file
    }

    /// The root element as a Swift tree, or nil when the document has none.
    mutating func read(_ document: LibXMLDocument) -> XMLElementNode? {
        guard let root = xmlDocGetRootElement(document.pointer) else { return nil }
        return element(root)
    }

    /// A locator for attributes of the elements read.
    var attributeLocator: AttributeLocator {
        AttributeLocator(source: source, file: file, tagOffsets: tagOffsets)
    }

    private mutating func element(_ node: xmlNodePtr) -> XMLElementNode {
        let name = Self.string(node.pointee.name)
        let prefix = node.pointee.ns.flatMap { $0.pointee.prefix.map { String(cString: $0) } }
        let qualifiedName = prefix.map { "\($0):\(name)" } ?? name
        let (location, tagOffset) = locate(node, qualifiedName: qualifiedName)
        locations[UnsafeMutableRawPointer(node)] = location
        if let tagOffset { tagOffsets[location] = tagOffset }

        var attributes: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1)
            attributes.append((Self.string(current.pointee.name), value.map { String(cString: $0) } ?? ""))
            if let value { rk_xml_free(value) }
            attribute = current.pointee.next
        }

        var children: [XMLElementNode] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(element(current))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            default:
                break
            }
            child = current.pointee.next
        }
        let namespace = node.pointee.ns.flatMap { $0.pointee.href.map { String(cString: $0) } }
        return XMLElementNode(
            name: name, namespace: namespace, attributes: attributes, children: children,
            text: text, location: location, tagOffset: tagOffset
        )
    }

    /// The next start tag in the text, when it is this element's; libxml2's line otherwise.
    private mutating func locate(_ node: xmlNodePtr, qualifiedName: String) -> (SourceLocation, Int?) {
        if let from = cursor, let offset = source.nextStartTag(from: from), source.startTag(at: offset, isNamed: qualifiedName) {
            cursor = offset + 1
            let position = source.position(ofOffset: offset)
            return (SourceLocation(file: file, line: position.line, column: position.column), offset)
        }
        cursor = nil
        return (SourceLocation(file: file, line: xmlGetLineNo(node), column: 0), nil)
    }

    private static func string(_ chars: UnsafePointer<xmlChar>?) -> String {
        chars.map { String(cString: $0) } ?? ""
    }
}
