import Foundation
import RecordKit
import Testing

/// This target's default isolation is the main actor; the generated code in `Generated/` must compile here
/// without warnings and stay usable from any isolation domain.
@Suite struct MainActorCompileTests {
    @Test func generatedModelsWorkOffTheMainActor() async throws {
        let note = Note(text: Asset(fileURL: URL(fileURLWithPath: "/tmp/note.txt")), modified: Date(timeIntervalSince1970: 1), uuid: UUID())
        let record = await Task.detached { note.record() }.value
        let decoded = try await Task.detached { try Note(record: record) }.value
        #expect(decoded == note)
        #expect(Status(rawValue: "published") == .published)
    }
}
