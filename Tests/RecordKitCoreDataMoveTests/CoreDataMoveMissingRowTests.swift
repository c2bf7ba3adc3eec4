import Foundation
import RecordKit
import RecordKitCoreDataMirror
import RecordKitCoreDataMove
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// A record whose entity row is gone is a pending delete only when the store records the delete (the mirror's
/// ZNEEDSCLOUDDELETE, or persistent history after the exporter's last token); otherwise it is kept as on the server
/// and reported: on the real store, where 9 rows are gone with nothing recorded, and on changed copies of it.
@Suite(.enabled(if: MirrorStoreFiles.available, "needs ../shared/conformance/coredata-mirror, xcdatamodel and keyed-archive"))
struct CoreDataMoveMissingRowTests {
    static let zone = RecordZoneID(zoneName: "com.apple.coredata.cloudkit.zone")
    /// The records of rows 1, 2, 4, 8, 9, 10, 11, 13 and 15, which ZCDPROFILE no longer has; ACHANGE records only
    /// their inserts and no flag is set.
    static let rowless: Set<String> = [
        "239CB129-DA48-4F5D-8926-2F4CB4101D36", "3DA888CE-C448-472C-90C4-842661ADB1F9", "C5B8A918-D1EF-4B33-B325-417E33C49668",
        "E665B7FC-44B0-411B-9731-6D7A76478B09", "FA929EDC-5FD9-4CC8-BDC3-000745147F2F", "385FB011-D8E5-4757-A04A-9A36C0B1668E",
        "0CEE05DB-C7D5-4C28-A871-AE5B4AF25A6E", "90E267F1-4D81-4DA7-87F0-6D12FF840BA8", "3067323C-51BB-42F2-9FDB-3723CF2F77D4",
    ]
    /// PIA, row 13: one of them.
    static let pia = RecordID(recordName: "90E267F1-4D81-4DA7-87F0-6D12FF840BA8", zoneID: zone)

    /// A history delete of row 13 in a new transaction 3, after the exporter's last token (transaction 2), written
    /// as Core Data writes one (a TRANSACTION row, a CHANGE row of type 2 with no columns, Z_MAX raised).
    static let historyDeleteOfRow13 = """
        INSERT INTO ATRANSACTION (Z_PK, Z_ENT, Z_OPT, ZAUTHORTS, ZBUNDLEIDTS, ZCONTEXTNAMETS, ZPROCESSIDTS, ZTIMESTAMP)
            VALUES (3, 16002, NULL, NULL, 2, NULL, 3, 749480000.0);
        INSERT INTO ACHANGE (Z_PK, Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS)
            VALUES (19, 16001, NULL, 2, 1, 13, 3, NULL);
        UPDATE Z_PRIMARYKEY SET Z_MAX = 3 WHERE Z_NAME = 'TRANSACTION';
        UPDATE Z_PRIMARYKEY SET Z_MAX = 19 WHERE Z_NAME = 'CHANGE';
        """

    private struct Synced {
        let report: CoreDataMoveReport
        let store: RecordStore
        let simulator: CloudKitSimulator
        let saved: [RecordID]
        let deleted: [RecordID]
    }

    /// Moves the store at `path` into a new RecordStore and syncs it with a simulator seeded with the real store's
    /// server records.
    private func moveAndSync(_ path: String, scratch: ScratchStore) async throws -> Synced {
        let store = try RecordStore(path: scratch.folder.appendingPathComponent("recordkit.sqlite").path, models: [])
        let report = try CoreDataMove.move(storeAt: path, entities: try MirrorStoreFiles.entities(), into: store)
        let sync = try await RealStoreSync.run(store, zone: Self.zone)
        return Synced(report: report, store: store, simulator: sync.simulator, saved: sync.saved, deleted: sync.deleted)
    }

    @Test func theRealStoresRowlessRecordsAreKeptAsOnTheServerAndReported() async throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        let synced = try await moveAndSync(MirrorStoreFiles.store, scratch: scratch)
        #expect(synced.report.kept.count == 9)
        #expect(Set(synced.report.kept.map(\.id.recordName)) == Self.rowless)
        #expect(synced.report.kept.allSatisfy { $0.reason == .rowMissingWithoutRecordedDelete && $0.id.zoneID == Self.zone })
        #expect(synced.report.kept.first.map(\.description)?.hasSuffix(": row missing with no recorded delete: kept as on the server") == true)
        #expect(synced.report.pendingDeletes == 0)
        #expect(synced.report.unchanged == 9)
        #expect(synced.saved.isEmpty, "nothing uploaded")
        #expect(synced.deleted.isEmpty, "nothing deleted from the user's iCloud")
        let server = await synced.simulator.serverRecords()
        #expect(server.count == 18, "no record deleted, none duplicated")
        let tags = Dictionary(uniqueKeysWithValues: MirrorStoreFiles.archived.map { ($0.name, $0.tag) })
        for record in server {
            #expect(tags[record.id.recordName] == record.system.changeTag, "\(record.id.recordName) kept its change tag")
        }
        // Kept with its server copy and an equal local value, nothing pending.
        let state = try #require(try synced.store.storedState(of: Self.pia))
        #expect(state.server != nil)
        #expect(state.server?.system.changeTag == "7d")
        #expect(try synced.store.pendingCount() == 0)
    }

    @Test func aHistoryDeleteTheMirrorHadNotExportedIsAPendingDelete() async throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute(Self.historyDeleteOfRow13)
        let synced = try await moveAndSync(scratch.path, scratch: scratch)
        #expect(synced.report.pendingDeletes == 1)
        #expect(Set(synced.report.kept.map(\.id.recordName)) == Self.rowless.subtracting([Self.pia.recordName]))
        #expect(synced.saved.isEmpty)
        #expect(synced.deleted == [Self.pia], "the recorded delete reaches the server")
        #expect(await synced.simulator.serverRecord(Self.pia) == nil)
        #expect(await synced.simulator.serverRecords().count == 17)
    }

    @Test func aRecordTheMirrorFlaggedForCloudDeletionIsAPendingDelete() async throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("UPDATE ANSCKRECORDMETADATA SET ZNEEDSCLOUDDELETE = 1 WHERE ZENTITYPK = 13")
        let synced = try await moveAndSync(scratch.path, scratch: scratch)
        #expect(synced.report.pendingDeletes == 1)
        #expect(Set(synced.report.kept.map(\.id.recordName)) == Self.rowless.subtracting([Self.pia.recordName]))
        #expect(synced.saved.isEmpty)
        #expect(synced.deleted == [Self.pia])
        #expect(await synced.simulator.serverRecords().count == 17)
    }

    @Test func aHistoryDeleteTheMirrorHadAlreadyExportedIsNotTakenAgain() throws {
        // The same delete in transaction 2, which the exporter's last history token (2) covers: the mirror had
        // processed it, yet kept the record with no flag, so its state is unknown and the record is kept.
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("""
            INSERT INTO ACHANGE (Z_PK, Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS)
                VALUES (19, 16001, NULL, 2, 1, 13, 2, NULL);
            """)
        let store = try RecordStore(path: scratch.folder.appendingPathComponent("recordkit.sqlite").path, models: [])
        let report = try CoreDataMove.move(storeAt: scratch.path, entities: try MirrorStoreFiles.entities(), into: store)
        #expect(report.pendingDeletes == 0)
        #expect(Set(report.kept.map(\.id.recordName)) == Self.rowless)
    }

    @Test func withoutAReadableExportMarkerEveryHistoryDeleteOfTheRowIsPending() throws {
        // A damaged last history token: the delete in transaction 2 can no longer be placed before the marker.
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("""
            INSERT INTO ACHANGE (Z_PK, Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS)
                VALUES (19, 16001, NULL, 2, 1, 13, 2, NULL);
            UPDATE ANSCKMETADATAENTRY SET ZTRANSFORMEDVALUE = substr(ZTRANSFORMEDVALUE, 1, 40)
                WHERE ZKEY = 'NSCloudKitMirroringDelegateLastHistoryTokenKey';
            """)
        let store = try RecordStore(path: scratch.folder.appendingPathComponent("recordkit.sqlite").path, models: [])
        let report = try CoreDataMove.move(storeAt: scratch.path, entities: try MirrorStoreFiles.entities(), into: store)
        #expect(report.pendingDeletes == 1)
        #expect(!report.kept.map(\.id).contains(Self.pia))
        #expect(report.readerProblems.contains { $0.subject == "NSCloudKitMirroringDelegateLastHistoryTokenKey" })
    }
}
