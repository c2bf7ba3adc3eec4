import Foundation
import RecordKitGenerator
import Testing

/// Golden files: the generated code of every schema in Schemas/ is committed under Reference/<schema path>/ and
/// reviewed like code. Re-record with `RECORDGEN_RECORD_REFERENCE=1 swift test --filter ReferenceTests`.
@Suite struct ReferenceTests {
    @Test func everyShippedSchemaHasReferenceOutput() throws {
        let schemas = RepositorySchemas.shipped()
        #expect(schemas.contains("Schemas/Notes.records.xml"))
        let reference = ReferenceFolder.repositoryRoot.appendingPathComponent("Tests/RecordKitGeneratorTests/Reference")
        var problems: [String] = []
        for path in schemas {
            let files = try GeneratorPipeline().generate([try RepositorySchemas.input(path)])
            let folder = reference.appendingPathComponent(String(path.dropFirst("Schemas/".count)))
            problems += try ReferenceFolder.differences(files, folder: folder)
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func filePerSchemaReferenceForTheNoteApp() throws {
        let files = try GeneratorPipeline(layout: .filePerSchema).generate([try RepositorySchemas.input("Schemas/Notes.records.xml")])
        #expect(files.map(\.name) == ["Notes.swift"])
        let folder = ReferenceFolder.repositoryRoot.appendingPathComponent("Tests/RecordKitGeneratorTests/Reference/file-per-schema")
        let problems = try ReferenceFolder.differences(files, folder: folder)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
