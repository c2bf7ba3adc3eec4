import Foundation
import Testing
import RecordGen

/// The generated code the consumer targets compile is committed; these tests keep it equal to what the
/// generator writes today, so it cannot go stale.
@Suite struct ConsumerSourcesTests {
    static let inputs = [
        GeneratorInput(schema: SchemaFixtures.notes, displayPath: "Tests/RecordGenTests/SchemaFixtures.swift (notes)"),
        GeneratorInput(schema: SchemaFixtures.coverage, displayPath: "Tests/RecordGenTests/SchemaFixtures.swift (coverage)"),
    ]

    @Test func consumerSourcesAreFresh() throws {
        let files = try SwiftGenerator(access: .public).generate(Self.inputs)
        let folder = ReferenceFolder.repositoryRoot.appendingPathComponent("Tests/RecordGenConsumerTests/Generated")
        let problems = try ReferenceFolder.differences(files, folder: folder)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func mainActorSourcesAreFresh() throws {
        let files = try SwiftGenerator(access: .internal).generate(Self.inputs)
        let folder = ReferenceFolder.repositoryRoot.appendingPathComponent("Tests/RecordGenMainActorTests/Generated")
        let problems = try ReferenceFolder.differences(files, folder: folder)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
