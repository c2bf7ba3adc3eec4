import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Change feeds: https://developer.apple.com/documentation/cloudkit/ckfetchrecordzonechangesoperation and
/// https://developer.apple.com/documentation/cloudkit/ckfetchdatabasechangesoperation
@Suite struct SimulatorChangeFeedTests {
    /// Fetches every page from `token`, returning the pages.
    func fetchAll(_ simulator: CloudKitSimulator, from token: ServerChangeToken?, limit: Int? = nil) async throws -> [ZoneChangesPage] {
        var pages: [ZoneChangesPage] = []
        var token = token
        repeat {
            let page = try await simulator.fetchZoneChanges(Fixtures.zone, since: token, resultsLimit: limit)
            pages.append(page)
            token = page.token
        } while pages.last?.moreComing == true && pages.count < 1000
        return pages
    }

    @Test func pagesCarryMoreComingAndEveryRecordOnce() async throws {
        let simulator = try await simulatorWithNoteZone()
        await simulator.setChangesPageSize(4)
        _ = try await save((0..<10).map { Fixtures.noteRecord(String(format: "n%02d", $0)) }, to: simulator)
        let pages = try await fetchAll(simulator, from: nil)
        #expect(pages.map(\.changed.count) == [4, 4, 2])
        #expect(pages.map(\.moreComing) == [true, true, false])
        #expect(pages.flatMap(\.changed).map(\.id.recordName).sorted() == (0..<10).map { String(format: "n%02d", $0) })
        let none = try await simulator.fetchZoneChanges(Fixtures.zone, since: pages.last?.token)
        #expect(none.changed.isEmpty && none.deleted.isEmpty && !none.moreComing)
        let limited = try await fetchAll(simulator, from: nil, limit: 3)
        #expect(limited.count == 4)
    }

    @Test func aTokenYieldsOnlyLaterChangesWithDeletionsAndLatestValues() async throws {
        let simulator = try await simulatorWithNoteZone()
        let saved = try await save([Fixtures.noteRecord("a"), Fixtures.noteRecord("b"), Fixtures.noteRecord("c")], to: simulator)
        let token = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil).token
        var edited = saved[0]
        edited["title"] = .string("first edit")
        edited = try await save([edited], to: simulator)[0]
        edited["title"] = .string("second edit")
        _ = try await save([edited], to: simulator)
        try await simulator.modifyRecords(ModifyRecordsRequest(deletes: [saved[1].id])).throwingPartialFailure()
        let page = try await simulator.fetchZoneChanges(Fixtures.zone, since: token)
        #expect(page.changed.map(\.id.recordName) == ["a"])
        #expect(page.changed.first?["title"] == .string("second edit"))
        #expect(page.deleted == [RecordDeletion(id: saved[1].id, recordType: "Note")])
        let fromScratch = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil)
        #expect(fromScratch.deleted.isEmpty)
        #expect(fromScratch.changed.map(\.id.recordName).sorted() == ["a", "c"])
    }

    @Test func expiredTokensAreChangeTokenExpiredAndAFetchFromNoTokenWorks() async throws {
        let simulator = try await simulatorWithNoteZone()
        _ = try await save([Fixtures.noteRecord("a")], to: simulator)
        let token = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil).token
        let databaseToken = try await simulator.fetchDatabaseChanges(since: nil).token
        await simulator.serverExpireChangeTokens()
        await #expect(throws: CloudError.changeTokenExpired(Fixtures.zone)) {
            _ = try await simulator.fetchZoneChanges(Fixtures.zone, since: token)
        }
        await #expect(throws: CloudError.changeTokenExpired(nil)) {
            _ = try await simulator.fetchDatabaseChanges(since: databaseToken)
        }
        let fresh = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil)
        #expect(fresh.changed.map(\.id.recordName) == ["a"])
        _ = try await simulator.fetchZoneChanges(Fixtures.zone, since: fresh.token)
    }

    @Test func aRecreatedZoneExpiresItsOldTokens() async throws {
        let simulator = try await simulatorWithNoteZone()
        let token = try await simulator.fetchZoneChanges(Fixtures.zone, since: nil).token
        _ = try await simulator.deleteZones([Fixtures.zone])
        _ = try await simulator.saveZones([Fixtures.zone])
        await #expect(throws: CloudError.changeTokenExpired(Fixtures.zone)) {
            _ = try await simulator.fetchZoneChanges(Fixtures.zone, since: token)
        }
    }

    @Test func aForeignTokenIsInvalidArguments() async throws {
        let simulator = try await simulatorWithNoteZone()
        await #expect(throws: CloudError.self) {
            _ = try await simulator.fetchZoneChanges(Fixtures.zone, since: ServerChangeToken(data: Data([1, 2, 3])))
        }
    }

    @Test func onlyCustomZonesOfPrivateAndSharedDatabasesHaveFeeds() async throws {
        let simulator = try await simulatorWithNoteZone()
        await #expect(throws: CloudError.self) { _ = try await simulator.fetchZoneChanges(.default, since: nil) }
        let publicDatabase = CloudKitSimulator(scope: .public, seed: 1)
        await #expect(throws: CloudError.self) { _ = try await publicDatabase.fetchZoneChanges(.default, since: nil) }
        await #expect(throws: CloudError.self) { _ = try await publicDatabase.fetchDatabaseChanges(since: nil) }
    }

    @Test func theDatabaseFeedListsChangedAndDeletedZonesInPages() async throws {
        let simulator = CloudKitSimulator(seed: 3)
        await simulator.setChangesPageSize(2)
        let zoneIDs = (0..<5).map { RecordZoneID(zoneName: "z\($0)") }
        _ = try await simulator.saveZones(zoneIDs)
        var token: ServerChangeToken?
        var seen: [RecordZoneID] = []
        var pages = 0
        repeat {
            let page = try await simulator.fetchDatabaseChanges(since: token)
            seen += page.changedZones
            token = page.token
            pages += 1
            if !page.moreComing { break }
        } while pages < 100
        #expect(seen == zoneIDs)
        #expect(pages == 3)
        _ = try await save([Fixtures.noteRecord("a", zone: zoneIDs[1])], to: simulator)
        _ = try await simulator.deleteZones([zoneIDs[3]])
        let page = try await simulator.fetchDatabaseChanges(since: token)
        #expect(page.changedZones == [zoneIDs[1]])
        #expect(page.deletedZones == [ZoneDeletion(zoneID: zoneIDs[3], reason: .deleted)])
        #expect(!page.moreComing)
        let quiet = try await simulator.fetchDatabaseChanges(since: page.token)
        #expect(quiet.changedZones.isEmpty && quiet.deletedZones.isEmpty)
    }
}
