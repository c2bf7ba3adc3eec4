import Foundation
import RecordKit
import Testing

/// Tasks version 2 (Schemas/Examples/Evolution/Tasks.v2.records.xml) reading what version 1 wrote.
@Suite struct TasksEvolutionTests {
    @Test func fieldsAddedInVersion2AreDefaultedInVersion1Records() throws {
        let record = Record(
            recordType: "Task", id: RecordID(recordName: "task-1", zoneID: RecordZoneID(zoneName: "tasks")),
            fields: [
                "version": .int64(1), "title": .string("Buy milk"), "done": .int64(1),
                "modified": .timestamp(Date(timeIntervalSince1970: 9)), "color": .string("red"),
            ])
        let task = try Task(record: record)
        #expect(task.notes == "")
        #expect(task.tags == [])
        #expect(task.priority == .normal)
        #expect(task.list == nil)
        #expect(task.done)
        let written = task.record()
        #expect(written.fields["version"] == .int64(2))
        #expect(written.fields["color"] == .string("red"), "the retired colour is kept")
        #expect(written.fields["priority"] == .int64(1))
    }
}

/// This target's default isolation is the main actor: generated models must still cross isolation domains.
@Suite struct MainActorIsolationTests {
    @Test func generatedModelsWorkOffTheMainActor() async throws {
        let list = TaskList(name: "Errands")
        let record = await _Concurrency.Task.detached { list.record() }.value
        let decoded = try await _Concurrency.Task.detached { try TaskList(record: record) }.value
        #expect(decoded == list)
        #expect(Priority(rawValue: 2) == .high)
    }
}
