import Foundation
import Testing
import RecordKitGenerator

/// The generated code the consumer targets compile is committed; these tests keep it equal to what the
/// generator writes today, so it cannot go stale. Re-record with
/// `RECORDGEN_RECORD_REFERENCE=1 swift test --filter ConsumerSourcesTests`.
///
/// The shipped schemas declare some types twice (`Note` in Notes and Showcase, `Task` in both Tasks versions),
/// so they are split over two modules: Showcase, Tasks version 1 and the Coverage fixture in
/// GeneratedCodeConsumerTests (public, a file per type); Notes and Tasks version 2 in GeneratedCodeMainActorTests
/// (internal, a file per schema, main actor).
@Suite struct ConsumerSourcesTests {
    @Test func consumerSourcesAreFresh() throws {
        let inputs = try [
            "Schemas/Examples/Showcase.records.xml",
            "Schemas/Examples/Evolution/Tasks.v1.records.xml",
            "Tests/RecordKitGeneratorTests/Fixtures/Coverage.records.xml",
        ].map(RepositorySchemas.input)
        let files = try GeneratorPipeline(access: .public).generate(inputs)
        let folder = ReferenceFolder.repositoryRoot.appendingPathComponent("Tests/GeneratedCodeConsumerTests/Generated")
        let problems = try ReferenceFolder.differences(files, folder: folder)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func mainActorSourcesAreFresh() throws {
        let inputs = try ["Schemas/Notes.records.xml", "Schemas/Examples/Evolution/Tasks.v2.records.xml"].map(RepositorySchemas.input)
        let files = try GeneratorPipeline(access: .internal, layout: .filePerSchema).generate(inputs)
        let folder = ReferenceFolder.repositoryRoot.appendingPathComponent("Tests/GeneratedCodeMainActorTests/Generated")
        let problems = try ReferenceFolder.differences(files, folder: folder)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
