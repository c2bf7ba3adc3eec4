import Foundation
import Testing
@testable import RecordKit

// Stand-ins for CloudKit's classes, so swift-corelibs-foundation's NSKeyedUnarchiver can read archives that
// name Apple's classes. Each decodes the keys Apple's class decodes.

final class StandInChangeToken: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let tokenData: Data

    init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: "ChangeTokenData") else { return nil }
        tokenData = data as Data
    }

    func encode(with coder: NSCoder) { coder.encode(tokenData as NSData, forKey: "ChangeTokenData") }
}

final class StandInZoneID: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let zoneName: String
    let ownerName: String

    init?(coder: NSCoder) {
        guard let zone = coder.decodeObject(of: NSString.self, forKey: "ZoneName"),
              let owner = coder.decodeObject(of: NSString.self, forKey: "ownerName")
        else { return nil }
        zoneName = zone as String
        ownerName = owner as String
    }

    func encode(with coder: NSCoder) {}
}

final class StandInRecordID: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let recordName: String
    let zoneID: StandInZoneID

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "RecordName"),
              let zone = coder.decodeObject(of: StandInZoneID.self, forKey: "ZoneID")
        else { return nil }
        recordName = name as String
        zoneID = zone
    }

    func encode(with coder: NSCoder) {}
}

final class StandInReference: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let recordID: StandInRecordID
    let action: Int

    init?(coder: NSCoder) {
        guard let id = coder.decodeObject(of: StandInRecordID.self, forKey: "RecordID") else { return nil }
        recordID = id
        action = coder.decodeInteger(forKey: "Action")
    }

    func encode(with coder: NSCoder) {}
}

/// Foundation's NSKeyedUnarchiver, with Apple's class names mapped to the stand-ins.
func foundationUnarchiver(_ data: Data) throws -> NSKeyedUnarchiver {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.setClass(StandInChangeToken.self, forClassName: "CKServerChangeToken")
    unarchiver.setClass(StandInRecordID.self, forClassName: "CKRecordID")
    unarchiver.setClass(StandInZoneID.self, forClassName: "CKRecordZoneID")
    unarchiver.setClass(StandInReference.self, forClassName: "CKReference")
    return unarchiver
}

/// Foundation's NSKeyedUnarchiver reads what our writer wrote.
@Suite struct FoundationInteropTests {
    @Test func foundationReadsOurChangeToken() throws {
        let token = ServerChangeToken(data: Data([0x01, 0x00, 0x00, 0x01, 0x63, 0xda, 0xd4, 0x35, 0x02, 0xff]))
        let unarchiver = try foundationUnarchiver(KeyedArchive.encodeChangeToken(token))
        let decoded = unarchiver.decodeObject(of: StandInChangeToken.self, forKey: NSKeyedArchiveRootObjectKey)
        #expect(decoded?.tokenData == token.data)
        #expect(unarchiver.error == nil)
    }

    @Test func foundationReadsOurSystemFields() throws {
        let record = KeyedArchiveWriterTests.sample
        let unarchiver = try foundationUnarchiver(KeyedArchive.encodeSystemFields(of: record))
        #expect(unarchiver.decodeObject(of: NSString.self, forKey: "RecordType") == "Note")
        let id = unarchiver.decodeObject(of: StandInRecordID.self, forKey: "RecordID")
        #expect(id?.recordName == "note-1")
        #expect(id?.zoneID.zoneName == "note-zone")
        #expect(id?.zoneID.ownerName == "__defaultOwner__")
        let created = unarchiver.decodeObject(of: NSDate.self, forKey: "RecordCtime") as Date?
        #expect(created == record.system.creationDate)
        let modified = unarchiver.decodeObject(of: NSDate.self, forKey: "RecordMtime") as Date?
        #expect(modified == record.system.modificationDate)
        #expect(unarchiver.decodeObject(of: StandInRecordID.self, forKey: "CreatorUserRecordID")?.recordName == "_2f1c")
        let lastModified = unarchiver.decodeObject(of: StandInRecordID.self, forKey: "LastModifiedUserRecordID")
        #expect(lastModified?.recordName == "__defaultOwner__")
        #expect(lastModified?.zoneID.zoneName == "_defaultZone")
        #expect(unarchiver.decodeObject(of: NSString.self, forKey: "ModifiedByDevice") == "Zoë\u{2019}s iPhone")
        #expect(unarchiver.decodeObject(of: NSString.self, forKey: "ETag") == "k2x9")
        #expect(unarchiver.decodeBool(forKey: "KnownToServer"))
        #expect(!unarchiver.decodeBool(forKey: "WasCached"))
        #expect(unarchiver.decodeInteger(forKey: "Permission") == 1)
        let parent = unarchiver.decodeObject(of: StandInReference.self, forKey: "ParentReference")
        #expect(parent?.recordID.recordName == "folder-1")
        #expect(parent?.action == 0)
        let share = unarchiver.decodeObject(of: StandInReference.self, forKey: "ShareReference")
        #expect(share?.recordID.zoneID.zoneName == "_defaultZone")
        #expect(share?.action == 1)
        #expect(unarchiver.decodeObject(forKey: "ProtectionData") == nil)
        #expect(unarchiver.error == nil)
    }

    /// The stand-ins read the real archives the same way, so the checks above test our bytes, not the stand-ins.
    @Test(.enabled(if: KeyedArchiveFiles.available))
    func standInsReadTheRealArchives() throws {
        let token = try foundationUnarchiver(KeyedArchiveFiles.data(KeyedArchiveFiles.tokenMutableData))
            .decodeObject(of: StandInChangeToken.self, forKey: NSKeyedArchiveRootObjectKey)
        #expect(token?.tokenData.base64EncodedString() == "AQAAAWPa1DUC")
        let system = try foundationUnarchiver(KeyedArchiveFiles.data(KeyedArchiveFiles.systemFields))
        #expect(system.decodeObject(of: StandInRecordID.self, forKey: "RecordID")?.zoneID.zoneName == "QSCloudKitCustomZoneName")
        #expect(system.decodeObject(of: NSString.self, forKey: "ETag") == "4")
    }
}
