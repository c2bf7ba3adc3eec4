import Foundation
import RecordKit
import RecordKitCoreDataMirror
import RecordKitCoreDataMove
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// What the move cannot move is reported by ID, and what Core Data never exported is moved as new: on changed
/// copies of the real store.
@Suite(.enabled(if: MirrorStoreFiles.available, "needs ../shared/conformance/coredata-mirror, xcdatamodel and keyed-archive"))
struct CoreDataMoveReportTests {
    static let zone = RecordZoneID(zoneName: "com.apple.coredata.cloudkit.zone")

    private func move(_ path: String, scratch: ScratchStore, entities: [MirrorEntity]? = nil) throws -> (RecordStore, CoreDataMoveReport) {
        let store = try RecordStore(path: scratch.folder.appendingPathComponent("recordkit.sqlite").path, models: [])
        let report = try CoreDataMove.move(storeAt: path, entities: try entities ?? MirrorStoreFiles.entities(), into: store)
        return (store, report)
    }

    @Test func anUndecodableRecordIsReportedByIDAndItsRowIsNotMovedAsANewRecord() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("""
            UPDATE ANSCKRECORDMETADATA SET ZENCODEDRECORD = substr(ZENCODEDRECORD, 1, 900)
            WHERE ZCKRECORDNAME = 'EDE25F4F-C910-40E0-A567-7D57ACAC4646'
            """)
        let (store, report) = try move(scratch.path, scratch: scratch)
        #expect(report.notMoved.map(\.id.recordName) == ["EDE25F4F-C910-40E0-A567-7D57ACAC4646"])
        guard case .undecodable(let message)? = report.notMoved.first?.reason else {
            Issue.record("not reported as undecodable: \(report.notMoved)")
            return
        }
        #expect(message.contains("block stream"))
        // Its row (12) is not sent as a new record: that would duplicate it on the server.
        #expect(report.newRecords.isEmpty)
        #expect(report.unchanged == 8)
        #expect(try store.storedState(of: RecordID(recordName: "EDE25F4F-C910-40E0-A567-7D57ACAC4646", zoneID: Self.zone)) == nil)
    }

    @Test func recordsOfAnEntityTheSchemaLacksAreReportedByID() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        let (store, report) = try move(MirrorStoreFiles.store, scratch: scratch, entities: [])
        #expect(report.notMoved.count == 18)
        #expect(report.notMoved.allSatisfy { $0.reason == .entityNotInSchema("CD_CDProfile") })
        #expect(try store.pendingCount() == 0)
    }

    @Test func aServerDeletionCoreDataHadNotAppliedIsReportedAndNotMoved() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("UPDATE ANSCKRECORDMETADATA SET ZNEEDSLOCALDELETE = 1 WHERE ZENTITYPK = 14")
        let (_, report) = try move(scratch.path, scratch: scratch)
        #expect(report.notMoved == [NotMovedRecord(id: RecordID(recordName: "8E574B79-9C1F-402B-902A-980552991EA5", zoneID: Self.zone), reason: .deletedOnServer)])
        #expect(report.newRecords.isEmpty)
    }

    @Test func aRowCoreDataNeverExportedIsSavedAsANewRecord() async throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("""
            INSERT INTO ZCDPROFILE (Z_PK, Z_ENT, Z_OPT, ZNAME, ZLASTUPDATE) VALUES (19, 1, 1, 'Added offline', 750000000.5)
            """)
        let (store, report) = try move(scratch.path, scratch: scratch)
        let id = try #require(report.newRecords.first)
        #expect(report.newRecords.count == 1)
        #expect(id.zoneID == Self.zone)

        let sync = try await RealStoreSync.run(store, zone: Self.zone)
        #expect(sync.saved == [id])
        let created = try #require(await sync.simulator.serverRecord(id))
        #expect(created.recordType == "CD_CDProfile")
        #expect(created["CD_name"] == .string("Added offline"))
        #expect(created["CD_entityName"] == .string("CDProfile"))
        #expect(created["CD_lastUpdate"] == .timestamp(Date(timeIntervalSinceReferenceDate: 750000000.5)))
    }
}
