import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckrecord
open class CKRecord: NSObject, NSSecureCoding, NSCopying, CKRecordKeyValueSetting {
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/recordtype-swift.typealias
    public typealias RecordType = String
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/fieldkey
    public typealias FieldKey = String

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/recordtype-swift.property
    public let recordType: CKRecord.RecordType
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/recordid
    public let recordID: CKRecord.ID
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/recordchangetag
    public private(set) var recordChangeTag: String?
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/creationdate
    public private(set) var creationDate: Date?
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/modificationdate
    public private(set) var modificationDate: Date?
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/creatoruserrecordid
    public private(set) var creatorUserRecordID: CKRecord.ID?
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/lastmodifieduserrecordid
    public private(set) var lastModifiedUserRecordID: CKRecord.ID?
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/parent
    public var parent: CKRecord.Reference?
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/share
    public internal(set) var share: CKRecord.Reference?

    // System fields the framework keeps without public properties, kept for `encodeSystemFields(with:)`.
    private var modifiedByDevice: String?
    private var knownToServer = false
    private var values = RecordValueStore()
    private var encrypted = RecordValueStore()

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/init(recordtype:recordid:)
    public init(recordType: CKRecord.RecordType, recordID: CKRecord.ID) {
        self.recordType = recordType
        self.recordID = recordID
    }

    /// https://developer.apple.com/documentation/foundation/nssecurecoding/supportssecurecoding
    public static var supportsSecureCoding: Bool { true }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/init(coder:)
    /// Reads the keys `encodeSystemFields(with:)` writes, as Apple's archives hold them; the value stores of a
    /// whole archived record are not read by the stand-in.
    public required init?(coder: NSCoder) {
        guard let type = coder.decodeObject(of: NSString.self, forKey: "RecordType"),
              let id = coder.decodeObject(of: CKRecord.ID.self, forKey: "RecordID")
        else { return nil }
        recordType = String(type)
        recordID = id
        recordChangeTag = coder.decodeObject(of: NSString.self, forKey: "ETag").map(String.init)
        creationDate = coder.decodeObject(of: NSDate.self, forKey: "RecordCtime").map { $0 as Date }
        modificationDate = coder.decodeObject(of: NSDate.self, forKey: "RecordMtime").map { $0 as Date }
        creatorUserRecordID = coder.decodeObject(of: CKRecord.ID.self, forKey: "CreatorUserRecordID")
        lastModifiedUserRecordID = coder.decodeObject(of: CKRecord.ID.self, forKey: "LastModifiedUserRecordID")
        modifiedByDevice = coder.decodeObject(of: NSString.self, forKey: "ModifiedByDevice").map(String.init)
        parent = coder.decodeObject(of: CKRecord.Reference.self, forKey: "ParentReference")
        share = coder.decodeObject(of: CKRecord.Reference.self, forKey: "ShareReference")
        knownToServer = coder.decodeBool(forKey: "KnownToServer")
    }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/encodesystemfields(with:)
    /// The keys go straight into the coder (no root object), as in Apple's archives.
    open func encodeSystemFields(with coder: NSCoder) {
        coder.encode(NSString(string: recordType), forKey: "RecordType")
        coder.encode(recordID, forKey: "RecordID")
        if let creationDate { coder.encode(creationDate as NSDate, forKey: "RecordCtime") }
        if let modificationDate { coder.encode(modificationDate as NSDate, forKey: "RecordMtime") }
        if let creatorUserRecordID { coder.encode(creatorUserRecordID, forKey: "CreatorUserRecordID") }
        if let lastModifiedUserRecordID { coder.encode(lastModifiedUserRecordID, forKey: "LastModifiedUserRecordID") }
        if let modifiedByDevice { coder.encode(NSString(string: modifiedByDevice), forKey: "ModifiedByDevice") }
        if let recordChangeTag { coder.encode(NSString(string: recordChangeTag), forKey: "ETag") }
        if let parent { coder.encode(parent, forKey: "ParentReference") }
        if let share { coder.encode(share, forKey: "ShareReference") }
        coder.encode(knownToServer, forKey: "KnownToServer")
        coder.encode(1, forKey: "Permission")
    }

    /// https://developer.apple.com/documentation/foundation/nscoding/encode(with:)
    /// NSCoding: the stand-in archives the system fields only (the bridge never archives whole records).
    open func encode(with coder: NSCoder) {
        encodeSystemFields(with: coder)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord (NSCopying)
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKRecord(recordType: recordType, recordID: recordID)
        copy.copyValues(from: self)
        return copy
    }

    /// Not Apple API: what the server sets on a record it saved (a new change tag, its dates), for the
    /// stand-in's tests that play the server.
    package func markSaved(changeTag: String, at date: Date = Date(timeIntervalSince1970: 0)) {
        recordChangeTag = changeTag
        creationDate = creationDate ?? date
        modificationDate = date
        knownToServer = true
    }

    /// The system fields and values of `other`, for `copy(with:)` here and in subclasses.
    func copyValues(from other: CKRecord) {
        recordChangeTag = other.recordChangeTag
        creationDate = other.creationDate
        modificationDate = other.modificationDate
        creatorUserRecordID = other.creatorUserRecordID
        lastModifiedUserRecordID = other.lastModifiedUserRecordID
        parent = other.parent
        share = other.share
        modifiedByDevice = other.modifiedByDevice
        knownToServer = other.knownToServer
        values = other.values.copyStore()
        encrypted = other.encrypted.copyStore()
    }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/object(forkey:)
    open func object(forKey key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? {
        values.object(forKey: key)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/setobject(_:forkey:)
    open func setObject(_ object: (any __CKRecordObjCValue)?, forKey key: CKRecord.FieldKey) {
        values.setObject(object, forKey: key)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/subscript(_:)-4g91i
    open subscript(key: CKRecord.FieldKey) -> (any __CKRecordObjCValue)? {
        get { object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/allkeys()
    open func allKeys() -> [CKRecord.FieldKey] { values.allKeys() }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/changedkeys()
    open func changedKeys() -> [CKRecord.FieldKey] { values.changedKeys() + encrypted.changedKeys() }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/encryptedvalues
    open var encryptedValues: any CKRecordKeyValueSetting { encrypted }
}
