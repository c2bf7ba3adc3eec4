import Foundation
import RecordSchema

/// `recordgen generate`, stage by stage: load -> validate -> render -> write, with a typed value between each
/// stage (``LoadedSchemas``, ``ValidatedSchemas``, `[GeneratedFile]`, ``OutputWriter/Summary``).
///
/// ``run(paths:outputDirectory:)`` is the one entry point the CLI calls (the plugins run the CLI);
/// ``generate(_:)`` validates and renders schemas built in code, for tests and benchmarks.
public struct GeneratorPipeline: Sendable {
    /// The renderer's settings: access level and file layout.
    public var generator: SwiftGenerator

    public init(access: AccessLevel = .public, layout: FileLayout = .filePerType) {
        generator = SwiftGenerator(access: access, layout: layout)
    }

    // MARK: Stages

    /// Stage 1: reads the schema files and folders in `paths` and runs the semantic rules on each schema.
    public func load(paths: [String], displayPath: (String) -> String = { HeaderPath.display($0) }) -> LoadedSchemas {
        LoadedSchemas(SchemaLoader.load(paths: paths), displayPath: displayPath)
    }

    /// Stage 2: the rules of one run over several schemas, on top of each schema's own. When the schemas are
    /// clean, no two of them may generate files of one name (RK401, at the later schema's type or schema
    /// element).
    public func validate(_ loaded: LoadedSchemas) -> ValidationOutcome {
        guard !loaded.diagnostics.hasErrors else {
            return ValidationOutcome(validated: nil, diagnostics: loaded.diagnostics)
        }
        var claims: [(fileName: String, owner: (path: String, location: SourceLocation))] = []
        for input in loaded.inputs {
            claims += generator.plannedFiles(input).map { ($0.fileName, (input.displayPath, $0.location)) }
        }
        let collisions = RecordGenOutputFileNames.collisions(in: claims).map { collision in
            let (first, second) = (collision.first.path, collision.second.path)
            let from = first == second ? "twice from \(first)" : "from both \(first) and \(second)"
            return Diagnostic(
                .error,
                "\(collision.fileName) would be generated \(from) (file names are compared without case): rename a record type, enum or schema file, or generate into separate folders",
                at: collision.second.location, code: .outputNameCollision)
        }
        let diagnostics = (loaded.diagnostics + collisions).sorted()
        return ValidationOutcome(
            validated: diagnostics.hasErrors ? nil : ValidatedSchemas(inputs: loaded.inputs), diagnostics: diagnostics)
    }

    /// Stage 3: the Swift files. Never fails.
    public func render(_ validated: ValidatedSchemas) -> [GeneratedFile] {
        generator.render(validated)
    }

    /// Stage 4: writes the files whose text changed into `directory`. Stale generated files are removed, except
    /// with one file per schema: the build plugin runs once per schema into one folder, no run may remove
    /// another's file, and the plugin's declared outputs already say what belongs.
    public func write(_ files: [GeneratedFile], to directory: URL) throws(OutputWriter.WriteError) -> OutputWriter.Summary {
        try OutputWriter(directory: directory).write(files, removingStale: generator.layout == .filePerType)
    }

    // MARK: Entry points

    /// Every stage, for the schema files and folders in `paths`: nothing is written when any rule fails.
    public func run(paths: [String], outputDirectory: URL) -> GeneratorRun {
        let loaded = load(paths: paths)
        let validation = validate(loaded)
        var run = GeneratorRun(files: loaded.files, diagnostics: validation.diagnostics)
        guard let validated = validation.validated else { return run }
        do {
            run.summary = try write(render(validated), to: outputDirectory)
        } catch {
            run.writeError = error
        }
        return run
    }

    /// Validates schemas built in code (or loaded by the caller) and renders them; nothing is written.
    public func generate(_ inputs: [GeneratorInput]) throws(ValidationFailure) -> [GeneratedFile] {
        let validation = validate(LoadedSchemas(inputs))
        guard let validated = validation.validated else { throw ValidationFailure(diagnostics: validation.diagnostics) }
        return render(validated)
    }
}
