import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// Shares in the zone feeds (issue 29): the engine stores a page's shares and share deletions in the page's
/// transaction, apart from its records, never as records.
@Suite struct SyncEngineShareFeedTests {
    static let folder = Fixtures.id("folder")
    static let share = RecordShare(
        rootRecordID: folder, shareRecordName: "folder-share", title: "Folder",
        participants: [ShareParticipant(identity: ShareUserIdentity(userRecordName: "bob"), permission: .readWrite, acceptanceStatus: .accepted)],
        system: SystemFields(changeTag: "s1"))

    /// A harness whose server holds the folder note, and an engine over a feed that adds shares to its pages.
    func folderOnTheServer() async throws -> (harness: SyncHarness, feed: ShareFeed, engine: SyncEngine) {
        let harness = try noteHarness()
        _ = try await harness.simulator.saveZones([Fixtures.zone])
        try await harness.simulator.serverSave([Fixtures.note("folder", text: "server", modified: 1).record()])
        let feed = ShareFeed(simulator: harness.simulator)
        let device = harness[0]
        let engine = SyncEngine(
            store: device.store, database: feed, configuration: SyncConfiguration(zones: [Fixtures.zone]) { device.events.record($0) },
            clock: VirtualClock())
        return (harness, feed, engine)
    }

    @Test func aPagesSharesAreStoredApartFromItsRecordsAndItsShareDeletionsRemoveThem() async throws {
        let (harness, feed, engine) = try await folderOnTheServer()
        let device = harness[0]
        feed.addToNextPage(shares: [Self.share])
        try await engine.fetchChanges()
        #expect(try device.store.share(ofRootRecord: Self.folder) == Self.share)
        #expect(try device.store.storedState(of: Self.share.id) == nil, "a share is not a record")
        #expect(try notes(on: device).keys.sorted() == ["folder"])

        // The owner deletes the share: the feed reports a deletion of type cloudkit.share.
        try await harness.simulator.serverSave([Fixtures.note("other", text: "server", modified: 1).record()])
        feed.addToNextPage(deletions: [RecordDeletion(id: Self.share.id, recordType: RecordShare.recordType)])
        device.events.removeAll()
        try await engine.fetchChanges()
        #expect(try device.store.share(ofRootRecord: Self.folder) == nil)
        #expect(try notes(on: device).keys.sorted() == ["folder", "other"])
        #expect(device.events.events.contains(.fetched(zoneID: Fixtures.zone, changed: [Fixtures.id("other")], deleted: [])),
                "a share's deletion is not reported as a record's")
    }

    @Test func aPageWhoseShareCannotBeStoredStoresNeitherItsRecordsNorItsToken() async throws {
        let (harness, feed, engine) = try await folderOnTheServer()
        var misplaced = Self.share
        misplaced.scope = .hierarchy(root: Fixtures.id("folder", zone: RecordZoneID(zoneName: "elsewhere")))
        feed.addToNextPage(shares: [misplaced])
        await #expect(throws: SyncError.self) { try await engine.fetchChanges() }
        #expect(try notes(on: harness[0]).isEmpty)
        #expect(try harness[0].store.zone(Fixtures.zone)?.token == nil)
        // The next fetch (the server no longer sends the bad share) stores the page.
        try await engine.fetchChanges()
        #expect(try notes(on: harness[0]).keys.sorted() == ["folder"])
    }
}

/// A database in front of a simulator whose next zone page also carries the shares and deletions given, as
/// CloudKit's feeds carry `cloudkit.share` records beside the records.
final class ShareFeed: SimulatorPassThrough, @unchecked Sendable {
    let simulator: CloudKitSimulator
    // The lock guards the additions: the engine calls from its executor, the test adds from its task.
    private let lock = NSLock()
    private var shares: [RecordShare] = []
    private var deletions: [RecordDeletion] = []

    init(simulator: CloudKitSimulator) { self.simulator = simulator }

    /// Adds shares and deletions to the next page fetched.
    func addToNextPage(shares: [RecordShare] = [], deletions: [RecordDeletion] = []) {
        lock.withLock {
            self.shares += shares
            self.deletions += deletions
        }
    }

    func fetchZoneChanges(_ zoneID: RecordZoneID, since token: ServerChangeToken?, resultsLimit: Int?) async throws(CloudError) -> ZoneChangesPage {
        var page = try await simulator.fetchZoneChanges(zoneID, since: token, resultsLimit: resultsLimit)
        let (shares, deletions) = lock.withLock {
            defer { (self.shares, self.deletions) = ([], []) }
            return (self.shares, self.deletions)
        }
        page.shares += shares
        page.deleted += deletions
        return page
    }
}
