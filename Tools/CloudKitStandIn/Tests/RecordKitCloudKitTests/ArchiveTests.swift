import CloudKit
import Foundation
import RecordKit
import Testing
@testable import RecordKitCloudKitOnStandIn

/// System fields and change tokens through Apple's keyed archives.
@Suite struct ArchiveTests {
    init() { _ = Fixtures.registered }

    static let systemFieldsFile = "mentrena__SyncKit__QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF"

    @Test(.enabled(if: Fixtures.conformance != nil, "needs ../shared/conformance/keyed-archive"))
    func applesEncodeSystemFieldsArchiveRestoresThroughCKRecordCoder() throws {
        let data = try Fixtures.archive(Self.systemFieldsFile)
        let ckRecord = try CKRecord.restoring(systemFieldsArchive: data)
        #expect(ckRecord.recordType == "QSCompany")
        #expect(ckRecord.recordID.recordName == "QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF")
        #expect(ckRecord.recordID.zoneID.zoneName == "QSCloudKitCustomZoneName")
        #expect(ckRecord.recordID.zoneID.ownerName == "__defaultOwner__")
        #expect(ckRecord.recordChangeTag == "4")
        #expect(ckRecord.creationDate == Date(timeIntervalSinceReferenceDate: 523319906.484))
        #expect(ckRecord.creatorUserRecordID?.recordName == "__defaultOwner__")
        // Read by RecordKit's own reader, the same archive gives the same system fields.
        let record = try Record(systemFieldsArchive: data)
        let fromCKRecord = try Record(ckRecord: ckRecord)
        #expect(fromCKRecord.id == record.id)
        var expected = record.system
        expected.modifiedByDevice = nil  // no CKRecord property exposes it
        #expect(fromCKRecord.system == expected)
        #expect(record.system.changeTag == "4")
    }

    @Test(.enabled(if: Fixtures.conformance != nil, "needs ../shared/conformance/keyed-archive"))
    func applesWholeRecordArchiveRestoresItsSystemFields() throws {
        let data = try Fixtures.archive("insidegui__CloudKitCodable__Rambo.ckrecord")
        let ckRecord = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CKRecord.self, from: data))
        let expected = try KeyedArchive.decodeRecord(data)
        #expect(ckRecord.recordType == "Person")
        #expect(ckRecord.recordChangeTag == "jh3gjmdt")
        #expect(RecordID(ckRecord.recordID) == expected.id)
        #expect(ckRecord.creationDate == expected.system.creationDate)
        #expect(ckRecord.modificationDate == expected.system.modificationDate)
    }

    @Test func ourWritersArchiveRestoresTheServersSystemFields() throws {
        var record = try Fixtures.everyKind()
        record.system = SystemFields(
            changeTag: "k9x", creationDate: Date(timeIntervalSinceReferenceDate: 600_000_000.125),
            creatorUserRecordName: "_creator", modificationDate: Date(timeIntervalSinceReferenceDate: 600_000_100.5),
            lastModifiedUserRecordName: "_editor", modifiedByDevice: "iPhone",
            parent: Reference(recordID: RecordID(recordName: "parent", zoneID: Fixtures.zone)),
            share: Reference(recordID: RecordID(recordName: "share-1", zoneID: Fixtures.zone)))
        let ckRecord = try record.ckRecord()
        #expect(ckRecord.recordChangeTag == "k9x")
        #expect(ckRecord.creationDate == record.system.creationDate)
        #expect(ckRecord.modificationDate == record.system.modificationDate)
        #expect(ckRecord.creatorUserRecordID?.recordName == "_creator")
        #expect(ckRecord.lastModifiedUserRecordID?.recordName == "_editor")
        #expect(ckRecord.parent?.recordID.recordName == "parent")
        #expect(ckRecord.share?.recordID.recordName == "share-1")
        #expect(ckRecord.recordID.zoneID.zoneName == "notebook")
        var back = try Record(ckRecord: ckRecord)
        back.system.modifiedByDevice = "iPhone"
        #expect(back == record)
        // The stand-in's own encodeSystemFields output restores the same record again.
        let again = try CKRecord.restoring(systemFieldsArchive: ckRecord.systemFieldsArchive())
        #expect(again.recordChangeTag == "k9x")
        #expect(again.recordID.isEqual(ckRecord.recordID))
        #expect(record.systemFieldsArchive() == KeyedArchive.encodeSystemFields(of: record))
    }

    @Test(.enabled(if: Fixtures.conformance != nil, "needs ../shared/conformance/keyed-archive"))
    func applesTokenArchivesRestoreAsCKServerChangeTokens() throws {
        let cases: [(String, Data)] = [
            ("mentrena__SyncKit__serverChangeToken.AQAAAWPa1DUC", Data([0x01, 0x00, 0x00, 0x01, 0x63, 0xda, 0xd4, 0x35, 0x02])),
            ("passepartoutvpn__passepartout__zone_changetoken.bplist", try KeyedArchive.decodeChangeToken(
                Fixtures.archive("passepartoutvpn__passepartout__zone_changetoken.bplist")).data),
        ]
        for (name, bytes) in cases {
            let data = try Fixtures.archive(name)
            let token = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: data))
            #expect(try ServerChangeToken(token).data == bytes, "\(name)")
            #expect(!bytes.isEmpty)
        }
    }

    @Test func tokensRoundTripThroughCKServerChangeToken() throws {
        let token = ServerChangeToken(data: Data([0x00, 0xff, 0x10, 0x20]))
        let ckToken = try token.ckServerChangeToken()
        #expect(try ServerChangeToken(ckToken) == token)
        #expect(try ServerChangeToken(ServerChangeToken(data: Data()).ckServerChangeToken()).data.isEmpty)
    }

    /// The note-sync flow: a fetched record, kept offline as an archived model, edited, saved with the server's
    /// change tag (so the save is not a conflict).
    @Test func anOfflineEditIsSavedWithTheServersChangeTag() throws {
        var server = Fixtures.note(title: "Fetched", modified: 10)
        server.metadata.system = SystemFields(
            changeTag: "etag-7", creationDate: Date(timeIntervalSinceReferenceDate: 5),
            modificationDate: Date(timeIntervalSinceReferenceDate: 10))
        let fetched = try server.ckRecord()

        let kept = try Note(ckRecord: fetched).archived()
        var edited = try Note(archived: kept)
        edited.title = "Edited offline"
        let toSave = try edited.ckRecord()
        #expect(toSave.recordChangeTag == "etag-7")
        #expect(toSave.creationDate == Date(timeIntervalSinceReferenceDate: 5))
        #expect(toSave.recordID.isEqual(fetched.recordID))
        #expect((toSave.object(forKey: "title") as? NSString) == "Edited offline")
    }
}
