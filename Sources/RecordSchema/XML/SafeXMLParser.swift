import CLibXML2

/// A libxml2 document owned by Swift: freed when the last reference goes.
final class LibXMLDocument {
    let pointer: xmlDocPtr

    init(_ pointer: xmlDocPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlFreeDoc(pointer)
    }
}

/// Parses a schema file with libxml2, safely enough for files from untrusted pull requests.
///
/// - No network (`XML_PARSE_NONET`), and `XML_PARSE_NO_XXE` where libxml2 has it.
/// - Never `XML_PARSE_NOENT` or `XML_PARSE_DTDLOAD`: entities are not substituted, external subsets not loaded.
/// - Any DOCTYPE stops the parse the moment it is seen, before its internal subset is read: a schema file never
///   needs one, and refusing it kills entity-expansion bombs and external entities at once.
/// - Nesting deeper than the limit stops the parse at the offending element.
/// - Errors go to a sink owned by this call, never to a global handler.
enum SafeXMLParser {
    /// The outcome of one parse: the document when it is well-formed, else why not.
    struct Outcome {
        var document: LibXMLDocument?
        var sink: LibXMLErrorSink
    }

    /// Parses `bytes`. The caller has already checked the size.
    static func parse(_ bytes: [UInt8], maximumDepth: Int) -> Outcome {
        LibXML.ensureInitialized()
        let sink = LibXMLErrorSink(maximumDepth: maximumDepth)
        guard !bytes.isEmpty, let size = Int32(exactly: bytes.count) else {
            return Outcome(document: nil, sink: sink)
        }
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer -> xmlDocPtr? in
            guard let base = buffer.baseAddress else { return nil }
            let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            guard let context = xmlCreateMemoryParserCtxt(chars, size) else { return nil }
            defer { xmlFreeParserCtxt(context) }
            return withExtendedLifetime(sink) { () -> xmlDocPtr? in
                configure(context, sink: sink)
                _ = xmlParseDocument(context)
                let parsed = context.pointee.myDoc
                context.pointee.myDoc = nil
                let ok = context.pointee.wellFormed != 0 && sink.doctypeLine == nil && sink.tooDeepLine == nil
                if !ok, let parsed {
                    xmlFreeDoc(parsed)
                    return nil
                }
                return parsed
            }
        }
        return Outcome(document: document.map(LibXMLDocument.init), sink: sink)
    }

    /// The options: no network, no external entities where libxml2 can be told, big line numbers.
    /// Deliberately absent: XML_PARSE_NOENT, XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR, XML_PARSE_XINCLUDE,
    /// XML_PARSE_HUGE (which would lift libxml2's own limits).
    private static var options: Int32 {
        Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_BIG_LINES.rawValue) | rk_xml_parse_no_xxe()
    }

    /// Installs this parse's error sink and SAX hooks on its own context.
    private static func configure(_ context: xmlParserCtxtPtr, sink: LibXMLErrorSink) {
        _ = xmlCtxtUseOptions(context, options)
        context.pointee._private = Unmanaged.passUnretained(sink).toOpaque()
        guard let sax = context.pointee.sax else { return }
        // libxml2 passes the parser context (its userData) to these callbacks.
        sax.pointee.serror = { userData, error in
            guard let error, let sink = LibXMLErrorSink.of(parserContext: userData) else { return }
            sink.record(error.pointee)
        }
        sax.pointee.internalSubset = { userData, _, _, _ in
            guard let userData else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            if let sink = LibXMLErrorSink.of(parserContext: userData), sink.doctypeLine == nil {
                sink.doctypeLine = Int(parser.pointee.input?.pointee.line ?? 0)
            }
            xmlStopParser(parser)
        }
        sax.pointee.startElementNs = { userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaultedCount, attributes in
            guard let userData else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            if let sink = LibXMLErrorSink.of(parserContext: userData), Int(parser.pointee.nameNr) >= sink.maximumDepth {
                if sink.tooDeepLine == nil {
                    sink.tooDeepLine = Int(parser.pointee.input?.pointee.line ?? 0)
                }
                xmlStopParser(parser)
                return
            }
            xmlSAX2StartElementNs(
                userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaultedCount, attributes
            )
        }
        sax.pointee.initialized = UInt32(XML_SAX2_MAGIC)
    }
}
