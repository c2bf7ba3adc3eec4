import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The engine per database (issue 29): an engine of the shared database beside the private one over the same
/// store, learning its zones from its feed, never creating one, losing a zone by the app's policy, accepting a
/// share, and rolling back the writes a read-only participant may not make.
@Suite struct SharedDatabaseEngineTests {
    static let sharedZone = RecordZoneID(zoneName: "shared-notes", ownerName: "_owner")

    static func sharedNote(_ name: String, text: String, modified: TimeInterval) -> Note {
        Note(
            recordID: RecordID(recordName: name, zoneID: sharedZone), text: TestAssetFiles.asset(containing: text),
            modified: Date(timeIntervalSince1970: modified))
    }

    /// One device with its private engine (the harness's), a shared database holding the owner's zone with
    /// `notes`, and an engine of the shared database over the device's store.
    struct Participant {
        let harness: SyncHarness
        let shared: CloudKitSimulator
        let sharedEngine: SyncEngine
        let sharedEvents = EventLog()
        var device: SimulatedDevice { harness[0] }
        var store: RecordStore { harness[0].store }

        init(notes: [String], policy: SharedZoneLossPolicy = .deleteRecords, database: ((CloudKitSimulator) -> any CloudDatabase)? = nil) async throws {
            harness = try noteHarness()
            shared = CloudKitSimulator(scope: .shared, seed: 2)
            _ = await shared.serverCreateZone(SharedDatabaseEngineTests.sharedZone)
            _ = try await shared.serverSave(notes.map { SharedDatabaseEngineTests.sharedNote($0, text: "owner's \($0)", modified: 1).record() })
            var configuration = SyncConfiguration(zones: [])
            configuration.onSharedZoneLost = policy
            let events = sharedEvents
            configuration.onEvent = { events.record($0) }
            sharedEngine = SyncEngine(
                store: harness[0].store, database: database?(shared) ?? shared, configuration: configuration, clock: VirtualClock())
        }

        func sharedNotes() throws -> [String: String] {
            Dictionary(uniqueKeysWithValues: try store.fetchAll(Note.self, inZone: SharedDatabaseEngineTests.sharedZone).models.map {
                ($0.recordID.recordName, $0.textName)
            })
        }

        func edit(_ name: String, text: String, modified: TimeInterval) throws {
            try store.save(SharedDatabaseEngineTests.sharedNote(name, text: text, modified: modified))
        }
    }

    @Test func theSharedEngineLearnsItsZonesFromTheFeedAndThePrivateEngineLeavesThemAlone() async throws {
        let participant = try await Participant(notes: ["a", "b"])
        try await participant.sharedEngine.sync()
        #expect(try participant.sharedNotes() == ["a": "owner's a", "b": "owner's b"])
        #expect(try participant.store.zone(Self.sharedZone)?.scope == .shared)
        #expect(await participant.shared.requestCounts[.saveZones] == nil)
        // The private engine reads its feed from no token: the shared zone is not in it, and is not its to lose.
        try await participant.device.sync()
        try await participant.device.sync()
        #expect(try participant.sharedNotes() == ["a": "owner's a", "b": "owner's b"])
        #expect(await participant.harness.simulator.serverRecords().isEmpty)
        #expect(try participant.store.databaseToken(for: .shared) != nil)
        #expect(try participant.store.databaseToken(for: .private) != nil)
    }

    @Test func eachEngineSendsOnlyTheChangesOfItsDatabase() async throws {
        let participant = try await Participant(notes: ["a"])
        try await participant.sharedEngine.sync()
        try participant.edit("a", text: "participant's edit", modified: 5)
        try participant.device.store.save(Fixtures.note("mine", text: "private", modified: 5))
        try await participant.device.sync()
        #expect(await participant.harness.simulator.serverRecords().map(\.id.recordName) == ["mine"])
        let untouched = try #require(await participant.shared.serverRecord(Self.sharedNote("a", text: "", modified: 0).recordID))
        #expect(try Note(record: untouched).textName == "owner's a")
        #expect(try participant.store.pendingItems(for: .shared).count == 1)
        try await participant.sharedEngine.sync()
        let edited = try #require(await participant.shared.serverRecord(Self.sharedNote("a", text: "", modified: 0).recordID))
        #expect(try Note(record: edited).textName == "participant's edit")
        #expect(try participant.store.pendingItems().isEmpty)
        #expect(await participant.shared.serverRecords().map(\.id.recordName) == ["a"])
    }

    @Test func aZoneTheOwnerDeletesTakesItsRecordsAndPendingChanges() async throws {
        let participant = try await Participant(notes: ["a", "b"])
        try await participant.sharedEngine.sync()
        try participant.edit("a", text: "unsent", modified: 5)
        _ = try await participant.shared.deleteZones([Self.sharedZone], from: nil)
        try await participant.sharedEngine.sync()
        #expect(try participant.sharedNotes().isEmpty)
        #expect(try participant.store.pendingItems().isEmpty)
        #expect(participant.sharedEvents.events.contains(.sharedZoneLost(Self.sharedZone, .deleteRecords)))
        // A participant never creates the owner's zone again.
        #expect(await participant.shared.requestCounts[.saveZones] == nil)
    }

    /// After the loss, the zone's records are gone but the zone is still the owner's: a save into it is refused,
    /// not taken for a private zone's change that the private engine would send to the user's own database.
    @Test func aSaveIntoALostZoneIsRefusedUntilTheFeedListsTheZoneAgain() async throws {
        let participant = try await Participant(notes: ["a"])
        try await participant.sharedEngine.sync()
        _ = try await participant.shared.deleteZones([Self.sharedZone], from: nil)
        try await participant.sharedEngine.sync()
        let late = Self.sharedNote("late", text: "participant's late note", modified: 5)
        #expect(throws: RecordStoreError.lostSharedZone(late.recordID, recordType: Note.recordType)) {
            try participant.store.save(late)
        }
        #expect(try participant.store.pendingItems().isEmpty)
        try await participant.device.sync()
        #expect(await participant.harness.simulator.serverRecords().isEmpty)
        // The owner shares the zone again: the shared database's feed lists it, and the zone takes writes again.
        _ = await participant.shared.serverCreateZone(Self.sharedZone)
        _ = try await participant.shared.serverSave([Self.sharedNote("a", text: "owner's a again", modified: 6).record()])
        try await participant.sharedEngine.sync()
        #expect(try participant.store.zone(Self.sharedZone)?.isLost == false)
        #expect(try participant.sharedNotes() == ["a": "owner's a again"])
        try participant.store.save(late)
        try await participant.device.sync()
        try await participant.sharedEngine.sync()
        let sent = try #require(await participant.shared.serverRecord(late.recordID))
        #expect(try Note(record: sent).textName == "participant's late note")
        #expect(await participant.harness.simulator.serverRecords().isEmpty)
        #expect(try participant.store.pendingItems().isEmpty)
    }

    @Test func aLostZoneKeptAsALocalCopyIsNeverSentAgain() async throws {
        let participant = try await Participant(notes: ["a", "b"], policy: .keepLocalCopy)
        try await participant.sharedEngine.sync()
        try participant.edit("a", text: "unsent", modified: 5)
        _ = try await participant.shared.deleteZones([Self.sharedZone], from: nil)
        try await participant.sharedEngine.sync()
        #expect(try participant.sharedNotes() == ["a": "unsent", "b": "owner's b"])
        #expect(try participant.store.zone(Self.sharedZone)?.isLocalCopy == true)
        #expect(participant.sharedEvents.events.contains(.sharedZoneLost(Self.sharedZone, .keepLocalCopy)))
        try participant.edit("b", text: "edited offline", modified: 6)
        let requests = await participant.shared.requestCounts[.modifyRecords]
        try await participant.sharedEngine.sync()
        try await participant.device.sync()
        #expect(await participant.shared.requestCounts[.modifyRecords] == requests)
        #expect(await participant.harness.simulator.serverRecords().isEmpty)
        #expect(try participant.sharedNotes()["b"] == "edited offline")
    }

    @Test func aZoneNotFoundOnSendIsLostNotCreated() async throws {
        let participant = try await Participant(notes: ["a"])
        try await participant.sharedEngine.sync()
        try participant.edit("a", text: "edit", modified: 5)
        // The zone goes without the feed saying so yet (the engine reads the feed only when it fetches).
        _ = try await participant.shared.deleteZones([Self.sharedZone], from: nil)
        try await participant.sharedEngine.sendChanges()
        #expect(await participant.shared.requestCounts[.saveZones] == nil)
        #expect(try participant.sharedNotes().isEmpty)
        #expect(try participant.store.pendingItems().isEmpty)
    }

    @Test func acceptingAShareFetchesItsRecords() async throws {
        let participant = try await Participant(notes: ["a", "b"])
        let accepting = RecordingAccepter()
        let share = RecordShare(zoneID: Self.sharedZone, title: "Notes")
        let metadata = ShareMetadata(
            share: share, containerIdentifier: "iCloud.test", rootRecordID: nil,
            ownerIdentity: ShareUserIdentity(userRecordName: "_owner"), participantRole: .privateUser,
            participantStatus: .pending, participantPermission: .readWrite)
        let accepted = try await participant.sharedEngine.acceptShare(metadata, using: accepting)
        #expect(accepted.id == share.id)
        #expect(accepting.accepted == [metadata])
        #expect(try participant.sharedNotes() == ["a": "owner's a", "b": "owner's b"])
        // The private database's engine accepts nothing.
        await #expect(throws: SyncError.self) { try await participant.device.engine.acceptShare(metadata, using: accepting) }
        #expect(accepting.accepted == [metadata])
    }

    @Test func aReadOnlyParticipantsWritesAreRolledBackAndNeverRetried() async throws {
        let refusing = RefusingDatabaseBox()
        let participant = try await Participant(notes: ["a", "b"]) { simulator in
            refusing.set(RefusingDatabase(simulator: simulator))
            return refusing.database!
        }
        try await participant.sharedEngine.sync()
        try participant.edit("a", text: "not allowed", modified: 5)
        try participant.edit("new", text: "not allowed either", modified: 5)
        try participant.store.delete(Note.self, id: Self.sharedNote("b", text: "", modified: 0).recordID)
        try await participant.sharedEngine.sync()
        let refusals = participant.sharedEvents.events.compactMap { event -> (String, WriteRollback)? in
            if case let .writeRefused(id, rollback, _) = event { (id.recordName, rollback) } else { nil }
        }
        #expect(refusals.sorted { $0.0 < $1.0 }.map { "\($0.0):\($0.1)" } == [
            "a:restoredServerCopy", "b:restoredServerCopy", "new:removedUnsavedRecord",
        ])
        #expect(try participant.sharedNotes() == ["a": "owner's a", "b": "owner's b"])
        #expect(try participant.store.pendingItems().isEmpty)
        // Nothing reached the server, and nothing is sent again.
        let serverRecords = await participant.shared.serverRecords()
        let records = try serverRecords.map { try Note(record: $0).textName }.sorted()
        #expect(records == ["owner's a", "owner's b"])
        let attempts = refusing.database?.refusedCount() ?? 0
        #expect(attempts == 3)
        try await participant.sharedEngine.sync()
        #expect(refusing.database?.refusedCount() == attempts)
    }
}

/// A share acceptance that records what it accepted and returns the share.
final class RecordingAccepter: ShareAccepting, @unchecked Sendable {
    // The lock guards `storage`: the engine calls from its executor, the test reads from its task.
    private let lock = NSLock()
    private var storage: [ShareMetadata] = []

    var accepted: [ShareMetadata] { lock.withLock { storage } }

    func fetchShareMetadata(_ url: URL) async throws(CloudError) -> ShareMetadata {
        throw .unknownItem(RecordID(recordName: url.absoluteString, zoneID: .default))
    }

    func acceptShare(_ metadata: ShareMetadata) async throws(CloudError) -> RecordShare {
        lock.withLock { storage.append(metadata) }
        return metadata.share
    }
}

/// A shared database in front of a simulator that refuses every write with `permissionFailure`, as CloudKit
/// refuses a read-only participant's: https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/readonly
final class RefusingDatabase: SimulatorPassThrough, @unchecked Sendable {
    let simulator: CloudKitSimulator
    // The lock guards `refused`.
    private let lock = NSLock()
    private var refused = 0

    init(simulator: CloudKitSimulator) { self.simulator = simulator }

    var scope: DatabaseScope { .shared }

    /// How many writes were refused so far.
    func refusedCount() -> Int { lock.withLock { refused } }

    func modifyRecords(_ request: ModifyRecordsRequest) async throws(CloudError) -> ModifyRecordsResult {
        lock.withLock { refused += request.itemCount }
        let error = CloudError.permissionFailure("ACCESS_DENIED: read-only participant")
        return ModifyRecordsResult(
            saves: request.saves.map { RecordItemResult(id: $0.record.id, result: .failure(error)) },
            deletes: request.deletes.map { RecordDeleteResult(id: $0, error: error) })
    }

    func modifySubscriptions(saving: [Subscription], deleting: [String]) async throws(CloudError) -> SubscriptionModifyResult {
        try await simulator.modifySubscriptions(saving: saving, deleting: deleting)
    }

    func fetchAllSubscriptions() async throws(CloudError) -> [Subscription] {
        try await simulator.fetchAllSubscriptions()
    }
}

/// Holds the refusing database the participant's initializer builds, for the test to read its count.
final class RefusingDatabaseBox: @unchecked Sendable {
    // The lock guards `stored`.
    private let lock = NSLock()
    private var stored: RefusingDatabase?
    var database: RefusingDatabase? { lock.withLock { stored } }
    func set(_ database: RefusingDatabase) { lock.withLock { stored = database } }
}
