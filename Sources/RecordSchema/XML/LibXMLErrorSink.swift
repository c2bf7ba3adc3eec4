import CLibXML2

/// Collects what libxml2 reports during one parse or one validation.
///
/// libxml2 calls C callbacks; each parse hands them its own sink through a context pointer (the parser
/// context's `_private`, or the validation context's user data), so concurrent parses never share state and
/// nothing is set globally.
final class LibXMLErrorSink {
    /// One error or warning as libxml2 gave it.
    struct Entry {
        var message: String
        var isWarning: Bool
        /// libxml2's line (0 when it gave none).
        var line: Int
        /// libxml2's column (0 when it gave none; parser errors have one).
        var column: Int
        /// The node the error is about, for validation errors.
        var node: UnsafeMutableRawPointer?
    }

    /// More errors than this from one file are dropped (and counted): a broken 8 MB file should not make
    /// millions of diagnostics.
    static let maximumEntries = 100

    private(set) var entries: [Entry] = []
    private(set) var droppedCount = 0
    /// Set when the parser met a DOCTYPE and was stopped: the line of the DOCTYPE.
    var doctypeLine: Int?
    /// Set when the parser was stopped for nesting too deep: the line of the element.
    var tooDeepLine: Int?
    /// The deepest nesting allowed.
    let maximumDepth: Int

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    /// Records one libxml2 error.
    func record(_ error: xmlError) {
        guard entries.count < Self.maximumEntries else {
            droppedCount += 1
            return
        }
        var message = error.message.map { String(cString: $0) } ?? "unknown libxml2 error (code \(error.code))"
        while message.last?.isWhitespace == true { message.removeLast() }
        let column = error.domain == Int32(XML_FROM_SCHEMASV.rawValue) ? 0 : Int(error.int2)
        entries.append(Entry(
            message: message,
            isWarning: error.level == XML_ERR_WARNING,
            line: Int(error.line),
            column: max(0, column),
            node: error.node
        ))
    }

    /// The sink a parser context carries in `_private`.
    static func of(parserContext context: UnsafeMutableRawPointer?) -> LibXMLErrorSink? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let sink = parser.pointee._private else { return nil }
        return Unmanaged<LibXMLErrorSink>.fromOpaque(sink).takeUnretainedValue()
    }

    /// The sink passed as a validation context's user data.
    static func of(userData: UnsafeMutableRawPointer?) -> LibXMLErrorSink? {
        guard let userData else { return nil }
        return Unmanaged<LibXMLErrorSink>.fromOpaque(userData).takeUnretainedValue()
    }
}

/// Process-wide libxml2 set-up, done once before the first parse (libxml2 asks for `xmlInitParser` to run
/// before threads use it).
enum LibXML {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Makes sure libxml2 is initialised.
    static func ensureInitialized() {
        _ = initialized
    }
}
