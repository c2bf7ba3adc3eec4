import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// Each engine keeps its state under its own key; a store written when both shared one slot (`engineState`) opens
/// with the slot moved to the engine that wrote it, its tokens kept.
@Suite struct EngineStateMigrationTests {
    /// Writes a store as the code before per-engine keys left it: the shared slot holding `state`, and tokens.
    private func oldStore(at path: String, holding state: Data) throws {
        let store = try RecordStore(path: path, models: [Note.self], clock: Fixtures.clock)
        try store.apply(FetchedPage(zoneID: Fixtures.zone, changed: [Fixtures.serverRecord(Fixtures.note("a"), tag: "e1")],
            token: ServerChangeToken(data: Data([7]))))
        try store.setDatabaseToken(ServerChangeToken(data: Data([9])))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'recordkit_store-v1-engine-state-keys'")
            try db.execute(sql: "INSERT INTO recordkit_state (key, value) VALUES ('engineState', ?)", arguments: [state])
        }
        try queue.close()
    }

    @Test func syncEngineStateMovesToItsOwnKey() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let state = Data("RKSE2{\"attempted\":[]}".utf8)
        try oldStore(at: path, holding: state)
        let reopened = try RecordStore(path: path, models: [Note.self], clock: Fixtures.clock)
        #expect(try reopened.engineState(.syncEngine) == state)
        #expect(try reopened.engineState(.ckSyncEngine) == nil)
        #expect(try reopened.syncState() == SyncState(
            zoneTokens: [Fixtures.zone: ServerChangeToken(data: Data([7]))], databaseToken: ServerChangeToken(data: Data([9]))))
        #expect(try reopened.fetch(Note.self, id: Fixtures.id("a")) != nil)
    }

    @Test func ckSyncEngineSerializationMovesToItsOwnKey() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let state = Data("{\"label\":\"serialization\"}".utf8)
        try oldStore(at: path, holding: state)
        let reopened = try RecordStore(path: path, models: [Note.self], clock: Fixtures.clock)
        #expect(try reopened.engineState(.ckSyncEngine) == state)
        #expect(try reopened.engineState(.syncEngine) == nil)
        #expect(try reopened.zone(Fixtures.zone)?.token == ServerChangeToken(data: Data([7])))
        #expect(try reopened.databaseToken() == ServerChangeToken(data: Data([9])))
    }

    @Test func eachEngineKeepsItsOwnState() throws {
        let store = try Fixtures.memoryStore()
        try store.setEngineState(Data("mine".utf8), for: .syncEngine)
        try store.setEngineState(Data("theirs".utf8), for: .ckSyncEngine)
        #expect(try store.engineState(.syncEngine) == Data("mine".utf8))
        #expect(try store.engineState(.ckSyncEngine) == Data("theirs".utf8))
        try store.requeueAll()
        #expect(try store.engineState(.syncEngine) == nil)
        #expect(try store.engineState(.ckSyncEngine) == nil)
    }
}
