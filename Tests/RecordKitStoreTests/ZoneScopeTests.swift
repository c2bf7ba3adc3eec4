import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// Sharing in the store (issue 29): the database each zone is in, pending changes read for one database, the
/// database tokens kept apart, and what a lost shared zone leaves.
@Suite struct ZoneScopeTests {
    static let sharedZone = RecordZoneID(zoneName: "shared-notes", ownerName: "_owner")

    /// A store holding a synced note in the private zone and one in the shared zone, each with a pending edit.
    private func storeWithBothDatabases() throws -> RecordStore {
        let store = try Fixtures.memoryStore()
        try store.setZone(Self.sharedZone, scope: .shared)
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(Fixtures.note("mine"), tag: "p1")]))
        try store.apply(FetchedPage(
            zoneID: Self.sharedZone, changed: [Fixtures.serverRecord(Fixtures.note("theirs", zone: Self.sharedZone), tag: "s1")]))
        try store.save(Fixtures.note("mine", text: "mine edited", modified: 2_000))
        try store.save(Fixtures.note("theirs", text: "theirs edited", modified: 2_000, zone: Self.sharedZone))
        return store
    }

    @Test func pendingChangesAreReadForOneDatabase() throws {
        let store = try storeWithBothDatabases()
        // A zone the store has no row for is private.
        try store.save(Fixtures.note("new", zone: RecordZoneID(zoneName: "unseen-zone")))
        let privateBatch = try store.nextPendingBatch(for: .private)
        let sharedBatch = try store.nextPendingBatch(for: .shared)
        #expect(privateBatch.saves.map(\.record.id.recordName) == ["mine", "new"])
        #expect(sharedBatch.saves.map(\.record.id) == [Fixtures.id("theirs", zone: Self.sharedZone)])
        #expect(try store.pendingItems(for: .private).map(\.id.recordName) == ["mine", "new"])
        #expect(try store.pendingItems(for: .shared).map(\.id.recordName) == ["theirs"])
        // Without a scope, every database's changes, as before sharing.
        #expect(try store.nextPendingBatch().saves.count == 3)
        #expect(try store.zone(Self.sharedZone)?.scope == .shared)
        // Noting that a zone exists keeps its scope; a new row is private.
        try store.setZone(Fixtures.zone, exists: true)
        try store.setZone(Self.sharedZone, exists: false)
        #expect(try store.zone(Fixtures.zone)?.scope == .private)
        #expect(try store.zone(Self.sharedZone)?.scope == .shared)
    }

    @Test func eachDatabaseKeepsItsOwnTokenUntilTheAccountChanges() throws {
        let store = try Fixtures.memoryStore()
        try store.setDatabaseToken(ServerChangeToken(data: Data([1])), for: .private)
        try store.setDatabaseToken(ServerChangeToken(data: Data([2])), for: .shared)
        #expect(try store.databaseToken() == ServerChangeToken(data: Data([1])))
        #expect(try store.databaseToken(for: .shared) == ServerChangeToken(data: Data([2])))
        try store.setEngineState(Data("shared".utf8), for: .sharedSyncEngine)
        #expect(try store.engineState(.syncEngine) == nil)
        try store.requeueAll()
        #expect(try store.databaseToken(for: .shared) == nil)
        #expect(try store.databaseToken(for: .private) == nil)
        #expect(try store.engineState(.sharedSyncEngine) == nil)
    }

    /// After an account change that keeps local data, only the user's own records are uploaded again.
    @Test func anAccountChangeKeepingLocalDataDropsTheSharedZones() throws {
        let store = try storeWithBothDatabases()
        #expect(try store.requeueAll() == 1)
        #expect(try store.fetchAll(Note.self, inZone: Self.sharedZone).models.isEmpty)
        #expect(try store.pendingItems().map(\.id.recordName) == ["mine"])
        #expect(try store.zones().isEmpty)
    }

    @Test func aLostSharedZoneTakesItsRecordsAndPendingChanges() throws {
        let store = try storeWithBothDatabases()
        try store.save(Fixtures.note("unsent", zone: Self.sharedZone))
        let removed = try store.loseSharedZone(Self.sharedZone, policy: .deleteRecords)
        #expect(removed == 2)
        #expect(try store.fetchAll(Note.self, inZone: Self.sharedZone).models.isEmpty)
        #expect(try store.pendingItems().map(\.id.recordName) == ["mine"])
        let zone = try #require(try store.zone(Self.sharedZone))
        #expect(zone.isLost && !zone.exists && zone.scope == .shared && zone.token == nil && !zone.isLocalCopy)
        #expect(try store.fetch(Note.self, id: Fixtures.id("mine")) != nil)
    }

    /// A lost zone's records are gone, but the zone is still another owner's: a local write into it must not
    /// become a private zone's change (the private engine would send it to the user's own database).
    @Test func aWriteIntoALostSharedZoneIsRefusedUntilTheZoneIsSharedAgain() async throws {
        let store = try storeWithBothDatabases()
        try store.loseSharedZone(Self.sharedZone, policy: .deleteRecords)
        let late = Fixtures.note("late", zone: Self.sharedZone)
        let lateID = Fixtures.id("late", zone: Self.sharedZone)
        let refused = RecordStoreError.lostSharedZone(lateID, recordType: Note.recordType)
        #expect(throws: refused) { try store.save(late) }
        await #expect(throws: refused) { try await store.async.save(late) }
        #expect(throws: refused) { try store.transaction { $0.save(Fixtures.note("other")); $0.save(late) } }
        await #expect(throws: refused) { try await store.async.transaction { $0.save(late) } }
        let theirs = Fixtures.id("theirs", zone: Self.sharedZone)
        #expect(throws: RecordStoreError.lostSharedZone(theirs, recordType: Note.recordType)) {
            try store.delete(Note.self, id: theirs)
        }
        // Nothing of any refused change was stored, the transaction's private save included.
        #expect(try store.pendingItems().map(\.id.recordName) == ["mine"])
        #expect(try store.nextPendingBatch(for: .private).saves.map(\.record.id.recordName) == ["mine"])
        #expect(try store.fetchAll(Note.self, inZone: Self.sharedZone).models.isEmpty)
        // Listed by the shared database again (shared with the user again): writes are taken, for the shared engine.
        try store.setZone(Self.sharedZone, scope: .shared)
        let zone = try #require(try store.zone(Self.sharedZone))
        #expect(!zone.isLost && zone.exists && zone.scope == .shared)
        try store.save(late)
        #expect(try store.nextPendingBatch(for: .shared).saves.map(\.record.id) == [lateID])
        #expect(try store.nextPendingBatch(for: .private).saves.map(\.record.id.recordName) == ["mine"])
    }

    @Test func aLostSharedZoneKeptAsALocalCopyIsNeverSent() throws {
        let store = try storeWithBothDatabases()
        try store.apply(FetchedPage(
            zoneID: Self.sharedZone, changed: [Fixtures.serverRecord(Fixtures.note("deleted", zone: Self.sharedZone), tag: "s2")]))
        try store.delete(Note.self, id: Fixtures.id("deleted", zone: Self.sharedZone))
        let kept = try store.loseSharedZone(Self.sharedZone, policy: .keepLocalCopy)
        #expect(kept == 1)
        // The unsent edit stays in the copy; the record deleted locally stays deleted.
        let copy = try store.fetchAll(Note.self, inZone: Self.sharedZone).models
        #expect(copy.map { Fixtures.textOf($0.text) } == ["theirs edited"])
        let zone = try #require(try store.zone(Self.sharedZone))
        #expect(zone.isLocalCopy && !zone.exists && zone.scope == .shared && zone.token == nil)
        // A later edit of the copy is stored, and sent by no engine.
        try store.save(Fixtures.note("theirs", text: "edited offline", modified: 3_000, zone: Self.sharedZone))
        #expect(try store.nextPendingBatch(for: .shared).isEmpty)
        #expect(try store.nextPendingBatch(for: .private).saves.map(\.record.id.recordName) == ["mine"])
        #expect(try store.pendingItems().map(\.id.recordName) == ["mine"])
        // Shared with the user again: the zone syncs again.
        try store.setZone(Self.sharedZone, scope: .shared)
        #expect(try store.nextPendingBatch(for: .shared).saves.map(\.record.id.recordName) == ["theirs"])
    }

    @Test func aRefusedEditIsRolledBackToTheServerCopy() throws {
        let store = try storeWithBothDatabases()
        let id = Fixtures.id("theirs", zone: Self.sharedZone)
        let generation = try #require(try store.storedState(of: id)?.pending?.generation)
        #expect(try store.rollBackRefusedChange(id, generation: generation) == .restoredServerCopy)
        #expect(try store.fetch(Note.self, id: id).map { Fixtures.textOf($0.text) } == "theirs")
        #expect(try store.storedState(of: id)?.pending == nil)
        #expect(try store.nextPendingBatch(for: .shared).isEmpty)
        #expect(try store.rollBackRefusedChange(id, generation: generation) == .nothingPending)
    }

    @Test func aRefusedDeletionIsRestoredAndARefusedNewRecordRemoved() throws {
        let store = try storeWithBothDatabases()
        let id = Fixtures.id("theirs", zone: Self.sharedZone)
        try store.delete(Note.self, id: id)
        let deletion = try #require(try store.storedState(of: id)?.pending?.generation)
        #expect(try store.rollBackRefusedChange(id, generation: deletion) == .restoredServerCopy)
        #expect(try store.fetch(Note.self, id: id).map { Fixtures.textOf($0.text) } == "theirs")

        let new = Fixtures.id("new", zone: Self.sharedZone)
        try store.save(Fixtures.note("new", zone: Self.sharedZone))
        let save = try #require(try store.storedState(of: new)?.pending?.generation)
        #expect(try store.rollBackRefusedChange(new, generation: save) == .removedUnsavedRecord)
        #expect(try store.fetch(Note.self, id: new) == nil)
        #expect(try store.storedState(of: new) == nil)
    }

    @Test func anEditMadeAfterTheRefusedSendStaysPending() throws {
        let store = try storeWithBothDatabases()
        let id = Fixtures.id("theirs", zone: Self.sharedZone)
        let sent = try #require(try store.storedState(of: id)?.pending?.generation)
        try store.save(Fixtures.note("theirs", text: "edited again", modified: 3_000, zone: Self.sharedZone))
        #expect(try store.rollBackRefusedChange(id, generation: sent) == .keptLaterEdit)
        #expect(try store.fetch(Note.self, id: id).map { Fixtures.textOf($0.text) } == "edited again")
        #expect(try store.pendingItems(for: .shared).map(\.id) == [id])
    }

    /// A store from before zone scopes opens with every zone private, its pending changes sent by the private engine.
    @Test func aStoreFromBeforeScopesOpensWithEveryZonePrivate() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        do {
            let store = try RecordStore(path: path, models: [Note.self], clock: Fixtures.clock)
            try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [], token: ServerChangeToken(data: Data([7]))))
            try store.save(Fixtures.note("a"))
        }
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                ALTER TABLE recordkit_zones DROP COLUMN scope;
                ALTER TABLE recordkit_zones DROP COLUMN localCopy;
                DELETE FROM grdb_migrations WHERE identifier = 'recordkit_store-v1-zone-scope';
                """)
        }
        try queue.close()
        let reopened = try RecordStore(path: path, models: [Note.self], clock: Fixtures.clock)
        let zone = try #require(try reopened.zone(Fixtures.zone))
        #expect(zone.scope == .private && !zone.isLocalCopy && zone.token == ServerChangeToken(data: Data([7])))
        #expect(try reopened.nextPendingBatch(for: .private).saves.map(\.record.id.recordName) == ["a"])
        #expect(try reopened.nextPendingBatch(for: .shared).isEmpty)
    }
}
