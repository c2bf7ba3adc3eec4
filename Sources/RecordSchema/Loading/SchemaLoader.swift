import Foundation

/// What loading schema files produced.
public struct SchemaLoadResult: Sendable {
    /// The files read, in the order loaded (folders expanded and sorted).
    public var files: [String]
    /// Each schema that could be read (XSD-valid), in file order, whether or not semantic rules failed.
    public var schemas: [Schema]
    /// Every diagnostic of every file, sorted by file, line and column.
    public var diagnostics: [Diagnostic]

    /// True when any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.hasErrors }

    /// Creates a result.
    public init(files: [String], schemas: [Schema], diagnostics: [Diagnostic]) {
        self.files = files
        self.schemas = schemas
        self.diagnostics = diagnostics
    }
}

/// Loads schema files: expands folders, reads each file (`SchemaReader`) and runs the semantic rules
/// (`SchemaValidator`) on each schema read, collecting every diagnostic.
public enum SchemaLoader {
    /// Loads the files and folders in `paths`; paths in diagnostics are as given, never made absolute.
    public static func load(paths: [String], limits: SchemaReader.Limits = SchemaReader.Limits()) -> SchemaLoadResult {
        let (files, expandDiagnostics) = SchemaFiles.expand(paths)
        let reader = SchemaReader(limits: limits)
        var schemas: [Schema] = []
        var diagnostics = expandDiagnostics
        for file in files {
            let outcome = reader.readOutcome(contentsOf: file)
            diagnostics += outcome.diagnostics
            if let schema = outcome.schema {
                schemas.append(schema)
            }
            diagnostics += semanticFindings(outcome)
        }
        return SchemaLoadResult(files: files, schemas: schemas, diagnostics: diagnostics.sorted())
    }

    /// Loads one schema from bytes; `path` names it in diagnostics.
    public static func load(data: Data, path: String, limits: SchemaReader.Limits = SchemaReader.Limits()) -> SchemaLoadResult {
        let outcome = SchemaReader(limits: limits).readOutcome(data: data, path: path)
        let diagnostics = outcome.diagnostics + semanticFindings(outcome)
        return SchemaLoadResult(files: [path], schemas: outcome.schema.map { [$0] } ?? [], diagnostics: diagnostics.sorted())
    }

    /// The semantic rules on what was read: the schema, or a file the XSD refused read around the refusals.
    private static func semanticFindings(_ outcome: SchemaResult) -> [Diagnostic] {
        if let schema = outcome.schema {
            return SchemaValidator.validate(schema, locator: outcome.locator)
        }
        if let partial = outcome.partialSchema {
            return SchemaValidator.validate(partial, locator: outcome.locator, damage: outcome.damage)
        }
        return []
    }
}
