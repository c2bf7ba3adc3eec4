import Foundation

/// Reads one `.records.xml` file: checks its size, parses it with libxml2 (no network, no DTD, no entities,
/// a depth limit), validates it against the schema language's XSD, and builds the `Schema` model with the line
/// and column of every element.
///
/// The reader reports reading problems (RK0xx) and the two rules the model cannot hold (RK127, RK131); the
/// semantic rules are `SchemaValidator`'s. `SchemaLoader` runs both, also on a file the XSD refused: it is read
/// around what was refused (`XSDDamage`), never returned as a schema, and checked so that one run reports every
/// problem of the file. Safe to call from several threads at once.
public struct SchemaReader: Sendable {
    /// Limits that make a hostile file cheap to refuse.
    public struct Limits: Sendable, Hashable {
        /// Files larger than this are refused before they are parsed (default 8 MiB).
        public var maximumBytes: Int
        /// Elements nested deeper than this stop the parse (default 32; the language needs 4).
        public var maximumDepth: Int

        /// Creates limits.
        public init(maximumBytes: Int = 8 << 20, maximumDepth: Int = 32) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
        }
    }

    /// The namespace of the schema language.
    public static let namespace = "urn:recordkit:schema:1"

    /// The limits this reader applies.
    public var limits: Limits

    /// Creates a reader.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    // MARK: Reading

    /// Reads the file at `path` (kept as given in every diagnostic).
    public func read(contentsOf path: String) -> SchemaResult {
        readOutcome(contentsOf: path)
    }

    /// Reads a schema from bytes; `path` names it in diagnostics.
    public func read(data: Data, path: String) -> SchemaResult {
        readOutcome(data: data, path: path)
    }

    /// Reads the file at `path` with the default limits.
    public static func read(contentsOf path: String) -> SchemaResult {
        SchemaReader().read(contentsOf: path)
    }

    /// Reads a schema from bytes with the default limits.
    public static func read(data: Data, path: String) -> SchemaResult {
        SchemaReader().read(data: data, path: path)
    }

    func readOutcome(contentsOf path: String) -> SchemaResult {
        switch SchemaFileAccess.contents(of: path, maximumBytes: limits.maximumBytes) {
        case let .success(bytes):
            return readOutcome(bytes: bytes, path: path)
        case let .failure(diagnostic):
            return SchemaResult(schema: nil, diagnostics: [diagnostic], locator: nil)
        }
    }

    /// Checks the size before copying the bytes.
    func readOutcome(data: Data, path: String) -> SchemaResult {
        guard data.count <= limits.maximumBytes else { return tooLarge(data.count, path: path) }
        return readOutcome(bytes: [UInt8](data), path: path)
    }

    private func tooLarge(_ count: Int, path: String) -> SchemaResult {
        let message = "the file is \(count) bytes, more than the limit of \(limits.maximumBytes); a schema file is far smaller: split it"
        let diagnostic = Diagnostic(.error, message, at: SourceLocation(file: path, line: 1, column: 1), code: .fileTooLarge)
        return SchemaResult(schema: nil, diagnostics: [diagnostic], locator: nil)
    }

    func readOutcome(bytes: [UInt8], path: String) -> SchemaResult {
        let fileStart = SourceLocation(file: path, line: 1, column: 1)
        guard bytes.count <= limits.maximumBytes else { return tooLarge(bytes.count, path: path) }
        guard !bytes.isEmpty else {
            let message = "the file is empty; a schema file starts with <schema xmlns=\"\(Self.namespace)\" name=\"…\">"
            return SchemaResult(schema: nil, diagnostics: [Diagnostic(.error, message, at: fileStart, code: .malformedXML)], locator: nil)
        }
        let xsd = SchemaXSD.shared
        guard xsd.isUsable else {
            let message = "the tool's embedded RecordSchema.xsd does not compile (\(xsd.compileErrors.joined(separator: "; "))): report this bug"
            return SchemaResult(schema: nil, diagnostics: [Diagnostic(.error, message, at: nil, code: .embeddedXSDBroken)], locator: nil)
        }

        let source = SourceText(bytes: bytes)
        let parsed = SafeXMLParser.parse(bytes, maximumDepth: limits.maximumDepth)
        guard let document = parsed.document else {
            let diagnostics = LibXMLDiagnostics.parseFailure(parsed.sink, source: source, path: path, maximumDepth: limits.maximumDepth)
            return SchemaResult(schema: nil, diagnostics: diagnostics.sorted(), locator: nil)
        }

        var tree = LibXMLTreeReader(source: source, file: path)
        guard let root = tree.read(document) else {
            let message = "the file has no root element; a schema file starts with <schema xmlns=\"\(Self.namespace)\" name=\"…\">"
            return SchemaResult(schema: nil, diagnostics: [Diagnostic(.error, message, at: fileStart, code: .malformedXML)], locator: nil)
        }
        let locator = tree.attributeLocator

        let validation = LibXMLErrorSink(maximumDepth: limits.maximumDepth)
        xsd.validate(document, into: validation)
        var diagnostics = LibXMLDiagnostics.validationFailure(validation, path: path, locations: tree.locations, locator: locator)
        if root.name != "schema" || root.namespace != Self.namespace {
            // libxml2's "no matching global declaration" says less than this.
            diagnostics.removeAll { $0.location == root.location }
            let problem = root.name == "schema"
                ? "the root element <schema> is not in the schema language's namespace"
                : "the root element is <\(root.name)>"
            diagnostics.append(Diagnostic(
                .error,
                "\(problem); a schema file's root is <schema xmlns=\"\(Self.namespace)\" name=\"…\">",
                at: root.location, code: .schemaLanguageViolation
            ))
        }
        guard !diagnostics.hasErrors else {
            // The semantic rules still run, around what the XSD refused, so one run reports every problem.
            guard root.name == "schema", root.namespace == Self.namespace,
                  let damage = LibXMLDiagnostics.damage(validation, locations: tree.locations, locator: locator)
            else { return SchemaResult(schema: nil, diagnostics: diagnostics.sorted(), locator: locator) }
            var builder = SchemaModelBuilder(locator: locator, damage: damage)
            let partial = builder.schema(from: root)
            diagnostics += builder.diagnostics
            return SchemaResult(partialSchema: partial, damage: damage, diagnostics: diagnostics.sorted(), locator: locator)
        }

        var builder = SchemaModelBuilder(locator: locator)
        let schema = builder.schema(from: root)
        diagnostics += builder.diagnostics
        return SchemaResult(schema: schema, diagnostics: diagnostics.sorted(), locator: locator)
    }
}
