import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Zones: zoneNotFound, userDeletedZone, encrypted data reset, and which databases hold custom zones.
@Suite struct SimulatorZoneTests {
    @Test func savingIntoAMissingZoneIsZoneNotFoundUntilTheZoneIsCreated() async throws {
        let simulator = CloudKitSimulator(seed: 1)
        let record = Fixtures.noteRecord("n1")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record)]))
        #expect(result.saves[0].error == .zoneNotFound(Fixtures.zone))
        let zones = try await simulator.saveZones([Fixtures.zone])
        let zone = try zones[0].get()
        #expect(zone.capabilities == [.fetchChanges, .atomic, .sharing])
        _ = try await save([record], to: simulator)
    }

    @Test func deletingAZoneDeletesItsRecords() async throws {
        let simulator = try await simulatorWithNoteZone()
        let saved = try await save([Fixtures.noteRecord("n1")], to: simulator)[0]
        let deleted = try await simulator.deleteZones([Fixtures.zone])
        #expect(try deleted[0].get() == Fixtures.zone)
        #expect(await simulator.serverRecord(saved.id) == nil)
        let fetched = try await simulator.fetchRecords([saved.id])
        #expect(fetched[0].error == .zoneNotFound(Fixtures.zone))
        let again = try await simulator.deleteZones([Fixtures.zone])
        #expect(throws: CloudError.zoneNotFound(Fixtures.zone)) { try again[0].get() }
        let database = try await simulator.fetchDatabaseChanges(since: nil)
        #expect(database.deletedZones.isEmpty && database.changedZones.isEmpty)
    }

    @Test func theDefaultZoneCannotBeCreatedOrDeleted() async throws {
        let simulator = CloudKitSimulator(seed: 1)
        let created = try await simulator.saveZones([.default])
        let deleted = try await simulator.deleteZones([.default])
        #expect(throws: CloudError.self) { try created[0].get() }
        #expect(throws: CloudError.self) { try deleted[0].get() }
    }

    @Test func aZoneTheUserDeletedIsUserDeletedZoneUntilRecreated() async throws {
        let simulator = try await simulatorWithNoteZone()
        let saved = try await save([Fixtures.noteRecord("n1")], to: simulator)[0]
        let before = try await simulator.fetchDatabaseChanges(since: nil)
        await simulator.serverUserDeletesZone(Fixtures.zone)
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("n2"))]))
        #expect(result.saves[0].error == .userDeletedZone(Fixtures.zone))
        await #expect(throws: CloudError.userDeletedZone(Fixtures.zone)) {
            _ = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil)
        }
        let changes = try await simulator.fetchDatabaseChanges(since: before.token)
        #expect(changes.deletedZones == [ZoneDeletion(zoneID: Fixtures.zone, reason: .purged)])
        _ = try await simulator.saveZones([Fixtures.zone])
        #expect(await simulator.serverRecord(saved.id) == nil)
        _ = try await save([Fixtures.noteRecord("n2")], to: simulator)
    }

    @Test func anEncryptedDataResetDeletesEveryCustomZone() async throws {
        let simulator = try await simulatorWithNoteZone()
        let other = RecordZoneID(zoneName: "other")
        _ = try await simulator.saveZones([other])
        _ = try await save([Fixtures.noteRecord("n1"), Fixtures.noteRecord("d1", zone: .default)], to: simulator)
        let before = try await simulator.fetchDatabaseChanges(since: nil)
        await simulator.serverResetEncryptedData()
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("n2"))]))
        #expect(result.saves[0].error == .encryptedDataReset(Fixtures.zone))
        let changes = try await simulator.fetchDatabaseChanges(since: before.token)
        #expect(Set(changes.deletedZones) == [
            ZoneDeletion(zoneID: Fixtures.zone, reason: .encryptedDataReset), ZoneDeletion(zoneID: other, reason: .encryptedDataReset),
        ])
        #expect(await simulator.serverRecords().map(\.id.recordName) == ["d1"])
    }

    @Test func thePublicDatabaseHasOnlyTheDefaultZone() async throws {
        let simulator = CloudKitSimulator(scope: .public, seed: 1)
        let zones = try await simulator.saveZones([Fixtures.zone])
        #expect(throws: CloudError.self) { try zones[0].get() }
        _ = try await save([Fixtures.noteRecord("p1", zone: .default)], to: simulator)
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(Fixtures.noteRecord("p2"))]))
        #expect(result.saves[0].error == .zoneNotFound(Fixtures.zone))
    }

    @Test func sharedZonesAreCreatedByTheirOwners() async throws {
        let simulator = CloudKitSimulator(scope: .shared, seed: 1)
        let shared = RecordZoneID(zoneName: "shared-notes", ownerName: "_otherUser")
        let zones = try await simulator.saveZones([shared])
        #expect(throws: CloudError.self) { try zones[0].get() }
        _ = try await simulator.serverCreateZone(shared).get()
        _ = try await save([Fixtures.noteRecord("s1", zone: shared)], to: simulator)
        let page = try await simulator.fetchZoneChanges(shared, since: nil)
        #expect(page.changed.map(\.id.recordName) == ["s1"])
    }
}
