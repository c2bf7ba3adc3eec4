import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The merge rules an app chooses in its schema: `deleteConflict` (an unsent edit against a deletion already on
/// the server) and the clock the store stamps (`stamp="store"`, the default).
@Suite struct MergeRuleTests {
    static func id(_ name: String) -> RecordID { RecordID(recordName: name, zoneID: Task.zoneID) }

    /// `TaskList` says `deleteConflict="deleteWins"`: the rename made offline is discarded, reported whole, and
    /// the list stays deleted everywhere.
    @Test func deleteWinsDiscardsTheUnsentEditAndReportsIt() async throws {
        let harness = try SyncLossTests.taskHarness()
        let (a, b) = (harness[0], harness[1])
        try a.store.save(TaskList(recordID: Self.id("l"), name: "groceries"))
        try await harness.settle()
        try b.store.delete(TaskList.self, id: Self.id("l"))
        try await b.sync()
        var renamed = try #require(try a.store.fetch(TaskList.self, id: Self.id("l")))
        renamed.name = "shopping"
        try a.store.save(renamed)
        try await a.sync()
        #expect(try a.store.storedState(of: Self.id("l")) == nil)
        let discarded = a.events.events.compactMap { if case let .editDiscarded(local) = $0 { local } else { nil } }
        #expect(try discarded.map { try TaskList(record: $0).name } == ["shopping"])
        try await harness.settle()
        #expect(await harness.simulator.serverRecord(Self.id("l")) == nil)
        #expect(try await harness.divergences().isEmpty)
    }

    /// `Task` keeps the default, `editWins`: the edit creates the record again on every device.
    @Test func editWinsCreatesTheRecordAgain() async throws {
        let harness = try SyncLossTests.taskHarness()
        let (a, b) = (harness[0], harness[1])
        try a.store.save(SyncLossTests.task("t", title: "orig", modified: 1))
        try await harness.settle()
        try b.store.delete(Task.self, id: Self.id("t"))
        try await b.sync()
        try SyncLossTests.edit(a, "t") { $0.title = "kept"; $0.modified = Date(timeIntervalSince1970: 2) }
        try await harness.settle()
        #expect(try b.store.fetch(Task.self, id: Self.id("t"))?.title == "kept")
        #expect(try await harness.divergences().isEmpty)
    }

    /// An unsent local deletion that meets an edit already on the server wins, whatever the rule: the deletion
    /// is sent and the record is gone everywhere.
    @Test func aLocalDeleteWinsOverAServerEdit() async throws {
        let harness = try SyncLossTests.taskHarness()
        let (a, b) = (harness[0], harness[1])
        try a.store.save(SyncLossTests.task("t", title: "orig", modified: 1))
        try await harness.settle()
        try a.store.delete(Task.self, id: Self.id("t"))
        try SyncLossTests.edit(b, "t") { $0.title = "edited"; $0.modified = Date(timeIntervalSince1970: 5) }
        try await b.sync()
        try await harness.settle()
        #expect(await harness.simulator.serverRecord(Self.id("t")) == nil)
        #expect(try await harness.divergences().isEmpty)
    }

    /// A device whose clock is slow edits after it fetched a later edit: the store stamps its edit past the
    /// server copy's clock, so the later edit wins.
    @Test func aDeviceWithASlowClockWinsWithALaterEdit() async throws {
        let harness = try SyncLossTests.taskHarness()
        let (a, b) = (harness[0], harness[1])
        try a.store.save(SyncLossTests.task("t", title: "orig", modified: 100))
        try await harness.settle()
        try SyncLossTests.edit(b, "t") { $0.title = "from B"; $0.modified = Date(timeIntervalSince1970: 200) }
        try await b.sync()
        try await a.sync()
        // A's wall clock says 50; its edit comes after B's.
        try SyncLossTests.edit(a, "t") { $0.title = "from A, later"; $0.modified = Date(timeIntervalSince1970: 50) }
        try SyncLossTests.edit(b, "t") { $0.notes = "B again" }
        try await b.sync()
        try await harness.settle()
        let server = try await SyncLossTests.serverTask(harness, "t")
        #expect(server.title == "from A, later")
        #expect(server.modified > Date(timeIntervalSince1970: 200))
        #expect(try await harness.divergences().isEmpty)
    }

    /// The store's clock is the device's virtual wall clock: an edit that forgets its clock is stamped with it,
    /// never with the machine's time.
    @Test func theHarnessStampsWithVirtualTime() async throws {
        let harness = try SyncLossTests.taskHarness(devices: 1)
        let a = harness[0]
        a.clock.advance(by: 7_000)
        try a.store.save(SyncLossTests.task("t", title: "no clock set", modified: 0))
        #expect(try a.store.fetch(Task.self, id: Self.id("t"))?.modified == Date(timeIntervalSince1970: 7_000))
    }
}
