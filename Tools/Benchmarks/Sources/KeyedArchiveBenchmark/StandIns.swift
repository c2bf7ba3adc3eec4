import Foundation

// Stand-ins for CloudKit's classes, so Foundation's NSKeyedUnarchiver can read archives naming them.
// Each decodes the same keys our decoder reads.

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

/// Foundation's unarchiver with Apple's class names mapped to the stand-ins.
func foundationUnarchiver(_ data: Data) throws -> NSKeyedUnarchiver {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.setClass(StandInChangeToken.self, forClassName: "CKServerChangeToken")
    unarchiver.setClass(StandInRecordID.self, forClassName: "CKRecordID")
    unarchiver.setClass(StandInZoneID.self, forClassName: "CKRecordZoneID")
    return unarchiver
}

/// Decodes a change token with Foundation; returns its byte count.
func foundationToken(_ data: Data) throws -> Int {
    let unarchiver = try foundationUnarchiver(data)
    return unarchiver.decodeObject(of: StandInChangeToken.self, forKey: NSKeyedArchiveRootObjectKey)?.tokenData.count ?? -1
}

/// Decodes the system fields our decoder reads, with Foundation; returns a value depending on all of them.
func foundationSystemFields(_ data: Data) throws -> Int {
    let unarchiver = try foundationUnarchiver(data)
    var sum = 0
    sum += (unarchiver.decodeObject(of: NSString.self, forKey: "RecordType") as String?)?.count ?? 0
    sum += unarchiver.decodeObject(of: StandInRecordID.self, forKey: "RecordID")?.recordName.count ?? 0
    sum += unarchiver.decodeObject(of: NSDate.self, forKey: "RecordCtime") == nil ? 0 : 1
    sum += unarchiver.decodeObject(of: NSDate.self, forKey: "RecordMtime") == nil ? 0 : 1
    sum += unarchiver.decodeObject(of: StandInRecordID.self, forKey: "CreatorUserRecordID")?.recordName.count ?? 0
    sum += unarchiver.decodeObject(of: StandInRecordID.self, forKey: "LastModifiedUserRecordID")?.recordName.count ?? 0
    sum += (unarchiver.decodeObject(of: NSString.self, forKey: "ModifiedByDevice") as String?)?.count ?? 0
    sum += (unarchiver.decodeObject(of: NSString.self, forKey: "ETag") as String?)?.count ?? 0
    return sum
}
