import CloudKit
import Foundation
import RecordKit
import Testing
@testable import RecordKitCloudKitOnStandIn

/// A value type CloudKit does not store, smuggled in through the protocol.
private final class Smuggled: NSObject, __CKRecordObjCValue {}


@Suite struct HostileValueTests {
    private func record(_ key: String, _ value: any CKRecordValue) -> CKRecord {
        let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "bad-1", zoneID: CKRecordZone.ID(zoneName: "z", ownerName: CKCurrentUserDefaultName)))
        record.setObject(value, forKey: key)
        return record
    }

    private func invalid(_ record: CKRecord, field: String) throws -> RecordDecodingError? {
        do {
            _ = try Record(ckRecord: record)
            return nil
        } catch {
            #expect(error.recordType == "Note")
            #expect(error.recordName == "bad-1")
            #expect(error.field == field)
            return error
        }
    }

    @Test func anUnknownRecordValueIsATypedError() throws {
        let error = try #require(try invalid(record("odd", Smuggled()), field: "odd"))
        #expect(error.description.contains("Smuggled"))
    }

    @Test func mixedAndNestedListsAreTypedErrors() throws {
        #expect(try invalid(record("mixed", NSArray(array: [NSString(string: "a"), NSNumber(value: 1)])), field: "mixed") != nil)
        #expect(try invalid(record("nested", NSArray(array: [NSArray(array: [NSNumber(value: 1)])])), field: "nested") != nil)
        #expect(try invalid(record("smuggledInList", NSArray(array: [Smuggled()])), field: "smuggledInList") != nil)
    }

    @Test func anUnsignedNumberBeyondInt64IsATypedError() throws {
        #expect(try invalid(record("big", NSNumber(value: UInt64.max)), field: "big") != nil)
    }

    @Test func aStringWhereTheSchemaSaysInt64IsATypeMismatch() throws {
        let ckRecord = try Fixtures.note(title: "t", modified: 1).ckRecord()
        ckRecord.setObject(NSString(string: "three"), forKey: "position")
        #expect(throws: RecordDecodingError.typeMismatch(
            recordType: "Note", recordName: "note-1", field: "position", expected: .scalar(.int64), found: .scalar(.string)
        )) { try Note(ckRecord: ckRecord) }
    }

    @Test func anAssetWithoutALocalFileIsATypedError() throws {
        let asset = try Fixtures.assetWithoutFile()
        #expect(asset.fileURL == nil)
        let error = try #require(try invalid(record("text", asset), field: "text"))
        #expect(error.description.contains("no file URL"))
    }

    @Test func aServerAssetWhoseFileIsGoneKeepsItsURL() throws {
        // A fetched asset's cached file may be purged later: the URL is kept, the file system is not consulted.
        let url = URL(fileURLWithPath: "/nonexistent/purged-\(UUID().uuidString).bin")
        let read = try Record(ckRecord: record("text", CKAsset(fileURL: url)))
        #expect(read["text"] == .asset(Asset(fileURL: url)))
    }

    @Test func assetsWithoutFilesAndValidateReferencesCannotBecomeCKRecords() throws {
        var record = Record(recordType: "Note", id: RecordID(recordName: "n"))
        record["text"] = .asset(try Asset(fileChecksum: "abc", downloadURL: "https://example.com/a"))
        #expect(throws: CloudKitBridgeError.assetWithoutFile(recordType: "Note", recordName: "n", field: "text")) {
            try record.ckRecord()
        }
        record["text"] = .reference(Reference(recordID: RecordID(recordName: "f"), action: .validate))
        #expect(throws: CloudKitBridgeError.unsupportedReferenceAction(recordType: "Note", recordName: "n", field: "text", action: .validate)) {
            try record.ckRecord()
        }
    }

    @Test func anUnarchivableSystemFieldsArchiveIsATypedError() throws {
        #expect(throws: CloudKitBridgeError.self) { try CKRecord.restoring(systemFieldsArchive: Data([1, 2, 3])) }
        let notAnArchive = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        #expect(throws: CloudKitBridgeError.self) { try CKRecord.restoring(systemFieldsArchive: notAnArchive) }
        // A keyed archive of something else: a change token.
        let token = KeyedArchive.encodeChangeToken(ServerChangeToken(data: Data([1])))
        #expect(throws: CloudKitBridgeError.self) { try CKRecord.restoring(systemFieldsArchive: token) }
    }
}
