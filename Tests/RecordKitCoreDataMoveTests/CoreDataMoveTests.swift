import Foundation
import RecordKit
import RecordKitCoreDataMirror
import RecordKitCoreDataMove
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The real store moved into a RecordStore, then synced against the simulator seeded with the same server records.
@Suite(.enabled(if: MirrorStoreFiles.available, "needs ../shared/conformance/coredata-mirror, xcdatamodel and keyed-archive"))
struct CoreDataMoveTests {
    static let zone = RecordZoneID(zoneName: "com.apple.coredata.cloudkit.zone")

    /// A fresh RecordStore in a temporary folder, removed with the scratch folder.
    private func makeStore(in scratch: ScratchStore) throws -> RecordStore {
        try RecordStore(path: scratch.folder.appendingPathComponent("recordkit.sqlite").path, models: [])
    }

    /// The simulator holding what the Core Data store says the server holds, answering its tokens.
    private func seededSimulator(_ contents: MirrorStoreContents) async throws -> CloudKitSimulator {
        let simulator = CloudKitSimulator()
        try await simulator.seed(
            contents.records.compactMap(\.serverRecord), inZone: Self.zone,
            zoneToken: contents.zones.first?.changeToken, databaseToken: contents.databases.first?.changeToken)
        return simulator
    }

    private func sync(_ store: RecordStore, with simulator: CloudKitSimulator, log: EventLog) async throws {
        var configuration = SyncConfiguration(zones: [Self.zone])
        configuration.onEvent = { log.record($0) }
        let engine = SyncEngine(store: store, database: simulator, configuration: configuration, clock: VirtualClock())
        try await engine.sync()
    }

    @Test func theMoveKeepsEveryServerRecordAndTheTokens() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        let store = try makeStore(in: scratch)
        let report = try CoreDataMove.move(storeAt: MirrorStoreFiles.store, entities: try MirrorStoreFiles.entities(), into: store)
        // 9 records have their entity row; the other 9 rows are gone with no recorded delete: kept as on the server.
        #expect(report.unchanged == 9)
        #expect(report.kept.count == 9)
        #expect(report.pendingDeletes == 0)
        #expect(report.pendingSaves == 0)
        #expect(report.newRecords.isEmpty)
        #expect(report.notMoved.isEmpty)
        #expect(report.readerProblems.map(\.subject) == ["CD_CDProfile.CD_encoded"])
        let archivedToken = try KeyedArchive.decodeChangeToken(Data(contentsOf: URL(fileURLWithPath: MirrorStoreFiles.zoneToken)))
        #expect(try store.zone(Self.zone)?.token == archivedToken)
        #expect(try store.zone(Self.zone)?.exists == true)
        #expect(try store.databaseToken() != nil)
        #expect(try store.pendingCount() == 0)
        for expected in MirrorStoreFiles.archived {
            let state = try #require(try store.storedState(of: RecordID(recordName: expected.name, zoneID: Self.zone)))
            #expect(state.server?.system.changeTag == expected.tag, "\(expected.name)")
        }
    }

    @Test func aMoveIntoAStoreThatHoldsRecordsIsRefusedAndWritesNothing() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        let store = try makeStore(in: scratch)
        let entities = try MirrorStoreFiles.entities()
        try CoreDataMove.move(storeAt: MirrorStoreFiles.store, entities: entities, into: store)
        #expect(throws: CoreDataMove.Failure.self) {
            try CoreDataMove.move(storeAt: MirrorStoreFiles.store, entities: entities, into: store)
        }
        #expect(try store.pendingCount() == 0)
        #expect(try store.storedState(of: RecordID(recordName: "90E267F1-4D81-4DA7-87F0-6D12FF840BA8", zoneID: Self.zone))?.server?.system.changeTag == "7d")
    }

    @Test func theFirstSyncAfterTheMoveUploadsNothingAndDuplicatesNothing() async throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        let store = try makeStore(in: scratch)
        try CoreDataMove.move(storeAt: MirrorStoreFiles.store, entities: try MirrorStoreFiles.entities(), into: store)
        let contents = try MirrorStoreReader.read(path: MirrorStoreFiles.store, entities: [])
        let simulator = try await seededSimulator(contents)
        let log = EventLog()
        try await sync(store, with: simulator, log: log)

        let sentSaves: [RecordID] = log.events.flatMap { event -> [RecordID] in if case let .sent(saved, _) = event { saved } else { [] } }
        let sentDeletes: [RecordID] = log.events.flatMap { event -> [RecordID] in if case let .sent(_, deleted) = event { deleted } else { [] } }
        let fetched: [RecordID] = log.events.flatMap { event -> [RecordID] in if case let .fetched(_, changed, deleted) = event { changed + deleted } else { [] } }
        #expect(sentSaves.isEmpty, "nothing uploaded")
        #expect(fetched.isEmpty, "the seeded token stands for the server's state: nothing to fetch")
        // The nine rows that are gone with no recorded delete are kept: nothing is deleted from the server.
        #expect(sentDeletes.isEmpty, "nothing deleted")
        let server = await simulator.serverRecords()
        #expect(server.count == 18)
        let tags = Dictionary(uniqueKeysWithValues: MirrorStoreFiles.archived.map { ($0.name, $0.tag) })
        for record in server {
            #expect(tags[record.id.recordName] == record.system.changeTag, "\(record.id.recordName) kept its change tag: not saved again")
        }
        #expect(Set(server.map(\.id.recordName)).isSubset(of: Set(tags.keys)), "no record duplicated under a new name")
        #expect(try store.pendingCount() == 0)
    }

    @Test func aServerChangeAfterTheMoveIsAllTheFirstSyncFetches() async throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        let store = try makeStore(in: scratch)
        try CoreDataMove.move(storeAt: MirrorStoreFiles.store, entities: try MirrorStoreFiles.entities(), into: store)
        let contents = try MirrorStoreReader.read(path: MirrorStoreFiles.store, entities: [])
        let simulator = try await seededSimulator(contents)
        // Another device renames one profile after the move.
        let id = RecordID(recordName: "8E574B79-9C1F-402B-902A-980552991EA5", zoneID: Self.zone)
        var renamed = try #require(await simulator.serverRecord(id))
        renamed["CD_name"] = .string("ProtonVPN (other device)")
        let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(renamed)]))
        #expect(result.itemErrors.isEmpty)
        let log = EventLog()
        try await sync(store, with: simulator, log: log)
        let fetched: [RecordID] = log.events.flatMap { event -> [RecordID] in if case let .fetched(_, changed, _) = event { changed } else { [] } }
        #expect(fetched == [id])
        #expect(try store.storedState(of: id)?.server?["CD_name"] == .string("ProtonVPN (other device)"))
    }

    @Test func aPendingEditInTheCoreDataRowsArrivesAsAnEditOnTheServersChangeTag() async throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        // The app renamed TorGuard (row 12) and Core Data flagged its record for upload, but never exported it.
        try scratch.execute("""
            UPDATE ZCDPROFILE SET ZNAME = 'TorGuard (edited)' WHERE Z_PK = 12;
            UPDATE ANSCKRECORDMETADATA SET ZNEEDSUPLOAD = 1 WHERE ZENTITYPK = 12;
            """)
        let store = try makeStore(in: scratch)
        let report = try CoreDataMove.move(storeAt: scratch.path, entities: try MirrorStoreFiles.entities(), into: store)
        #expect(report.pendingSaves == 1)
        let contents = try MirrorStoreReader.read(path: MirrorStoreFiles.store, entities: [])
        let simulator = try await seededSimulator(contents)
        let id = RecordID(recordName: "EDE25F4F-C910-40E0-A567-7D57ACAC4646", zoneID: Self.zone)
        let before = try #require(await simulator.serverRecord(id))
        let log = EventLog()
        try await sync(store, with: simulator, log: log)

        let saved: [RecordID] = log.events.flatMap { event -> [RecordID] in if case let .sent(saved, _) = event { saved } else { [] } }
        #expect(saved == [id])
        #expect(log.events.allSatisfy { if case .conflictMerged = $0 { false } else { true } }, "saved on the server's change tag: no conflict")
        let after = try #require(await simulator.serverRecord(id))
        #expect(after["CD_name"] == .string("TorGuard (edited)"))
        #expect(after.system.changeTag != before.system.changeTag)
        // Everything else of the server record travels unchanged, the encrypted value and the fields this model
        // version has no column for included.
        #expect(after["CD_uuid"] == before["CD_uuid"])
        #expect(after["CD_providerName"] == before["CD_providerName"])
        #expect(after.encryptedFields == before.encryptedFields)
        #expect(await simulator.serverRecords().count == 18)
    }
}
