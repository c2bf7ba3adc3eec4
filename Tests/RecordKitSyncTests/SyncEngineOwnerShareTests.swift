import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The owner's side of sharing in the engine (issue 29): saving a share of a root record or of a zone and deleting
/// one through the database's `CloudSharing`, the result kept in the store, a stale share never overwritten.
@Suite struct SyncEngineOwnerShareTests {
    static let folder = Fixtures.id("folder")

    static func participant(_ name: String, _ permission: SharePermission) -> ShareParticipant {
        ShareParticipant(identity: ShareUserIdentity(userRecordName: name), permission: permission)
    }

    /// Alice's device: a store (the harness's) and an engine over her private database in a simulator of several
    /// users, with the folder note synced; `database` wraps her database (for test doubles).
    struct Owner {
        let harness: SyncHarness
        let simulator: CloudKitSimulator
        let engine: SyncEngine
        var store: RecordStore { harness[0].store }
        var alice: SimulatedUser { simulator.user("alice") }

        init(syncFolder: Bool = true, database: (SimulatedUserDatabase) -> any CloudDatabase = { $0 }) async throws {
            harness = try noteHarness()
            simulator = CloudKitSimulator(seed: 5)
            engine = SyncEngine(
                store: harness[0].store, database: database(simulator.user("alice").privateDatabase),
                configuration: SyncConfiguration(zones: [Fixtures.zone]), clock: VirtualClock())
            try store.save(Fixtures.note("folder", text: "trip", modified: 1))
            if syncFolder { try await engine.sync() }
        }
    }

    @Test func theOwnerSharesARootRecordChangesTheShareAndDeletesIt() async throws {
        let owner = try await Owner()
        let saved = try await owner.engine.saveShare(RecordShare(
            rootRecordID: Self.folder, shareRecordName: "folder-share", title: "Trip",
            participants: [Self.participant("bob", .readWrite)]))
        #expect(saved.url != nil && saved.system.changeTag != nil)
        #expect(try owner.store.share(ofRootRecord: Self.folder) == saved)
        // The root came back from the server naming its share, with the change tag the share's save gave it.
        let root = try #require(try owner.store.storedState(of: Self.folder)?.server)
        #expect(root.system.share == Reference(recordID: saved.id))
        #expect(try owner.store.pendingItems().isEmpty)
        // Bob accepts: the share is real on the server.
        let metadata = try await owner.simulator.user("bob").fetchShareMetadata(try #require(saved.url))
        _ = try await owner.simulator.user("bob").acceptShare(metadata)

        var widened = try #require(try owner.store.share(ofRootRecord: Self.folder))
        let server = try #require(await owner.simulator.serverShares().first)
        widened.system.changeTag = server.system.changeTag  // bob's acceptance changed it; the feed would say so
        widened.participants.append(Self.participant("carol", .readOnly))
        let changed = try await owner.engine.saveShare(widened)
        #expect(try owner.store.share(ofRootRecord: Self.folder)?.participants.compactMap(\.identity.userRecordName) == ["alice", "bob", "carol"])
        #expect(changed.participant(userRecordName: "bob")?.acceptanceStatus == .accepted)

        try await owner.engine.deleteShare(saved.id)
        #expect(try owner.store.share(ofRootRecord: Self.folder) == nil)
        #expect(await owner.simulator.serverShares().isEmpty)
        #expect(try owner.store.storedState(of: Self.folder)?.server?.system.share == nil)
        // A share already gone is removed without an error.
        try await owner.engine.deleteShare(saved.id)
    }

    @Test func theOwnerSharesAZone() async throws {
        let owner = try await Owner()
        let saved = try await owner.engine.saveShare(RecordShare(zoneID: Fixtures.zone, participants: [Self.participant("bob", .readOnly)]))
        #expect(try owner.store.zoneShare(of: Fixtures.zone) == saved)
        #expect(try owner.store.shares(in: Fixtures.zone) == [saved])
        #expect(saved.participant(userRecordName: "bob")?.permission == .readOnly)
    }

    @Test func aShareSavedOverAStaleVersionIsReportedWithTheServersShareAndNotOverwritten() async throws {
        let owner = try await Owner { StaleShareCheck(database: $0) }
        let saved = try await owner.engine.saveShare(RecordShare(
            rootRecordID: Self.folder, shareRecordName: "folder-share", participants: [Self.participant("bob", .readWrite)]))
        // Alice's other device adds carol.
        var elsewhere = saved
        elsewhere.participants.append(Self.participant("carol", .readOnly))
        let serverShare = try await owner.alice.privateDatabase.saveShare(elsewhere, rootRecord: nil)
        // This device adds dave to the version it knows.
        var stale = saved
        stale.participants.append(Self.participant("dave", .readOnly))
        await #expect(throws: SyncError.shareChanged(serverShare: serverShare)) { try await owner.engine.saveShare(stale) }
        #expect(try owner.store.share(saved.id) == serverShare)
        let onServer = try #require(await owner.simulator.serverShares().first)
        #expect(onServer.participants.compactMap(\.identity.userRecordName) == ["alice", "bob", "carol"])
    }

    @Test func aDatabaseThatCannotShareIsATypedError() async throws {
        let harness = try noteHarness()
        let engine = SyncEngine(
            store: harness[0].store, database: harness.simulator, configuration: SyncConfiguration(zones: [Fixtures.zone]),
            clock: VirtualClock())
        await #expect {
            try await engine.saveShare(RecordShare(zoneID: Fixtures.zone))
        } throws: { error in
            guard case .cloud(.unsupported) = error as? SyncError else { return false }
            return true
        }
        #expect(try harness[0].store.zoneShare(of: Fixtures.zone) == nil)
    }

    @Test func aRootNotYetOnTheServerIsNamedAndNothingIsShared() async throws {
        let owner = try await Owner(syncFolder: false)
        await #expect {
            try await owner.engine.saveShare(RecordShare(rootRecordID: Self.folder, shareRecordName: "folder-share"))
        } throws: { error in
            guard case .cloud(.invalidArguments(let reason)) = error as? SyncError else { return false }
            return reason.contains("record folder") && reason.contains("folder-share")
        }
        #expect(await owner.simulator.serverShares().isEmpty)
        #expect(try owner.store.share(ofRootRecord: Self.folder) == nil)
    }
}

/// A sharing database that refuses a share saved over a change tag the server no longer has, as CloudKit does
/// (`CKError.serverRecordChanged` for a `CKShare` saved with a stale change tag, under the save policy
/// `ifServerRecordUnchanged`: https://developer.apple.com/documentation/cloudkit/ckerror/code/serverrecordchanged).
struct StaleShareCheck: CloudSharing {
    let database: SimulatedUserDatabase
    var scope: DatabaseScope { database.scope }

    func saveShare(_ share: RecordShare, rootRecord: Record?) async throws(CloudError) -> RecordShare {
        if let tag = share.system.changeTag {
            let current = try await database.fetchShare(share.id)
            if current.system.changeTag != tag {
                throw .serverRecordChanged(
                    serverRecord: Record(recordType: RecordShare.recordType, id: share.id, system: current.system),
                    clientRecord: Record(recordType: RecordShare.recordType, id: share.id, system: share.system))
            }
        }
        return try await database.saveShare(share, rootRecord: rootRecord)
    }

    func fetchShare(_ id: RecordID) async throws(CloudError) -> RecordShare { try await database.fetchShare(id) }
    func deleteShare(_ id: RecordID) async throws(CloudError) { try await database.deleteShare(id) }
    func saveZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZone, CloudError>] {
        try await database.saveZones(zoneIDs)
    }
    func deleteZones(_ zoneIDs: [RecordZoneID]) async throws(CloudError) -> [Result<RecordZoneID, CloudError>] {
        try await database.deleteZones(zoneIDs)
    }
    func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        try await database.modifyRecords(request)
    }
    func fetchRecords(_ ids: [RecordID]) async throws(CloudError) -> [RecordItemResult] { try await database.fetchRecords(ids) }
    func fetchZoneChanges(_ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?) async throws(CloudError) -> ZoneChangesPage {
        try await database.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit)
    }
    func fetchDatabaseChanges(since token: ServerChangeToken?) async throws(CloudError) -> DatabaseChangesPage {
        try await database.fetchDatabaseChanges(since: token)
    }
    func modifySubscriptions(saving: [Subscription], deleting: [String]) async throws(CloudError) -> SubscriptionModifyResult {
        try await database.modifySubscriptions(saving: saving, deleting: deleting)
    }
    func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] { try await database.fetchAllSubscriptions() }
}
