import Foundation

/// The note as an NSSecureCoding class graph: note -> record ID -> zone ID, and a reference.
final class KeyedZoneID: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let zoneName: String
    let ownerName: String

    init(zoneName: String, ownerName: String) {
        self.zoneName = zoneName
        self.ownerName = ownerName
    }

    func encode(with coder: NSCoder) {
        coder.encode(zoneName as NSString, forKey: "ZoneName")
        coder.encode(ownerName as NSString, forKey: "ownerName")
    }

    init?(coder: NSCoder) {
        guard let zone = coder.decodeObject(of: NSString.self, forKey: "ZoneName"),
              let owner = coder.decodeObject(of: NSString.self, forKey: "ownerName") else { return nil }
        zoneName = zone as String
        ownerName = owner as String
    }
}

final class KeyedRecordID: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let recordName: String
    let zoneID: KeyedZoneID

    init(recordName: String, zoneID: KeyedZoneID) {
        self.recordName = recordName
        self.zoneID = zoneID
    }

    func encode(with coder: NSCoder) {
        coder.encode(recordName as NSString, forKey: "RecordName")
        coder.encode(zoneID, forKey: "ZoneID")
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "RecordName"),
              let zone = coder.decodeObject(of: KeyedZoneID.self, forKey: "ZoneID") else { return nil }
        recordName = name as String
        zoneID = zone
    }
}

final class KeyedReference: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let recordID: KeyedRecordID
    let action: Int

    init(recordID: KeyedRecordID, action: Int) {
        self.recordID = recordID
        self.action = action
    }

    func encode(with coder: NSCoder) {
        coder.encode(recordID, forKey: "recordID")
        coder.encode(action, forKey: "action")
    }

    init?(coder: NSCoder) {
        guard let id = coder.decodeObject(of: KeyedRecordID.self, forKey: "recordID") else { return nil }
        recordID = id
        action = coder.decodeInteger(forKey: "action")
    }
}

final class KeyedNote: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let recordType: String
    let recordID: KeyedRecordID
    let changeTag: String
    let creationDate: Date
    let modificationDate: Date
    let creator: String
    let modifier: String
    let text: String
    let count: Int64
    let tags: [String]
    let ratio: Double
    let attachment: Data
    let folder: KeyedReference

    init(_ note: NoteValues) {
        let zone = KeyedZoneID(zoneName: note.zoneName, ownerName: note.ownerName)
        recordType = "Note"
        recordID = KeyedRecordID(recordName: note.recordName, zoneID: zone)
        changeTag = note.changeTag
        creationDate = note.created
        modificationDate = note.modified
        creator = note.ownerName
        modifier = note.ownerName
        text = note.text
        count = note.count
        tags = note.tags
        ratio = note.ratio
        attachment = note.attachment
        folder = KeyedReference(recordID: KeyedRecordID(recordName: note.folderName, zoneID: zone), action: 1)
    }

    func encode(with coder: NSCoder) {
        coder.encode(recordType as NSString, forKey: "RecordType")
        coder.encode(recordID, forKey: "RecordID")
        coder.encode(changeTag as NSString, forKey: "ETag")
        coder.encode(creationDate as NSDate, forKey: "RecordCtime")
        coder.encode(modificationDate as NSDate, forKey: "RecordMtime")
        coder.encode(creator as NSString, forKey: "CreatorUserRecordID")
        coder.encode(modifier as NSString, forKey: "LastModifiedUserRecordID")
        coder.encode(text as NSString, forKey: "text")
        coder.encode(count, forKey: "count")
        coder.encode(tags.map { $0 as NSString } as NSArray, forKey: "tags")
        coder.encode(ratio, forKey: "ratio")
        coder.encode(attachment as NSData, forKey: "attachment")
        coder.encode(folder, forKey: "folder")
    }

    init?(coder: NSCoder) {
        guard let type = coder.decodeObject(of: NSString.self, forKey: "RecordType"),
              let id = coder.decodeObject(of: KeyedRecordID.self, forKey: "RecordID"),
              let tag = coder.decodeObject(of: NSString.self, forKey: "ETag"),
              let created = coder.decodeObject(of: NSDate.self, forKey: "RecordCtime"),
              let modified = coder.decodeObject(of: NSDate.self, forKey: "RecordMtime"),
              let creator = coder.decodeObject(of: NSString.self, forKey: "CreatorUserRecordID"),
              let modifier = coder.decodeObject(of: NSString.self, forKey: "LastModifiedUserRecordID"),
              let text = coder.decodeObject(of: NSString.self, forKey: "text"),
              let tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "tags") as? [String],
              let attachment = coder.decodeObject(of: NSData.self, forKey: "attachment"),
              let folder = coder.decodeObject(of: KeyedReference.self, forKey: "folder")
        else { return nil }
        recordType = type as String
        recordID = id
        changeTag = tag as String
        creationDate = created as Date
        modificationDate = modified as Date
        self.creator = creator as String
        self.modifier = modifier as String
        self.text = text as String
        count = coder.decodeInt64(forKey: "count")
        self.tags = tags
        ratio = coder.decodeDouble(forKey: "ratio")
        self.attachment = attachment as Data
        self.folder = folder
    }
}
