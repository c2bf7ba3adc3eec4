import RecordSchema

/// The Swift renderer: validated schemas in, Swift files out. Deterministic: schema order, no dates, no
/// absolute paths, no tool version.
public struct SwiftGenerator: Sendable {
    public var access: AccessLevel
    public var layout: FileLayout

    public init(access: AccessLevel = .public, layout: FileLayout = .filePerType) {
        self.access = access
        self.layout = layout
    }

    /// The files for all inputs, in input order. Two files of the same name (ignoring case) are an error.
    public func generate(_ inputs: [GeneratorInput]) throws(GeneratorError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        // Which schema claimed each file name, compared without case (macOS and Windows file systems ignore it).
        var claimed: [String: String] = [:]
        for input in inputs {
            try Self.checkTypeNames(input.schema)
            let produced: [GeneratedFile]
            switch layout {
            case .filePerType: produced = try filesPerType(input)
            case .filePerSchema: produced = [try fileForSchema(input)]
            }
            for file in produced {
                if let other = claimed[file.name.lowercased()] {
                    let from = other == input.displayPath ? "twice from \(other)" : "from both \(other) and \(input.displayPath)"
                    throw GeneratorError(
                        "\(file.name) would be generated \(from) (file names are compared without case): rename a record type, enum or schema file, or generate into separate folders",
                        at: nil)
                }
                claimed[file.name.lowercased()] = input.displayPath
            }
            files += produced
        }
        return files
    }

    /// Type names generated code cannot work with: module names it qualifies with, and an enum named like the
    /// `Field` enum nested in every model (a property of that enum's type would find the nested one).
    static func checkTypeNames(_ schema: Schema) throws(GeneratorError) {
        let modules: Set<String> = ["Swift", "Foundation", "RecordKit"]
        for recordType in schema.records where modules.contains(recordType.name) {
            throw GeneratorError("record type '\(recordType.name)' would hide the \(recordType.name) module from generated code: rename it", at: recordType.location)
        }
        for enumType in schema.enums where modules.contains(enumType.name) || enumType.name == "Field" {
            throw GeneratorError("enum '\(enumType.name)' would be shadowed in generated models or hide a module: rename it", at: enumType.location)
        }
    }

    /// One file per record type, then one per enum, in schema order.
    public func filesPerType(_ input: GeneratorInput) throws(GeneratorError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for recordType in input.schema.records {
            let generator = try RecordTypeGenerator(recordType: recordType, schema: input.schema, access: access)
            var printer = FileHeader.start(schemaPath: input.displayPath)
            generator.print(into: &printer)
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
    public func fileForSchema(_ input: GeneratorInput) throws(GeneratorError) -> GeneratedFile {
        var printer = FileHeader.start(schemaPath: input.displayPath)
        var first = true
        for recordType in input.schema.records {
            if !first { printer.line() }
            first = false
            try RecordTypeGenerator(recordType: recordType, schema: input.schema, access: access).print(into: &printer)
        }
        for enumType in input.schema.enums {
            if !first { printer.line() }
            first = false
            EnumGenerator(enumType: enumType, access: access).print(into: &printer)
        }
        return GeneratedFile(name: RecordGenOutputFileNames.fileName(forSchemaAt: input.displayPath), contents: printer.text)
    }
}
