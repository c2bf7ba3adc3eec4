import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// `RecordStore.transaction(_:)` through the sync engine and the CloudKit simulator: a list and its tasks saved and
/// an old task deleted in one transaction go to the server in the next send, and reach the other device; a failed
/// transaction sends nothing.
@Suite struct StoreTransactionSyncTests {
    static func id(_ name: String) -> RecordID { RecordID(recordName: name, zoneID: Task.zoneID) }

    static func task(_ name: String, list: String) -> Task {
        Task(recordID: id(name), title: name, modified: Date(timeIntervalSince1970: 10), list: RecordReference(id(list)))
    }

    @Test func aTransactionAcrossTypesGoesInTheNextSendAndReachesTheOtherDevice() async throws {
        let harness = try SyncLossTests.taskHarness()
        let (phone, laptop) = (harness[0], harness[1])
        try phone.store.save(SyncLossTests.task("old", title: "old", modified: 1))
        try await harness.settle()
        let sendsBefore = phone.events.sentBatches.count

        try phone.store.transaction { edits in
            edits.save(TaskList(recordID: Self.id("groceries"), name: "groceries"))
            edits.save(contentsOf: ["milk", "eggs", "bread"].map { Self.task($0, list: "groceries") })
            edits.delete(Task.self, id: Self.id("old"))
        }
        try await phone.sync()
        let sends = phone.events.sentBatches.dropFirst(sendsBefore)
        #expect(sends.count == 1, "one request")
        #expect(Set(sends.first ?? []) == Set(["groceries", "milk", "eggs", "bread", "old"].map(Self.id)))
        #expect(try phone.store.pendingCount() == 0)
        #expect(await harness.simulator.serverRecord(Self.id("old")) == nil)
        #expect(await harness.simulator.serverRecord(Self.id("groceries")) != nil)

        try await harness.settle()
        let tasks = try laptop.store.fetchAll(Task.self).models
        #expect(tasks.map(\.title).sorted() == ["bread", "eggs", "milk"])
        #expect(tasks.allSatisfy { $0.list?.recordID == Self.id("groceries") })
        #expect(try laptop.store.fetch(TaskList.self, id: Self.id("groceries"))?.name == "groceries")
        #expect(try await harness.divergences().isEmpty)
    }

    @Test func aFailedTransactionSendsNothing() async throws {
        struct AppError: Error {}
        let harness = try SyncLossTests.taskHarness()
        let phone = harness[0]
        try phone.store.save(SyncLossTests.task("old", title: "old", modified: 1))
        try await harness.settle()
        let sendsBefore = phone.events.sentBatches.count

        #expect(throws: RecordStoreError.typeMismatch(Self.id("old"), stored: "Task", requested: "TaskList")) {
            try phone.store.transaction { edits in
                edits.save(Self.task("milk", list: "groceries"))
                edits.save(TaskList(recordID: Self.id("old"), name: "not a list"))
            }
        }
        #expect(throws: AppError.self) {
            try phone.store.transaction { edits in
                edits.delete(Task.self, id: Self.id("old"))
                throw AppError()
            }
        }
        try await phone.sync()
        #expect(phone.events.sentBatches.count == sendsBefore, "nothing to send")
        #expect(await harness.simulator.serverRecord(Self.id("old")) != nil)
        #expect(await harness.simulator.serverRecord(Self.id("milk")) == nil)
        #expect(try await harness.divergences().isEmpty)
    }
}
