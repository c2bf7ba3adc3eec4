import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// Sending: batches, limits, zones, lost records, atomic zones, partial failures, lost responses.
@Suite struct SyncEngineSendTests {
    @Test func pendingChangesGoInBatchesOfAtMost400() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(contentsOf: (0..<1000).map { Fixtures.note(String(format: "n%04d", $0), text: "t", modified: 1) })
        try await device.sync()
        #expect(device.events.sentBatches.map(\.count) == [400, 400, 200])
        #expect(await harness.simulator.serverRecords().count == 1000)
        #expect(try device.store.pendingCount() == 0)
    }

    @Test func limitExceededHalvesTheBatchAndEverythingIsSent() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        await harness.simulator.setLimits(items: 70)
        try device.store.save(contentsOf: (0..<300).map { Fixtures.note("n\($0)", text: "t", modified: 1) })
        try await device.sync()
        let batches = device.events.sentBatches.map(\.count)
        #expect(batches.allSatisfy { $0 <= 70 })
        #expect(batches.reduce(0, +) == 300)
        #expect(batches.first == 37)  // 300 -> 150 -> 75 -> 37
        #expect(await harness.simulator.serverRecords().count == 300)
    }

    @Test func aMissingZoneIsCreatedAndItsRecordsSentAgain() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        try await device.engine.sendChanges()
        #expect(device.events.events.contains(.zoneCreated(Fixtures.zone)))
        #expect(await harness.simulator.serverRecords().map(\.id.recordName) == ["n1"])
        #expect(try device.store.zone(Fixtures.zone)?.exists == true)
    }

    @Test func aRecordTheServerLostIsSentAgainAsNew() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(Fixtures.note("n1", text: "first", modified: 1))
        try await device.sync()
        let id = Fixtures.id("n1")
        try await harness.simulator.serverModify(ModifyRecordsRequest(deletes: [id])).throwingPartialFailure()
        var edited = try #require(try device.store.fetch(Note.self, id: id))
        edited.text = Fixtures.text("second")
        try device.store.save(edited)
        try await device.engine.sendChanges()  // no fetch: the save meets unknownItem
        let server = try #require(await harness.simulator.serverRecord(id))
        #expect(try Note(record: server).textName == "second")
        #expect(try device.store.pendingCount() == 0)
    }

    @Test func deletesOfRecordsTheServerNoLongerHasAreDone() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        try await device.sync()
        let id = Fixtures.id("n1")
        try await harness.simulator.serverModify(ModifyRecordsRequest(deletes: [id])).throwingPartialFailure()
        try device.store.delete(Note.self, id: id)
        try await device.engine.sendChanges()
        #expect(try device.store.pendingCount() == 0)
        #expect(try device.store.storedState(of: id) == nil)
    }

    @Test func atomicZonesSendAgainWhatBatchRequestFailedHeldBack() async throws {
        let harness = try noteHarness { $0.atomic = true }
        let device = harness[0]
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        try await harness.simulator.serverSave([Fixtures.note("taken", text: "server", modified: 5).record()])
        try device.store.save(contentsOf: [
            Fixtures.note("a", text: "a", modified: 1), Fixtures.note("taken", text: "device", modified: 9), Fixtures.note("b", text: "b", modified: 1),
        ])
        try await device.engine.sendChanges()
        #expect(device.events.merged.map(\.recordName) == ["taken"])
        let server = await harness.simulator.serverRecords()
        #expect(server.map(\.id.recordName) == ["a", "b", "taken"])
        #expect(try Note(record: server[2]).textName == "device")
        // The first request saved nothing: the conflict held back its zone's other items.
        #expect(device.events.sentBatches == [server.map(\.id).sorted()].map { $0 })
        #expect(try device.store.pendingCount() == 0)
    }

    @Test func partialFailuresAreReportedItemByItemAndTheOthersSaved() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        var folder = Record(recordType: "Folder", id: Fixtures.id("clash"))
        folder["name"] = .string("f")
        try await harness.simulator.serverSave([folder])
        try device.store.save(contentsOf: [Fixtures.note("good", text: "g", modified: 1), Fixtures.note("clash", text: "c", modified: 1)])
        try await device.engine.sendChanges()
        #expect(await harness.simulator.serverRecord(Fixtures.id("good")) != nil)
        let failures = device.events.failures
        #expect(failures.map(\.0.recordName) == ["clash"])
        guard case .invalidArguments? = failures.first?.1 else { Issue.record("expected invalidArguments"); return }
        #expect(try device.store.storedState(of: Fixtures.id("clash"))?.pending != nil)
    }

    @Test func aLostResponseIsRetriedWithoutDuplicatesOrLoss() async throws {
        let harness = try noteHarness(devices: 2)
        let (device, other) = (harness[0], harness[1])
        try device.store.save(Fixtures.note("old", text: "v1", modified: 1))
        try device.store.save(Fixtures.note("gone", text: "v1", modified: 1))
        try await device.sync()
        var edited = try #require(try notes(on: device)["old"])
        edited.text = Fixtures.text("v2")
        edited.modified = Date(timeIntervalSince1970: 2)
        try device.store.save(edited)
        try device.store.save(Fixtures.note("new", text: "v1", modified: 2))
        try device.store.delete(Note.self, id: Fixtures.id("gone"))
        await harness.simulator.injectFault(.loseResponse, on: [.modifyRecords])
        try await device.sync()
        #expect(await harness.simulator.injectedFaults.count == 1)
        let server = await harness.simulator.serverRecords()
        #expect(server.map(\.id.recordName) == ["new", "old"])
        #expect(try server.map { try Note(record: $0).textName } == ["v1", "v2"])
        #expect(try device.store.pendingCount() == 0)
        try await harness.settle()
        #expect(try await harness.divergences() == [])
        #expect(try notes(on: other).keys.sorted() == ["new", "old"])
    }

    @Test func anEditMadeDuringASendStaysPending() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        try device.store.save(Fixtures.note("n1", text: "v1", modified: 1))
        let batch = try device.store.nextPendingBatch()
        // Another note holds the same text, so the store keeps the file the batch names after n1's next edit
        // (`SentAssetTests` covers a sent file the edit released).
        try device.store.save(Fixtures.note("n0", text: "v1", modified: 1))
        try device.store.save(Fixtures.note("n1", text: "v2", modified: 2))
        // What the engine does with a response, with the first edit's generation.
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        let saved = try await harness.simulator.serverSave(batch.saves.map(\.record))
        try device.store.markSent([.saved(serverRecord: saved[0], generation: batch.saves[0].generation)])
        #expect(try device.store.pendingCount() == 2, "n1's second edit and n0")
        try await device.sync()
        let server = try #require(await harness.simulator.serverRecord(saved[0].id))
        #expect(try Note(record: server).textName == "v2")
    }
}

/// A response lost after the server committed, and no retry left: the records may be on the server.
@Suite struct SyncEngineLostResponseTests {
    @Test func aNewRecordDeletedAfterItsResponseWasLostIsDeletedOnTheServer() async throws {
        let harness = try noteHarness(devices: 2) { $0.maxTransientRetries = 0 }
        let device = harness[0]
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        try device.store.save(Fixtures.note("n1", text: "t", modified: 1))
        await harness.simulator.injectFault(.loseResponse, on: [.modifyRecords])
        await #expect(throws: SyncError.cloud(.networkFailure)) { try await device.engine.sendChanges() }
        #expect(await harness.simulator.serverRecords().count == 1)
        // The store never saw a server copy, so it drops the record outright; the engine remembers the attempt.
        try device.store.delete(Note.self, id: Fixtures.id("n1"))
        #expect(try device.store.pendingCount() == 0)
        try await harness.settle()
        #expect(await harness.simulator.serverRecords().isEmpty)
        #expect(try await harness.divergences() == [])
        #expect(try notes(on: harness[1]).isEmpty)
    }
}
