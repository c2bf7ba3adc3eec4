import RecordSchema

/// One generated Swift file: its name in the output folder and its text.
public struct GeneratedFile: Sendable, Hashable {
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// A schema to generate, with the path the header names (relative, so output is the same on every machine).
public struct GeneratorInput: Sendable, Hashable {
    public var schema: Schema
    public var displayPath: String

    public init(schema: Schema, displayPath: String) {
        self.schema = schema
        self.displayPath = displayPath
    }
}

/// How generated declarations are split into files.
public enum FileLayout: String, Sendable, Hashable, CaseIterable {
    /// One file per record type and per enum (`Note.swift`, `Priority.swift`).
    case filePerType
    /// One file per schema (`Notes.swift`), for build plugins, which must name their outputs before running.
    case filePerSchema
}

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

/// The top of every generated file.
public enum FileHeader {
    /// The first line; files starting with ``marker`` belong to the generator and may be replaced or removed.
    public static let marker = "// DO NOT EDIT.\n// swift-format-ignore-file\n// Generated by recordgen from "

    static func start(schemaPath: String) -> CodePrinter {
        var printer = CodePrinter()
        printer.line("// DO NOT EDIT.")
        printer.line("// swift-format-ignore-file")
        printer.line("// Generated by recordgen from \(schemaPath.split(whereSeparator: \.isNewline).joined(separator: " ")).")
        printer.line()
        printer.line("import Foundation")
        printer.line("import RecordKit")
        printer.line()
        printer.line("// If the next line does not compile, this file was generated for another version of RecordKit:")
        printer.line("// regenerate it with the recordgen that comes with the RecordKit you build against.")
        printer.line("private typealias RegenerateIfThisFailsToCompile = RecordKit.GeneratedCodeAPIVersion_1")
        printer.line()
        return printer
    }
}
