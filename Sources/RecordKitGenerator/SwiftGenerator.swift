import RecordSchema

/// The Swift renderer: validated schemas in, Swift files out. It never fails: every rule the output depends on
/// is a validation rule with its own code, checked before (``GeneratorPipeline/validate(_:)``). Deterministic:
/// schema order, no dates, no absolute paths, no tool version.
public struct SwiftGenerator: Sendable {
    public var access: AccessLevel
    public var layout: FileLayout

    public init(access: AccessLevel = .public, layout: FileLayout = .filePerType) {
        self.access = access
        self.layout = layout
    }

    /// The files for all schemas, in input order.
    public func render(_ validated: ValidatedSchemas) -> [GeneratedFile] {
        validated.inputs.flatMap { input in
            switch layout {
            case .filePerType: filesPerType(input)
            case .filePerSchema: [fileForSchema(input)]
            }
        }
    }

    /// The name of every file `render` writes for `input`, with the schema element each comes from.
    func plannedFiles(_ input: GeneratorInput) -> [(fileName: String, location: SourceLocation)] {
        switch layout {
        case .filePerType:
            input.schema.records.map { (RecordGenOutputFileNames.fileName(forType: $0.name), $0.location) }
                + input.schema.enums.map { (RecordGenOutputFileNames.fileName(forType: $0.name), $0.location) }
        case .filePerSchema:
            [(RecordGenOutputFileNames.fileName(forSchemaAt: input.displayPath), input.schema.location)]
        }
    }

    /// One file per record type, then one per enum, in schema order.
    func filesPerType(_ input: GeneratorInput) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for recordType in input.schema.records {
            var printer = FileHeader.start(schemaPath: input.displayPath)
            RecordTypeGenerator(recordType: recordType, schema: input.schema, access: access).print(into: &printer)
            files.append(GeneratedFile(name: RecordGenOutputFileNames.fileName(forType: recordType.name), contents: printer.text))
        }
        for enumType in input.schema.enums {
            var printer = FileHeader.start(schemaPath: input.displayPath)
            EnumGenerator(enumType: enumType, access: access).print(into: &printer)
            files.append(GeneratedFile(name: RecordGenOutputFileNames.fileName(forType: enumType.name), contents: printer.text))
        }
        return files
    }

    /// Every record type and enum of a schema in one file named after the schema.
    func fileForSchema(_ input: GeneratorInput) -> GeneratedFile {
        var printer = FileHeader.start(schemaPath: input.displayPath)
        var first = true
        for recordType in input.schema.records {
            if !first { printer.line() }
            first = false
            RecordTypeGenerator(recordType: recordType, schema: input.schema, access: access).print(into: &printer)
        }
        for enumType in input.schema.enums {
            if !first { printer.line() }
            first = false
            EnumGenerator(enumType: enumType, access: access).print(into: &printer)
        }
        return GeneratedFile(name: RecordGenOutputFileNames.fileName(forSchemaAt: input.displayPath), contents: printer.text)
    }
}
