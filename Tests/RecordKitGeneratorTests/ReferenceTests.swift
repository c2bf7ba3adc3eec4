import Foundation
import RecordKitGenerator
import Testing

/// Golden files: the generated code of every schema in Schemas/, and of the Coverage and Cards fixtures, is committed under
/// Reference/<schema stem>/ and reviewed like code; Reference/Internal/ holds the internal, one-file-per-schema
/// output the main-actor target needs. The consumer test targets compile these folders through symlinks, so what
/// is reviewed here is what they run. Re-record with `RECORDGEN_RECORD_REFERENCE=1 swift test --filter ReferenceTests`.
@Suite struct ReferenceTests {
    static let reference = ReferenceFolder.repositoryRoot.appendingPathComponent("Reference")
    static let coverage = "Tests/RecordKitGeneratorTests/Fixtures/Coverage.records.xml"
    /// One schema at two versions, compiled as two modules (Tests/CardsV1, Tests/CardsV2) for mixed-version sync tests.
    static let cards = ["Tests/RecordKitGeneratorTests/Fixtures/Cards.v1.records.xml", "Tests/RecordKitGeneratorTests/Fixtures/Cards.v2.records.xml"]

    @Test func everyShippedSchemaHasReferenceOutput() throws {
        let schemas = RepositorySchemas.shipped() + [Self.coverage] + Self.cards
        #expect(schemas.contains("Schemas/Notes.records.xml"))
        let stems = schemas.map(RecordGenOutputFileNames.schemaStem)
        #expect(Set(stems).count == stems.count, "reference folders are named by schema stem, so stems must differ")
        var problems: [String] = []
        for (path, stem) in zip(schemas, stems) {
            let files = try GeneratorPipeline().generate([try RepositorySchemas.input(path)])
            problems += try ReferenceFolder.differences(files, folder: Self.reference.appendingPathComponent(stem))
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// What GeneratedCodeMainActorTests compiles: internal access, one file per schema.
    @Test func internalFilePerSchemaReference() throws {
        let inputs = try ["Schemas/Notes.records.xml", "Schemas/Examples/Evolution/Tasks.v2.records.xml"].map(RepositorySchemas.input)
        let files = try GeneratorPipeline(access: .internal, layout: .filePerSchema).generate(inputs)
        #expect(files.map(\.name) == ["Notes.swift", "Tasks.v2.swift"])
        let problems = try ReferenceFolder.differences(files, folder: Self.reference.appendingPathComponent("Internal"))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The consumer targets hold no copies of generated code, only symlinks to reference folders.
    @Test(arguments: [
        ("Tests/GeneratedCodeConsumerTests/Generated", ["Coverage", "Showcase", "Tasks.v1"]),
        ("Tests/GeneratedCodeMainActorTests", ["Generated"]),
        ("Tests/CardsV1/Generated", ["Cards.v1"]),
        ("Tests/CardsV2/Generated", ["Cards.v2"]),
    ])
    func consumerTargetsCompileTheReferenceFolders(folder: String, links: [String]) throws {
        let url = ReferenceFolder.repositoryRoot.appendingPathComponent(folder)
        for link in links {
            let destination = try FileManager.default.destinationOfSymbolicLink(atPath: url.appendingPathComponent(link).path)
            let resolved = url.appendingPathComponent(destination).standardizedFileURL.path
            #expect(resolved.hasPrefix(Self.reference.standardizedFileURL.path + "/"), "\(folder)/\(link) -> \(destination)")
        }
        if folder.hasSuffix("Generated") {
            let entries = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            #expect(entries == links, "only symlinks in \(folder)")
        }
    }
}
