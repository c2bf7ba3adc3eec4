import Foundation
import RecordKit
import Testing

/// The Swift habits (Identifiable, Codable, CaseIterable, zone constants, typed references) in a module whose
/// default isolation is the main actor: the internal goldens compile without warnings and work off the main actor.
@Suite struct SwiftHabitsMainActorTests {
    static func task(in list: TaskList) -> Task {
        Task(
            recordID: RecordID(recordName: "task-1", zoneID: Task.zoneID), title: "Buy milk", due: nil,
            modified: Date(timeIntervalSince1970: 9), tags: ["shop"], priority: .high, list: RecordReference(list))
    }

    @Test func aTypedReferenceIsWrittenWithTheSchemasActionAsAPlainReference() throws {
        let errands = TaskList(name: "Errands")
        let task = Self.task(in: errands)
        #expect(task.list?.action == nil, "the model holds the reference as made; the writers add the schema's action")
        #expect(task.record().fields["list"] == .reference(Reference(recordID: errands.id, action: .deleteSelf)))
        #expect(try Task(record: task.record()) == task)
    }

    @Test func modelsEncodeAndDecodeOffTheMainActor() async throws {
        let errands = TaskList(name: "Errands")
        let task = Self.task(in: errands)
        let data = try await _Concurrency.Task.detached { try JSONEncoder().encode(task) }.value
        let decoded = try await _Concurrency.Task.detached { try JSONDecoder().decode(Task.self, from: data) }.value
        #expect(decoded == task)
        #expect(try JSONDecoder().decode(Note.self, from: JSONEncoder().encode(Note(text: Asset(fileURL: URL(fileURLWithPath: "/tmp/n")), modified: Date(timeIntervalSince1970: 1)))).text.fileURL?.path == "/tmp/n")
    }

    @Test func zonesIdentitiesAndCases() {
        #expect(Note.zoneID == RecordZoneID(zoneName: "note-zone"))
        #expect(TaskList.zoneID == RecordZoneID(zoneName: "tasks"))
        let lists = [TaskList(name: "a"), TaskList(name: "b")]
        #expect(Set(lists.map(\.id)).count == 2)
        #expect(lists.allSatisfy { $0.id.zoneID == TaskList.zoneID })
        #expect(Priority.allCases == [.low, .normal, .high])
    }
}
