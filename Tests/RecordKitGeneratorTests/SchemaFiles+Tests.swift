import Foundation
import RecordKitGenerator
import RecordSchema
import Testing

/// Loads schema files of the repository the way `recordgen generate` does, with header paths relative to the
/// repository root.
enum RepositorySchemas {
    struct LoadFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The schema at `relativePath` (from the repository root), validated; any error fails the load.
    static func input(_ relativePath: String) throws -> GeneratorInput {
        let absolute = ReferenceFolder.repositoryRoot.appendingPathComponent(relativePath).path
        let loaded = SchemaLoader.load(paths: [absolute])
        guard !loaded.hasErrors, let schema = loaded.schemas.first else {
            throw LoadFailure(description: "\(relativePath) does not load: \(loaded.diagnostics.map(\.description).joined(separator: "\n"))")
        }
        return GeneratorInput(schema: schema, displayPath: relativePath)
    }

    /// Every `*.records.xml` under `Schemas/`, as paths relative to the repository root, sorted.
    static func shipped() -> [String] {
        let root = ReferenceFolder.repositoryRoot.appendingPathComponent("Schemas").path
        let files = SchemaFiles.expand([root]).files
        return files.map { "Schemas/" + String($0.dropFirst(root.count).drop { $0 == "/" }) }.sorted()
    }
}
