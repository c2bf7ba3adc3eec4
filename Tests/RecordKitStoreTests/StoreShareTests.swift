import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// The shares the store keeps (issue 29): stored from fetched pages in the page's transaction, read by root
/// record, by zone and by ID, observed, and removed with their zone.
@Suite struct StoreShareTests {
    static let folder = Fixtures.id("folder")

    static func hierarchyShare(participants: [ShareParticipant] = [bob(.readOnly)], tag: String = "s1") -> RecordShare {
        var share = RecordShare(
            rootRecordID: folder, shareRecordName: "folder-share", title: "Folder", publicPermission: .none,
            participants: [owner] + participants, system: SystemFields(changeTag: tag))
        share.url = URL(string: "https://www.icloud.com/share/folder")
        return share
    }

    static func zoneShare() -> RecordShare {
        RecordShare(zoneID: Fixtures.zone, title: "All notes", participants: [owner, bob(.readWrite)])
    }

    static let owner = ShareParticipant(
        identity: ShareUserIdentity(userRecordName: "_owner"), role: .owner, permission: .readWrite, acceptanceStatus: .accepted)

    static func bob(_ permission: SharePermission) -> ShareParticipant {
        ShareParticipant(
            identity: ShareUserIdentity(userRecordName: "bob", emailAddress: "bob@example.com", displayName: "Bob"),
            permission: permission, acceptanceStatus: .accepted)
    }

    @Test func aPageStoresItsSharesApartFromTheRecordsAndRemovesDeletedOnes() throws {
        let store = try Fixtures.memoryStore()
        let hierarchy = Self.hierarchyShare()
        try store.apply(FetchedPage(
            zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(Fixtures.note("folder"), tag: "r1")],
            token: ServerChangeToken(data: Data([1])), shares: [hierarchy, Self.zoneShare()]))
        #expect(try store.share(ofRootRecord: Self.folder) == hierarchy)
        #expect(try store.share(hierarchy.id) == hierarchy)
        #expect(try store.zoneShare(of: Fixtures.zone) == Self.zoneShare())
        #expect(try store.shares(in: Fixtures.zone).map(\.id.recordName) == [RecordShare.zoneShareRecordName, "folder-share"])
        #expect(try store.share(ofRootRecord: Fixtures.id("other")) == nil)
        // Shares are not records: nothing of them is pending or readable as a record.
        #expect(try store.storedState(of: hierarchy.id) == nil)
        #expect(try store.nextPendingBatch().saves.map(\.record.id) == [])

        // A later page replaces a share (a participant added) and deletes the zone share.
        let changed = Self.hierarchyShare(participants: [Self.bob(.readWrite)], tag: "s2")
        try store.apply(FetchedPage(
            zoneID: Fixtures.zone, token: ServerChangeToken(data: Data([2])), shares: [changed],
            deletedShares: [Self.zoneShare().id]))
        #expect(try store.share(ofRootRecord: Self.folder)?.participant(userRecordName: "bob")?.permission == .readWrite)
        #expect(try store.share(ofRootRecord: Self.folder)?.system.changeTag == "s2")
        #expect(try store.zoneShare(of: Fixtures.zone) == nil)
        #expect(try store.zone(Fixtures.zone)?.token == ServerChangeToken(data: Data([2])))
    }

    @Test func aPageWhoseShareCannotBeStoredStoresNothingOfThePage() throws {
        let store = try Fixtures.memoryStore()
        // A hierarchy share must be in its root's zone (CKShare(rootRecord:)).
        var misplaced = Self.hierarchyShare()
        misplaced.scope = .hierarchy(root: Fixtures.id("folder", zone: RecordZoneID(zoneName: "elsewhere")))
        #expect(throws: RecordStoreError.self) {
            try store.apply(FetchedPage(
                zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(Fixtures.note("folder"), tag: "r1")],
                token: ServerChangeToken(data: Data([1])), shares: [misplaced]))
        }
        do {
            try store.storeShare(misplaced)
            Issue.record("a share outside its root's zone was stored")
        } catch {
            guard case .corruptShare(misplaced.id, _) = error else { throw error }
        }
        #expect(try store.zone(Fixtures.zone) == nil)
        #expect(try store.storedState(of: Self.folder) == nil)
    }

    @Test func aShareThatDoesNotDecodeIsATypedErrorNamingIt() throws {
        let store = try Fixtures.memoryStore()
        try store.storeShare(Self.hierarchyShare())
        try store.database.write { db in try db.execute(sql: "UPDATE recordkit_shares SET share = ?", arguments: [Data("{".utf8)]) }
        #expect {
            _ = try store.share(ofRootRecord: Self.folder)
        } throws: { error in
            guard case .corruptShare(let id, _) = error as? RecordStoreError else { return false }
            return id == Self.hierarchyShare().id
        }
    }

    enum ZoneRemoval: String, CaseIterable { case forgetZone, loseKeepingCopy, loseDeletingRecords, deleteAllData }

    @Test(arguments: ZoneRemoval.allCases)
    func sharesGoWithTheirZone(_ removal: ZoneRemoval) throws {
        let store = try Fixtures.memoryStore()
        let other = RecordZoneID(zoneName: "other-zone")
        try store.storeShare(Self.hierarchyShare())
        try store.storeShare(Self.zoneShare())
        try store.storeShare(RecordShare(zoneID: other))
        switch removal {
        case .forgetZone: try store.forgetZone(Fixtures.zone, keepingLocalChanges: true)
        case .loseKeepingCopy: try store.loseSharedZone(Fixtures.zone, policy: .keepLocalCopy)
        case .loseDeletingRecords: try store.loseSharedZone(Fixtures.zone, policy: .deleteRecords)
        case .deleteAllData: try store.deleteAllData()
        }
        #expect(try store.shares(in: Fixtures.zone) == [])
        #expect(try store.share(ofRootRecord: Self.folder) == nil)
        #expect(try store.shares(in: other).count == (removal == .deleteAllData ? 0 : 1))
    }

    @Test func aRootRecordsShareIsObserved() async throws {
        let store = try Fixtures.memoryStore()
        var values = try store.shareValues(ofRootRecord: Self.folder).makeAsyncIterator()
        #expect(try await values.next() == .some(nil))
        let share = Self.hierarchyShare()
        try await store.async.storeShare(share)
        #expect(try await values.next() == .some(share))
        // Another share of the zone changes nothing this observation emits.
        try await store.async.storeShare(Self.zoneShare())
        let widened = Self.hierarchyShare(participants: [Self.bob(.readWrite)], tag: "s2")
        try await store.async.storeShare(widened)
        #expect(try await values.next() == .some(widened))
        #expect(try await store.async.removeShare(share.id))
        #expect(try await values.next() == .some(nil))
        #expect(try await store.async.removeShare(share.id) == false)
    }
}
