import Foundation
import RecordKitCoreDataMirror
import Testing

/// Persistent history and the exporter's progress marker, read from the real store and changed copies of it.
@Suite(.enabled(if: MirrorStoreFiles.available, "needs ../shared/conformance/coredata-mirror"))
struct MirrorHistoryReadingTests {
    @Test func theRealStoresHistoryHasNoDeleteAndItsExporterHadReachedTransaction2() throws {
        // ANSCKMETADATAENTRY's NSCloudKitMirroringDelegateLastHistoryTokenKey holds {E6E69196-…: 2} (Python's
        // plistlib reads the same), and ACHANGE holds only the 18 inserts of transaction 1.
        let contents = try MirrorStoreReader.read(path: MirrorStoreFiles.store, entities: [])
        #expect(contents.history.exportedTransaction == 2)
        #expect(contents.history.deletes.isEmpty)
        #expect(contents.history.analyzedDeletes.isEmpty)
        #expect(!contents.problems.contains { $0.subject == "NSCloudKitMirroringDelegateLastHistoryTokenKey" })
    }

    @Test func historyDeletesAndAnalysedDeletesAreReadByRow() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("""
            INSERT INTO ATRANSACTION (Z_PK, Z_ENT, ZTIMESTAMP) VALUES (3, 16002, 749480000.0);
            INSERT INTO ACHANGE (Z_PK, Z_ENT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID) VALUES (19, 16001, 2, 1, 13, 3);
            INSERT INTO ACHANGE (Z_PK, Z_ENT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID) VALUES (20, 16001, 1, 1, 12, 3);
            INSERT INTO ANSCKHISTORYANALYZERSTATE (Z_PK, Z_ENT, ZENTITYID, ZENTITYPK, ZFINALCHANGETYPENUM, ZFINALTRANSACTIONNUMBER)
                VALUES (1, 17006, 1, 9, 2, 3);
            """)
        let history = try MirrorStoreReader.read(path: scratch.path, entities: []).history
        #expect(history.deletes == [MirroredHistoryDelete(entityID: 1, primaryKey: 13, transaction: 3)], "the update is not a delete")
        #expect(history.analyzedDeletes == [MirroredHistoryDelete(entityID: 1, primaryKey: 9, transaction: nil)])
        #expect(history.hasUnexportedDelete(entityID: 1, primaryKey: 13))
        #expect(history.hasUnexportedDelete(entityID: 1, primaryKey: 9))
        #expect(!history.hasUnexportedDelete(entityID: 1, primaryKey: 12))
        #expect(!history.hasUnexportedDelete(entityID: 1, primaryKey: 1))
    }

    @Test func aDeleteUpToTheMarkerWasExportedAndAnyCountsWithoutAMarker() {
        let delete = MirroredHistoryDelete(entityID: 1, primaryKey: 4, transaction: 2)
        #expect(!MirroredHistory(exportedTransaction: 2, deletes: [delete]).hasUnexportedDelete(entityID: 1, primaryKey: 4))
        #expect(MirroredHistory(exportedTransaction: 1, deletes: [delete]).hasUnexportedDelete(entityID: 1, primaryKey: 4))
        #expect(MirroredHistory(exportedTransaction: nil, deletes: [delete]).hasUnexportedDelete(entityID: 1, primaryKey: 4))
        #expect(!MirroredHistory(exportedTransaction: nil, deletes: [delete]).hasUnexportedDelete(entityID: 2, primaryKey: 4))
    }

    @Test func aTokenOfAnotherStoreLeavesTheMarkerUndeterminedWithAProblem() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("UPDATE Z_METADATA SET Z_UUID = '00000000-0000-0000-0000-000000000000'")
        let contents = try MirrorStoreReader.read(path: scratch.path, entities: [])
        #expect(contents.history.exportedTransaction == nil)
        let problem = try #require(contents.problems.first { $0.subject == "NSCloudKitMirroringDelegateLastHistoryTokenKey" })
        #expect(problem.message.contains("E6E69196-8A95-4EB7-91B9-C22B5EA4612F"))
    }
}
