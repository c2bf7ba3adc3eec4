import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The seven sync losses of issue 23, each found from outside through the public API: a field edit lost after
/// a refetch from no token (zone created by the device, token expired), a newer record overwritten by an old
/// app, a record too big blocking the queue, a zone deleted while the tokens expired, a fetched record the
/// store cannot keep stopping the feed, and records of different types merged under one ID.
@Suite struct SyncLossTests {
    /// A task edited at `modified` seconds.
    static func task(_ name: String, title: String, notes: String = "", modified: TimeInterval) -> Task {
        Task(
            recordID: RecordID(recordName: name, zoneID: Task.zoneID), title: title, modified: Date(timeIntervalSince1970: modified),
            notes: notes)
    }

    /// Two task-app devices.
    static func taskHarness(devices: Int = 2, configure: (inout SyncConfiguration) -> Void = { _ in }) throws -> SyncHarness {
        try SyncHarness(devices: devices, models: [Task.self, TaskList.self], zones: [Task.zoneID], seed: 23, configure: configure)
    }

    /// Edits a stored task as the app does: read it, change it, save it.
    static func edit(_ device: SimulatedDevice, _ name: String, _ change: (inout Task) -> Void) throws {
        var task = try #require(try device.store.fetch(Task.self, id: RecordID(recordName: name, zoneID: Task.zoneID)))
        change(&task)
        try device.store.save(task)
    }

    static func serverTask(_ harness: SyncHarness, _ name: String) async throws -> Task {
        let record = try #require(await harness.simulator.serverRecord(RecordID(recordName: name, zoneID: Task.zoneID)))
        return try Task(record: record)
    }

    // MARK: 1, 2: no merge without its ancestor

    /// Case 1: device A creates the zone (its first fetch finds none and stores no token), so its next sync
    /// fetches from no token; the fields only A changed must survive B's later edit of another field.
    @Test func theDeviceThatCreatesTheZoneKeepsItsFieldEdit() async throws {
        let harness = try Self.taskHarness()
        let (a, b) = (harness[0], harness[1])
        try a.store.save(Self.task("x", title: "orig", modified: 1))
        try await a.sync()
        #expect(try a.store.zone(Task.zoneID)?.token == nil, "the zone was created by the send, after the fetch")
        try await b.sync()
        try Self.edit(a, "x") { $0.title = "from A"; $0.modified = Date(timeIntervalSince1970: 2) }
        try Self.edit(b, "x") { $0.notes = "from B"; $0.modified = Date(timeIntervalSince1970: 3) }
        try await b.sync()
        try await a.sync()
        let server = try await Self.serverTask(harness, "x")
        #expect(server.title == "from A")
        #expect(server.notes == "from B")
        #expect(server.modified == Date(timeIntervalSince1970: 3))
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
    }

    /// Case 1, second half: the synced rows stay while a refetch from no token fails.
    @Test func aRefetchThatFailsKeepsTheSyncedRecords() async throws {
        let harness = try Self.taskHarness(devices: 1) { $0.maxTransientRetries = 0 }
        let a = harness[0]
        try a.store.save(Self.task("x", title: "orig", modified: 1))
        try a.store.save(Self.task("y", title: "orig", modified: 1))
        try await a.sync()
        #expect(try a.store.zone(Task.zoneID)?.token == nil)
        await harness.simulator.injectFault(.serviceUnavailable(retryAfter: 1), on: [.fetchZoneChanges])
        await #expect(throws: SyncError.cloud(.serviceUnavailable(retryAfter: 1))) { try await a.sync() }
        #expect(try a.store.fetchAll(Task.self).models.map(\.recordID.recordName).sorted() == ["x", "y"])
        #expect(try a.store.storedState(of: RecordID(recordName: "x", zoneID: Task.zoneID))?.server != nil, "the ancestor stays")
    }

    /// Case 2: the same loss after the change token expired.
    @Test func anExpiredTokenKeepsTheFieldOnlyThisDeviceChanged() async throws {
        let harness = try Self.taskHarness()
        let (a, b) = (harness[0], harness[1])
        try a.store.save(Self.task("x", title: "orig", modified: 1))
        try await harness.settle()
        #expect(try a.store.zone(Task.zoneID)?.token != nil)
        try Self.edit(a, "x") { $0.title = "from A"; $0.modified = Date(timeIntervalSince1970: 2) }
        try Self.edit(b, "x") { $0.notes = "from B"; $0.modified = Date(timeIntervalSince1970: 3) }
        try await b.sync()
        await harness.simulator.serverExpireChangeTokens()
        try await a.sync()
        let server = try await Self.serverTask(harness, "x")
        #expect(server.title == "from A")
        #expect(server.notes == "from B")
        try await harness.settle()
        #expect(try await harness.divergences().isEmpty)
    }

    /// A refetch from no token removes, at its end, the synced records the server no longer lists (a deletion
    /// the expired feed cannot report), and keeps a pending edit's record to create it again.
    @Test func aRefetchRemovesAtItsEndWhatTheServerNoLongerHolds() async throws {
        let harness = try Self.taskHarness()
        let (a, b) = (harness[0], harness[1])
        try a.store.save(contentsOf: ["x", "y", "z"].map { Self.task($0, title: "orig", modified: 1) })
        try await harness.settle()
        await harness.simulator.setChangesPageSize(1)
        try b.store.delete(Task.self, ids: ["x", "y"].map { RecordID(recordName: $0, zoneID: Task.zoneID) })
        try await b.sync()
        try Self.edit(a, "y") { $0.title = "kept by A"; $0.modified = Date(timeIntervalSince1970: 2) }
        await harness.simulator.serverExpireChangeTokens()
        try await a.engine.fetchChanges()
        #expect(try a.store.fetchAll(Task.self).models.map(\.recordID.recordName).sorted() == ["y", "z"])
        try await harness.settle()
        #expect(try await Self.serverTask(harness, "y").title == "kept by A")
        #expect(try await harness.divergences().isEmpty)
    }

    // MARK: 3: last-writer-wins across app versions

    /// Case 3: an app at version 1 that refuses newer records edits offline; a version-2 device writes later; the
    /// old device's sync keeps the newer edit and its unknown field.
    @Test func anOldAppKeepsANewerLaterEdit() async throws {
        let harness = try noteHarness(devices: 1)
        let old = harness[0]
        try old.store.save(Fixtures.note("x", text: "orig", modified: 1))
        try await old.sync()
        var edited = try #require(try old.store.fetch(Note.self, id: Fixtures.id("x")))
        edited.text = Fixtures.text("old edit")
        edited.modified = Date(timeIntervalSince1970: 2)
        try old.store.save(edited)
        // A version-2 device: a new text, a field version 1 does not know, later.
        var newer = try #require(await harness.simulator.serverRecord(Fixtures.id("x")))
        newer["version"] = .int64(2)
        newer["text"] = .asset(Fixtures.text("new edit"))
        newer["title"] = .string("v2 title")
        newer["modified"] = .timestamp(Date(timeIntervalSince1970: 3))
        try await harness.simulator.serverSave([newer])
        try await old.sync()
        let server = try #require(await harness.simulator.serverRecord(Fixtures.id("x")))
        #expect(Fixtures.textOf(server["text"]) == "new edit")
        #expect(server["modified"] == .timestamp(Date(timeIntervalSince1970: 3)))
        #expect(server["title"] == .string("v2 title"))
        #expect(server["version"] == .int64(2))
        #expect(try old.store.pendingCount() == 0)
    }

    /// Case 3, the other way: the old app's edit is the later one; it wins the fields it knows and keeps the
    /// newer record's unknown field and version.
    @Test func anOldAppsLaterEditWinsAndKeepsTheUnknownField() async throws {
        let harness = try noteHarness(devices: 1)
        let old = harness[0]
        try old.store.save(Fixtures.note("x", text: "orig", modified: 1))
        try await old.sync()
        var edited = try #require(try old.store.fetch(Note.self, id: Fixtures.id("x")))
        edited.text = Fixtures.text("old edit")
        edited.modified = Date(timeIntervalSince1970: 5)
        try old.store.save(edited)
        var newer = try #require(await harness.simulator.serverRecord(Fixtures.id("x")))
        newer["version"] = .int64(2)
        newer["text"] = .asset(Fixtures.text("new edit"))
        newer["title"] = .string("v2 title")
        newer["modified"] = .timestamp(Date(timeIntervalSince1970: 3))
        try await harness.simulator.serverSave([newer])
        try await old.sync()
        let server = try #require(await harness.simulator.serverRecord(Fixtures.id("x")))
        #expect(Fixtures.textOf(server["text"]) == "old edit")
        #expect(server["modified"] == .timestamp(Date(timeIntervalSince1970: 5)))
        #expect(server["title"] == .string("v2 title"))
        #expect(server["version"] == .int64(2))
    }

    // MARK: 4: a record the server always refuses

    /// Case 4: a record over the request limit is parked and reported; the note behind it is sent; an edit
    /// that makes it fit sends it.
    @Test func aRecordTooBigIsParkedAndWhatFollowsIsSent() async throws {
        let harness = try Self.taskHarness(devices: 1)
        let a = harness[0]
        try a.store.save(Self.task("big", title: String(repeating: "x", count: 2_200_000), modified: 1))
        try a.store.save(Self.task("small", title: "small", modified: 1))
        try await a.sync()
        #expect(await harness.simulator.serverRecord(RecordID(recordName: "small", zoneID: Task.zoneID)) != nil)
        #expect(await harness.simulator.serverRecord(RecordID(recordName: "big", zoneID: Task.zoneID)) == nil)
        let big = RecordID(recordName: "big", zoneID: Task.zoneID)
        let parkedEvents = a.events.events.compactMap { if case let .parked(id, error) = $0 { (id, error) } else { nil } }
        #expect(parkedEvents.map(\.0) == [big])
        guard case .limitExceeded(itemCount: 1, _)? = parkedEvents.first?.1 else {
            Issue.record("parked for \(String(describing: parkedEvents.first?.1)), not a one-item limitExceeded")
            return
        }
        #expect(try a.store.parkedRecords().map(\.id) == [big])
        // Parked, it is not tried again until edited: the next sync sends nothing and fails nothing.
        a.events.removeAll()
        try await a.sync()
        #expect(a.events.sentBatches.isEmpty && a.events.failures.isEmpty)
        try Self.edit(a, "big") { $0.title = "fits now"; $0.modified = Date(timeIntervalSince1970: 2) }
        try await a.sync()
        #expect(try await Self.serverTask(harness, "big").title == "fits now")
        #expect(try a.store.pendingCount() == 0)
        #expect(try a.store.parkedRecords().isEmpty)
    }

    // MARK: 5: a zone deleted while the tokens expired

    /// Case 5: another device's app deletes the zone, the tokens expire: a database fetch from no token lists
    /// the zones that exist, so the devices learn the zone is gone and drop its records.
    @Test func aZoneDeletedWhileTheTokensExpiredIsDeletedOnEveryDevice() async throws {
        let harness = try Self.taskHarness()
        try harness[0].store.save(contentsOf: ["x", "y"].map { Self.task($0, title: "t", modified: 1) })
        try await harness.settle()
        #expect(try harness[1].store.fetchAll(Task.self).models.count == 2)
        _ = try await harness.simulator.deleteZones([Task.zoneID])
        await harness.simulator.serverExpireChangeTokens()
        try await harness.settle()
        #expect(await harness.simulator.serverRecords().isEmpty)
        for device in harness.devices {
            #expect(try device.store.fetchAll(Task.self).models.isEmpty, "\(device.name)")
        }
        #expect(try await harness.divergences().isEmpty)
        for device in harness.devices {
            #expect(device.events.events.contains(.zoneReset(Task.zoneID, reason: .deleted)), "\(device.name)")
        }
    }

    // MARK: 6: a fetched record the store cannot keep

    /// Case 6: a record whose name holds a NUL arrives in a page: it is skipped and reported, the token
    /// advances, and later records arrive.
    @Test func aFetchedRecordTheStoreCannotKeepIsSkipped() async throws {
        let harness = try Self.taskHarness(devices: 1)
        let a = harness[0]
        _ = try await harness.simulator.saveZones([Task.zoneID])
        try await harness.simulator.serverSave([
            Self.task("bad\u{0}name", title: "bad", modified: 1).record(), Self.task("good", title: "good", modified: 1).record(),
        ])
        try await a.sync()
        #expect(try a.store.fetch(Task.self, id: RecordID(recordName: "good", zoneID: Task.zoneID))?.title == "good")
        let bad = RecordID(recordName: "bad\u{0}name", zoneID: Task.zoneID)
        #expect(a.events.events.contains(.skipped(bad, .unstorableName(bad.recordName, what: "record name"))))
        let token = try #require(try a.store.zone(Task.zoneID)?.token)
        try await harness.simulator.serverSave([Self.task("later", title: "later", modified: 2).record()])
        try await a.sync()
        #expect(try a.store.fetch(Task.self, id: RecordID(recordName: "later", zoneID: Task.zoneID)) != nil)
        #expect(try a.store.zone(Task.zoneID)?.token != token)
    }

    // MARK: 7: records of different types never merge

    /// Case 7: a fetched record of another type under a local record's ID wins the ID; the local record is
    /// not merged into it nor sent over it.
    @Test func aFetchedRecordOfAnotherTypeWinsTheIDUnmerged() async throws {
        let harness = try Self.taskHarness(devices: 1)
        let a = harness[0]
        _ = try await harness.simulator.saveZones([Task.zoneID])
        let id = RecordID(recordName: "x", zoneID: Task.zoneID)
        let list = try #require(try await harness.simulator.serverSave([TaskList(recordID: id, name: "a list").record()]).first)
        try a.store.save(Self.task("x", title: "a task", modified: 1))
        try await a.sync()
        let server = try #require(await harness.simulator.serverRecord(id))
        #expect(server.recordType == "TaskList")
        #expect(server.fields == list.fields)
        #expect(try a.store.fetch(TaskList.self, id: id)?.name == "a list")
        #expect(try a.store.pendingCount() == 0)
        // The local task, whole, for the app to keep under a new ID.
        let displaced = a.events.events.compactMap { if case let .displaced(local) = $0 { local } else { nil } }
        #expect(try displaced.map { try Task(record: $0) } == [Self.task("x", title: "a task", modified: 1)])
    }
}
