import Foundation
import Testing
@testable import RecordKit

/// The real archives decode to the values their dumps show.
@Suite(.enabled(if: KeyedArchiveFiles.available, "needs ../shared/conformance/keyed-archive"))
struct KeyedArchiveConformanceTests {
    @Test func everyArchiveInTheFolderIsKnownAndDecodes() throws {
        let names = try KeyedArchiveFiles.archiveNames()
        #expect(Set(names) == Set(KeyedArchiveFiles.all))
        for name in names {
            let contents = try KeyedArchive.contents(of: KeyedArchiveFiles.data(name))
            switch contents {
            case .changeToken: #expect(name.contains("oken"))
            case .systemFields: #expect(name == KeyedArchiveFiles.systemFields)
            case .record: #expect(name == KeyedArchiveFiles.wholeRecord)
            }
        }
    }

    @Test func olderTokenHoldsNSMutableData() throws {
        let token = try KeyedArchive.decodeChangeToken(KeyedArchiveFiles.data(KeyedArchiveFiles.tokenMutableData))
        #expect(token.data == Data([0x01, 0x00, 0x00, 0x01, 0x63, 0xda, 0xd4, 0x35, 0x02]))
        // The file name is the token's base64.
        #expect(token.data.base64EncodedString() == "AQAAAWPa1DUC")
    }

    @Test func secureCodingTokenHoldsInlineBytes() throws {
        let token = try KeyedArchive.decodeChangeToken(KeyedArchiveFiles.data(KeyedArchiveFiles.tokenInline))
        let hex = token.data.map { String(format: "%02x", $0) }.joined()
        #expect(hex == "1f0a0308a10218002215088d949dc1fe8ba1a13410d3929d95b7ab858492012800")
        #expect(token.data.count == 33)
    }

    @Test func systemFieldsArchiveHasNoRoot() throws {
        let data = try KeyedArchiveFiles.data(KeyedArchiveFiles.systemFields)
        guard case let .systemFields(record) = try KeyedArchive.contents(of: data) else {
            Issue.record("expected system fields")
            return
        }
        #expect(record.recordType == "QSCompany")
        #expect(record.id.recordName == "QSCompany.1739C6A5-C07E-48A5-B83E-AB07694F23DF")
        #expect(record.id.zoneID == RecordZoneID(zoneName: "QSCloudKitCustomZoneName", ownerName: "__defaultOwner__"))
        #expect(record.system.changeTag == "4")
        #expect(keyedArchiveMilliseconds(record.system.creationDate) == 523_319_906_484)
        #expect(keyedArchiveMilliseconds(record.system.modificationDate) == 523_319_906_484)
        #expect(record.system.creatorUserRecordName == "__defaultOwner__")
        #expect(record.system.lastModifiedUserRecordName == "__defaultOwner__")
        #expect(record.system.modifiedByDevice == "Manuel\u{2019}s MacBook Air")
        #expect(record.system.parent == nil && record.system.share == nil)
        #expect(record.fields.isEmpty && record.encryptedFields.isEmpty)
        #expect(try KeyedArchive.decodeRecord(data) == record)
    }

    @Test func wholeRecordHasSystemFieldsAndValues() throws {
        let data = try KeyedArchiveFiles.data(KeyedArchiveFiles.wholeRecord)
        guard case let .record(record) = try KeyedArchive.contents(of: data) else {
            Issue.record("expected a whole record")
            return
        }
        #expect(record.recordType == "Person")
        #expect(record.id == RecordID(recordName: "1C0F1D79-F80C-74AF-9F9E-6A1581E7CD73"))
        #expect(record.system.changeTag == "jh3gjmdt")
        #expect(keyedArchiveMilliseconds(record.system.creationDate) == 547_826_405_465)
        #expect(keyedArchiveMilliseconds(record.system.modificationDate) == 547_826_453_433)
        #expect(record.system.creatorUserRecordName == "__defaultOwner__")
        #expect(record.system.lastModifiedUserRecordName == "__defaultOwner__")
        #expect(record.system.modifiedByDevice == "iCloud")
        #expect(record["age"] == .int64(26))
        #expect(record["website"] == .string("https://guilhermerambo.me"))
        #expect(record["name"] == .string("Guilherme Rambo"))
        #expect(record["isDeveloper"] == .int64(1))
        #expect(record.fields.count == 5)
        #expect(record.encryptedFields.isEmpty)
        guard case let .asset(avatar)? = record["avatar"] else {
            Issue.record("avatar is not an asset")
            return
        }
        #expect(avatar.size == 931_862)
        #expect(avatar.fileChecksum == "AexOfzpP4UC8x1iuLEowx7uwTejb")
        #expect(avatar.referenceChecksum == "AQwG+drwy7pIKNR/ri8JiDsRjBrD")
        #expect(avatar.wrappingKey == "n9Xy1hD0k5R25reI6K7i45mTvBKrGcLs")
        #expect(avatar.receipt == nil && avatar.downloadURL == nil)
        #expect(avatar.fileURL?.lastPathComponent == "7644AD10-A5A5-4191-B4FF-EF412CC08A52.01ec4e7f3a4fe140bcc758ae2c4a30c7bbb04de8db")
        #expect(avatar.fileURL?.isFileURL == true)
    }

    /// The plist reader agrees with the third-party dump on every object of every dumped archive.
    @Test(arguments: KeyedArchiveFiles.dumped)
    func plistMatchesTheDump(name: String) throws {
        let dump = try #require(try KeyedArchiveFiles.dump(name), "\(name) has no dump beside it")
        let plist = try BinaryPropertyList.decode(KeyedArchiveFiles.data(name))
        #expect(DumpComparison.matches(plist, dump), "\(name) differs from its dump")
    }

    /// Re-encoding what was decoded and decoding again gives the same values.
    @Test(arguments: KeyedArchiveFiles.all)
    func reencodingGivesTheSameValues(name: String) throws {
        let data = try KeyedArchiveFiles.data(name)
        switch try KeyedArchive.contents(of: data) {
        case let .changeToken(token):
            #expect(try KeyedArchive.decodeChangeToken(KeyedArchive.encodeChangeToken(token)) == token)
        case let .systemFields(record):
            #expect(try KeyedArchive.decodeRecord(KeyedArchive.encodeSystemFields(of: record)) == record)
        case let .record(record):
            var systemOnly = record
            systemOnly.fields = [:]
            systemOnly.encryptedFields = [:]
            #expect(try KeyedArchive.decodeRecord(KeyedArchive.encodeSystemFields(of: record)) == systemOnly)
        }
        // The plist layer alone round-trips every real archive to equal values.
        let plist = try BinaryPropertyList.decode(data)
        #expect(try BinaryPropertyList.decode(BinaryPropertyList.encode(plist)) == plist)
    }
}

/// Compares a decoded plist with the JSON dump format of SOURCES.txt (`{"$UID": n}`, `{"$bytes_b64": ...}`).
enum DumpComparison {
    static func matches(_ value: PropertyListValue, _ json: Any) -> Bool {
        switch value {
        case let .string(text): return (json as? String) == text
        case let .bool(flag): return (json as? NSNumber).map { $0.boolValue == flag && isBool($0) } ?? false
        case let .integer(number): return (json as? NSNumber).map { !isBool($0) && $0.int64Value == number } ?? false
        case let .real(number): return (json as? NSNumber).map { $0.doubleValue == number } ?? false
        case let .uid(uid):
            return ((json as? [String: Any])?["$UID"] as? NSNumber)?.uint64Value == uid
        case let .data(bytes):
            guard let object = json as? [String: Any], let base64 = object["$bytes_b64"] as? String else { return false }
            return Data(base64Encoded: base64) == bytes
        case let .array(elements):
            guard let items = json as? [Any], items.count == elements.count else { return false }
            return zip(elements, items).allSatisfy { matches($0, $1) }
        case let .dictionary(dictionary):
            guard let object = json as? [String: Any], object.count == dictionary.count else { return false }
            return dictionary.allSatisfy { key, element in object[key].map { matches(element, $0) } ?? false }
        default:
            return false
        }
    }

    private static func isBool(_ number: NSNumber) -> Bool {
        // JSONSerialization gives Booleans as NSNumbers of ObjC type 'c' or 'B'.
        ["c", "B"].contains(String(cString: number.objCType))
    }
}
