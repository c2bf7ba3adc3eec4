import CloudKit
import CoreLocation
import Foundation
import RecordKit
import Testing
@testable import RecordKitCloudKitOnStandIn

@Suite struct FieldKindTests {
    @Test func everyKindRoundTripsThroughCKRecord() throws {
        let record = try Fixtures.everyKind()
        let ckRecord = try record.ckRecord()
        #expect(ckRecord.recordType == "Everything")
        #expect(ckRecord.recordID.recordName == "every-1")
        #expect(ckRecord.recordID.zoneID.zoneName == "notebook")
        #expect(ckRecord.encryptedValues.allKeys().sorted() == record.encryptedFields.keys.sorted())
        #expect(ckRecord.allKeys().sorted() == record.fields.keys.sorted())
        #expect(try Record(ckRecord: ckRecord) == record)
    }

    @Test func objectsAreTheClassesCloudKitStores() throws {
        let ckRecord = try Fixtures.everyKind().ckRecord()
        #expect(ckRecord.object(forKey: "string") is NSString)
        #expect(ckRecord.object(forKey: "date") is NSDate)
        #expect(ckRecord.object(forKey: "bytes") is NSData)
        #expect((ckRecord.object(forKey: "asset") as? CKAsset)?.fileURL == URL(fileURLWithPath: "/tmp/asset.txt"))
        let reference = try #require(ckRecord.object(forKey: "reference") as? CKRecord.Reference)
        #expect(reference.action == .deleteSelf)
        #expect(reference.recordID.recordName == "folder-1")
        #expect((ckRecord.object(forKey: "plainReference") as? CKRecord.Reference)?.action == CKRecord.ReferenceAction.none)
        #expect((ckRecord.object(forKey: "ints") as? NSArray)?.count == 3)
        #expect(ckRecord.encryptedValues.object(forKey: "secret") is NSString)
        #expect(ckRecord.object(forKey: "secret") == nil)
    }

    @Test func numbersKeepTheirKind() throws {
        let ckRecord = try Fixtures.everyKind().ckRecord()
        let double = try #require(ckRecord.object(forKey: "double") as? NSNumber)
        let int = try #require(ckRecord.object(forKey: "int") as? NSNumber)
        #expect(String(cString: double.objCType) == "d")
        #expect(["q", "l", "i"].contains(String(cString: int.objCType)))
        let back = try Record(ckRecord: ckRecord)
        #expect(back["double"] == .double(3.0))
        #expect(back["int"] == .int64(-42))
        #expect(back["doubles"] == .list(.double([1.0, 2.5])))
    }

    @Test func aBoolNumberIsAnInteger() throws {
        let ckRecord = CKRecord(recordType: "T", recordID: CKRecord.ID(recordName: "r", zoneID: CKRecordZone.ID(zoneName: "z", ownerName: CKCurrentUserDefaultName)))
        ckRecord.setObject(NSNumber(value: true), forKey: "flag")
        ckRecord.setObject(NSNumber(value: Float(1.5)), forKey: "float")
        let record = try Record(ckRecord: ckRecord)
        #expect(record["flag"] == .int64(1))
        #expect(record["float"] == .double(1.5))
    }

    @Test func everyLocationComponentCrosses() throws {
        let location = try Fixtures.location()
        let cl = CLLocation(location)
        #expect(cl.coordinate.latitude == 52.5)
        #expect(cl.coordinate.longitude == 13.4)
        #expect(cl.altitude == 34)
        #expect(cl.horizontalAccuracy == 5)
        #expect(cl.verticalAccuracy == 3)
        #expect(cl.speed == 1.5)
        #expect(cl.course == 270)
        #expect(cl.timestamp == Date(timeIntervalSinceReferenceDate: 700_000_000.25))
        #expect(try Location(cl) == location)
    }

    @Test func absentLocationMeasurementsStayAbsent() throws {
        let bare = try Location(latitude: 1, longitude: 2)
        let cl = CLLocation(bare)
        #expect(cl.horizontalAccuracy < 0 && cl.verticalAccuracy < 0 && cl.speed < 0 && cl.course < 0)
        #expect(cl.timestamp == Date.distantPast)
        #expect(try Location(cl) == bare)
    }

    @Test func aRecordWithoutSystemFieldsIsANewCKRecord() throws {
        let ckRecord = try Fixtures.everyKind().ckRecord()
        #expect(ckRecord.recordChangeTag == nil)
        #expect(ckRecord.creationDate == nil)
    }

    @Test func identifiersAndScopeCross() {
        let id = RecordID(recordName: "a", zoneID: RecordZoneID(zoneName: "z", ownerName: "_owner"))
        let ck = CKRecord.ID(id)
        #expect(ck.recordName == "a" && ck.zoneID.zoneName == "z" && ck.zoneID.ownerName == "_owner")
        #expect(RecordID(ck) == id)
        #expect(RecordZoneID(CKRecordZone.ID(RecordZoneID.default)) == .default)
        #expect(RecordZoneID.defaultOwnerName == CKCurrentUserDefaultName)
        for scope in DatabaseScope.allCases {
            #expect(DatabaseScope(scope.ckDatabaseScope) == scope)
        }
        #expect(DatabaseScope.private.ckDatabaseScope == .private)
    }

    @Test func aModelRoundTripsThroughCKRecord() throws {
        let note = Fixtures.note(title: "Groceries", modified: 1000)
        let ckRecord = try note.ckRecord()
        #expect(ckRecord.recordType == "Note")
        #expect(ckRecord.encryptedValues.allKeys().contains("secretCount"))
        #expect(try Note(ckRecord: ckRecord) == note)
    }

    @Test func aModelReadsAnExactNumberOfTheOtherKindAsItsSchemaKind() throws {
        let ckRecord = try Fixtures.note(title: "t", modified: 1).ckRecord()
        // A DOUBLE field holding an integer NSNumber, an INT64 field holding a double one, a DOUBLE list of integers.
        ckRecord.setObject(NSNumber(value: Int64(4)), forKey: "rating")
        ckRecord.setObject(NSNumber(value: 2.0), forKey: "position")
        ckRecord.setObject(NSArray(array: [NSNumber(value: Int64(5))]), forKey: "scores")
        let note = try Note(ckRecord: ckRecord)
        #expect(note.rating == 4.0)
        #expect(note.position == 2)
        #expect(note.scores == [5.0])
        // Written back, each number has the schema's kind.
        let written = try note.ckRecord()
        #expect(String(cString: try #require(written.object(forKey: "rating") as? NSNumber).objCType) == "d")
    }

    @Test func aNumberThatIsNotExactStaysATypeMismatch() throws {
        let ckRecord = try Fixtures.note(title: "t", modified: 1).ckRecord()
        ckRecord.setObject(NSNumber(value: 2.5), forKey: "position")
        #expect(throws: RecordDecodingError.typeMismatch(
            recordType: "Note", recordName: "note-1", field: "position", expected: .scalar(.int64), found: .scalar(.double)
        )) { try Note(ckRecord: ckRecord) }
    }
}
