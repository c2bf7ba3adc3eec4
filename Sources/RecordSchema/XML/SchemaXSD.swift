import CLibXML2

/// The schema language's XSD, compiled once from the embedded copy and shared by every validation.
///
/// `@unchecked Sendable`: libxml2 treats a compiled `xmlSchema` as read-only; each validation makes its own
/// validation context, which is the documented way to validate from several threads against one schema.
final class SchemaXSD: @unchecked Sendable {
    /// The compiled XSD, or nil when the embedded text did not compile (a bug in the tool).
    private let schema: xmlSchemaPtr?
    /// libxml2's complaints about the embedded XSD, when it did not compile.
    let compileErrors: [String]

    /// The XSD the reader validates against.
    static let shared = SchemaXSD(text: EmbeddedSchemaXSD.text)

    init(text: String) {
        LibXML.ensureInitialized()
        let sink = LibXMLErrorSink(maximumDepth: Int.max)
        var bytes = Array(text.utf8)
        bytes.append(0)
        let compiled: xmlSchemaPtr? = withExtendedLifetime(sink) {
            bytes.withUnsafeBufferPointer { buffer -> xmlSchemaPtr? in
                guard let base = buffer.baseAddress, let size = Int32(exactly: buffer.count - 1) else { return nil }
                let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                guard let parser = xmlSchemaNewMemParserCtxt(chars, size) else { return nil }
                defer { xmlSchemaFreeParserCtxt(parser) }
                xmlSchemaSetParserStructuredErrors(parser, { userData, error in
                    guard let error, let sink = LibXMLErrorSink.of(userData: userData) else { return }
                    sink.record(error.pointee)
                }, Unmanaged.passUnretained(sink).toOpaque())
                return xmlSchemaParse(parser)
            }
        }
        schema = compiled
        compileErrors = compiled == nil
            ? (sink.entries.isEmpty ? ["libxml2 could not compile the XSD"] : sink.entries.map(\.message))
            : []
    }

    deinit {
        if let schema { xmlSchemaFree(schema) }
    }

    /// Whether the XSD compiled.
    var isUsable: Bool { schema != nil }

    /// Validates a parsed document; the sink receives every violation.
    func validate(_ document: LibXMLDocument, into sink: LibXMLErrorSink) {
        guard let schema, let context = xmlSchemaNewValidCtxt(schema) else { return }
        defer { xmlSchemaFreeValidCtxt(context) }
        withExtendedLifetime(sink) {
            xmlSchemaSetValidStructuredErrors(context, { userData, error in
                guard let error, let sink = LibXMLErrorSink.of(userData: userData) else { return }
                sink.record(error.pointee)
            }, Unmanaged.passUnretained(sink).toOpaque())
            _ = xmlSchemaValidateDoc(context, document.pointer)
        }
    }
}
