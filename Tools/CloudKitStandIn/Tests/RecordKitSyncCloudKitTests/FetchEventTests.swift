import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// Fetching, event by event as CKSyncEngine delivers them: willFetchChanges, fetchedDatabaseChanges,
/// willFetchRecordZoneChanges, fetchedRecordZoneChanges, stateUpdate, didFetchRecordZoneChanges,
/// didFetchChanges; the store is checked after each.
@Suite struct FetchEventTests {
    @Test func fetchedChangesAreStoredWithTheStateThatFollowsThem() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("old", text: "t", modified: 1), tag: "t1")
        let zone = CKRecordZone.ID(noteZone)

        await device.send(.willFetchChanges(.init()))
        await device.send(.fetchedDatabaseChanges(.init(modifications: [.init(zoneID: zone)])))
        await device.send(.willFetchRecordZoneChanges(.init(zoneID: zone)))
        await device.send(.fetchedRecordZoneChanges(.init(
            modifications: [.init(record: try Server.record(makeNote("a", text: "from-server", modified: 5), tag: "s1"))],
            deletions: [.init(recordID: ckID("old"), recordType: "Note")])))
        #expect(try device.notes().keys.sorted() == ["old"], "not stored before the state that covers it")
        #expect(try device.storedStateLabel() == "synced-t1")

        await device.stateUpdate("after-fetch")
        #expect(try device.notes().keys.sorted() == ["a"])
        #expect(try device.notes()["a"]?.textName == "from-server")
        #expect(try device.store.storedState(of: RecordID(recordName: "a", zoneID: noteZone))?.server?.system.changeTag == "s1")
        #expect(try device.storedStateLabel() == "after-fetch")
        #expect(try device.store.pendingCount() == 0)

        await device.send(.didFetchRecordZoneChanges(.init(zoneID: zone)))
        await device.send(.didFetchChanges(.init()))
        #expect(device.events.all.contains(.fetched(
            zoneID: noteZone, changed: [RecordID(recordName: "a", zoneID: noteZone)], deleted: [RecordID(recordName: "old", zoneID: noteZone)])))
    }

    /// Crash between the fetched changes and their state: neither is stored, so the engine, started from the
    /// older state, fetches them again.
    @Test func aCrashBeforeTheStateUpdateStoresNeitherTheChangesNorTheState() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        await device.stateUpdate("before")
        await device.send(.fetchedRecordZoneChanges(.init(
            modifications: [.init(record: try Server.record(makeNote("a", text: "t", modified: 5), tag: "s1"))])))
        let relaunched = try device.relaunched()
        #expect(try relaunched.notes().isEmpty)
        #expect(try relaunched.storedStateLabel() == "before")
        #expect(await relaunched.adapter.start().state.initialSerialization?.label == "before")
    }

    /// Without a state update, the next event stores what was fetched (storing ahead of the state is safe).
    @Test func anyOtherEventStoresWhatWasFetchedWithoutAState() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        await device.stateUpdate("before")
        await device.send(.fetchedRecordZoneChanges(.init(
            modifications: [.init(record: try Server.record(makeNote("a", text: "t", modified: 5), tag: "s1"))])))
        await device.send(.didFetchRecordZoneChanges(.init(zoneID: CKRecordZone.ID(noteZone))))
        #expect(try device.notes().keys.sorted() == ["a"])
        #expect(try device.storedStateLabel() == "before")
    }

    /// A server change over a pending edit is merged with the schema's rule against the stored ancestor and stays
    /// pending on the server's change tag (the simulator's "later edit wins" over a fetch).
    @Test func aFetchedChangeOverAPendingEditIsMergedAndSentOnTheServersTag() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        try await synced(device, makeNote("groceries", text: "milk", modified: 100), tag: "t1")
        try await device.adapter.save(makeNote("groceries", text: "milk, bread", modified: 300))
        await device.send(.fetchedRecordZoneChanges(.init(
            modifications: [.init(record: try Server.record(makeNote("groceries", text: "milk, eggs", modified: 200), tag: "t2"))])))
        await device.stateUpdate("s")
        #expect(try device.notes()["groceries"]?.textName == "milk, bread", "the later edit wins")
        let batch = try #require(await device.nextBatch())
        #expect(batch.recordsToSave.map(\.recordChangeTag) == ["t2"])
    }

    /// A record written by a newer app version is stored as it is and reported by the store, not dropped.
    @Test func aNoteWrittenByANewerAppVersionIsStoredAndRefusedByTheModel() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        var newer = makeNote("from-the-future", text: "v2", modified: 50).record()
        newer["version"] = .int64(2)
        newer["title"] = .string("a field version 1 does not know")
        newer.system.changeTag = "s1"
        await device.send(.fetchedRecordZoneChanges(.init(modifications: [.init(record: try newer.ckRecord())])))
        await device.stateUpdate("s")
        let stored = try device.store.fetchAll(Note.self)
        #expect(stored.models.isEmpty)
        guard case .undecodable(_, _, .newerVersion)? = stored.undecodable.first else {
            Issue.record("expected a newerVersion refusal, got \(stored.undecodable)")
            return
        }
        let kept = try #require(try device.store.storedState(of: newer.id)?.local)
        #expect(kept.fields.keys == newer.fields.keys && contents(of: kept["text"]) == contents(of: newer["text"]))
        #expect(kept["title"] == newer["title"] && kept["version"] == newer["version"] && kept["modified"] == newer["modified"])
    }

    @Test func aFetchedRecordTheBridgeCannotReadIsReportedAndTheOthersStored() async throws {
        let device = try Device()
        defer { device.removeFiles() }
        let bad = CKRecord(recordType: "Note", recordID: ckID("bad"))
        bad["text"] = NSNumber(value: UInt64.max)
        await device.send(.fetchedRecordZoneChanges(.init(modifications: [
            .init(record: bad), .init(record: try Server.record(makeNote("good", text: "t", modified: 1), tag: "s1")),
        ])))
        await device.stateUpdate("s")
        #expect(try device.notes().keys.sorted() == ["good"])
        #expect(device.events.all.contains { if case let .undecodable(.undecodable(id, _, _)) = $0 { id.recordName == "bad" } else { false } })
    }
}
