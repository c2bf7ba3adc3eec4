import Foundation
import RecordKit
import RecordKitCoreDataMirror
import Testing

/// The real store of an app that synced with NSPersistentCloudKitContainer (18 records, one zone, one database).
@Suite(.enabled(if: MirrorStoreFiles.available, "needs ../shared/conformance/coredata-mirror, xcdatamodel and keyed-archive"))
struct MirrorStoreReaderTests {
    private func contents(path: String = MirrorStoreFiles.store) throws -> MirrorStoreContents {
        try MirrorStoreReader.read(path: path, entities: try MirrorStoreFiles.entities())
    }

    @Test func everyRecordDecodesWithTheChangeTagAndValuesItsArchiveHolds() throws {
        let contents = try contents()
        #expect(contents.records.count == 18)
        #expect(contents.problems.filter { !$0.subject.hasPrefix("CD_CDProfile.") }.isEmpty, "\(contents.problems)")
        let byName = Dictionary(uniqueKeysWithValues: contents.records.map { ($0.id.recordName, $0) })
        for expected in MirrorStoreFiles.archived {
            let record = try #require(byName[expected.name]?.serverRecord, "\(expected.name)")
            #expect(record.recordType == "CD_CDProfile")
            #expect(record.id.zoneID == RecordZoneID(zoneName: "com.apple.coredata.cloudkit.zone"))
            #expect(record.system.changeTag == expected.tag)
            #expect(record["CD_name"] == .string(expected.profileName))
            #expect(record["CD_uuid"] == .string(expected.uuid))
            #expect(record["CD_lastUpdate"] == .timestamp(Date(timeIntervalSinceReferenceDate: expected.lastUpdate)))
            #expect(record["CD_entityName"] == .string("CDProfile"))
        }
    }

    @Test func theEncryptedValueIsKeptAmongTheEncryptedFields() throws {
        let record = try #require(try contents().records.first { $0.id.recordName == "0CEE05DB-C7D5-4C28-A871-AE5B4AF25A6E" }?.serverRecord)
        guard case .bytes(let json)? = record.encryptedFields["CD_encryptedJSON"] else {
            Issue.record("no encrypted CD_encryptedJSON: \(record.encryptedFields)")
            return
        }
        #expect(json.count == 4968)
        #expect(json.starts(with: Data("{\"host\":".utf8)))
    }

    @Test func theZoneTokenIsByteEqualToTheArchivedOne() throws {
        let contents = try contents()
        let expected = try KeyedArchive.decodeChangeToken(Data(contentsOf: URL(fileURLWithPath: MirrorStoreFiles.zoneToken)))
        #expect(contents.zones.count == 1)
        let zone = try #require(contents.zones.first)
        #expect(zone.zoneID == RecordZoneID(zoneName: "com.apple.coredata.cloudkit.zone"))
        #expect(zone.changeToken == expected)
        #expect(zone.existsOnServer)
        #expect(zone.databaseScope == 2)
        #expect(!zone.needsImport && !zone.needsRecovery)
    }

    @Test func theDatabaseTokenIsRead() throws {
        let database = try #require(try contents().databases.first)
        #expect(database.scope == 2)
        #expect(database.name == "Private")
        // ZCURRENTCHANGETOKEN holds a 253-byte archive around the token's bytes.
        #expect((database.changeToken?.data.count ?? 0) > 0)
    }

    @Test func nothingIsPendingInThisStore() throws {
        let contents = try contents()
        #expect(contents.pendingUploadCount == 0)
        #expect(contents.pendingCloudDeleteCount == 0)
        #expect(contents.pendingLocalDeleteCount == 0)
    }

    @Test func entityRowsReadThroughTheImportedSchema() throws {
        let contents = try contents()
        #expect(contents.rows.map(\.primaryKey) == [3, 5, 6, 7, 12, 14, 16, 17, 18])
        let row = try #require(contents.rows.first { $0.primaryKey == 12 })
        #expect(row.entityName == "CDProfile")
        #expect(row.fields["CD_name"] == .string("TorGuard"))
        #expect(row.fields["CD_uuid"] == .string("5D108793-7F62-4B4C-B194-0A7204C02E99"))
        #expect(row.fields["CD_lastUpdate"] == .timestamp(Date(timeIntervalSinceReferenceDate: 729378626.822)))
        #expect(row.fields["CD_entityName"] == .string("CDProfile"))
        // This model version has `encoded`; the store was written by one with encryptedJSON, json, providerName.
        #expect(contents.problems.contains { $0.subject == "CD_CDProfile.CD_encoded" })
    }

    @Test func theOriginalIsNeverWritten() throws {
        let folder = URL(fileURLWithPath: MirrorStoreFiles.store).deletingLastPathComponent()
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let modified = try FileManager.default.attributesOfItem(atPath: MirrorStoreFiles.store)[.modificationDate] as? Date
        _ = try contents()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try FileManager.default.attributesOfItem(atPath: MirrorStoreFiles.store)[.modificationDate] as? Date == modified)
    }

    @Test func aDamagedRecordIsReportedByNameAndTheOthersStillRead() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        // Cut the compressed stream of one record in half.
        try scratch.execute("""
            UPDATE ANSCKRECORDMETADATA SET ZENCODEDRECORD = substr(ZENCODEDRECORD, 1, 900)
            WHERE ZCKRECORDNAME = 'EDE25F4F-C910-40E0-A567-7D57ACAC4646'
            """)
        let contents = try contents(path: scratch.path)
        #expect(contents.records.count == 18)
        #expect(contents.records.filter { $0.serverRecord == nil }.map(\.id.recordName) == ["EDE25F4F-C910-40E0-A567-7D57ACAC4646"])
        #expect(contents.problems.contains { $0.subject == "EDE25F4F-C910-40E0-A567-7D57ACAC4646" && $0.message.contains("block stream") })
    }

    @Test func pendingFlagsAreRead() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("""
            UPDATE ANSCKRECORDMETADATA SET ZNEEDSUPLOAD = 1 WHERE ZENTITYPK IN (12, 14);
            UPDATE ANSCKRECORDMETADATA SET ZNEEDSCLOUDDELETE = 1 WHERE ZENTITYPK = 2;
            UPDATE ANSCKRECORDMETADATA SET ZNEEDSLOCALDELETE = 1 WHERE ZENTITYPK = 3;
            """)
        let contents = try contents(path: scratch.path)
        #expect(contents.pendingUploadCount == 2)
        #expect(contents.pendingCloudDeleteCount == 1)
        #expect(contents.pendingLocalDeleteCount == 1)
        #expect(contents.records.first { $0.needsCloudDelete }?.id.recordName == "3DA888CE-C448-472C-90C4-842661ADB1F9")
    }

    @Test func aFileThatIsNotAMirrorStoreIsRefused() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        try scratch.execute("DROP TABLE ANSCKRECORDMETADATA")
        #expect(throws: MirrorStoreError.missingTable("ANSCKRECORDMETADATA")) { try contents(path: scratch.path) }
    }

    @Test func aToOneRelationshipReadsAsTheRelatedRecordsName() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        // A to-one relationship column as Core Data writes it: the related row's Z_PK.
        try scratch.execute("""
            ALTER TABLE ZCDPROFILE ADD COLUMN ZFALLBACK INTEGER;
            UPDATE ZCDPROFILE SET ZFALLBACK = 14 WHERE Z_PK = 12;
            UPDATE ZCDPROFILE SET ZFALLBACK = 99 WHERE Z_PK = 16;
            """)
        let entity = MirrorEntity(recordType: "CD_CDProfile", fields: [
            MirrorField(name: "CD_name", kind: .string), MirrorField(name: "CD_fallback", kind: .string),
        ])
        let contents = try MirrorStoreReader.read(path: scratch.path, entities: [entity])
        let row = try #require(contents.rows.first { $0.primaryKey == 12 })
        // Row 14 is mirrored by record 8E574B79-….
        #expect(row.relationships == ["CD_fallback": "8E574B79-9C1F-402B-902A-980552991EA5"])
        #expect(row.fields["CD_fallback"] == .string("8E574B79-9C1F-402B-902A-980552991EA5"))
        // A relationship to a row no record mirrors is reported, not guessed.
        #expect(contents.problems.contains { $0.subject == "CD_CDProfile row 16 CD_fallback" })
        #expect(contents.rows.first { $0.primaryKey == 16 }?.fields["CD_fallback"] == nil)
    }

    @Test func changesStillInTheWALAreRead() throws {
        let scratch = try ScratchStore(copying: MirrorStoreFiles.store)
        let live = try scratch.executeKeepingWAL("UPDATE ANSCKRECORDMETADATA SET ZNEEDSUPLOAD = 1 WHERE ZENTITYPK = 12")
        let walSize = try FileManager.default.attributesOfItem(atPath: live + "-wal")[.size] as? Int
        #expect((walSize ?? 0) > 0, "the change is in the -wal file")
        #expect(try contents(path: live).pendingUploadCount == 1)
    }
}
