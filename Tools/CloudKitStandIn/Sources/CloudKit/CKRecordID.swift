import Foundation

// Top-level classes named as the Objective-C classes are, which Swift shows nested (`NS_SWIFT_NAME`):
// swift-corelibs-foundation's archiver cannot archive nested classes.
extension CKRecord {
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/id
    public typealias ID = CKRecordID
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/reference
    public typealias Reference = CKReference

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/referenceaction
    public enum ReferenceAction: UInt, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckrecord/referenceaction/none
        case none = 0
        /// https://developer.apple.com/documentation/cloudkit/ckrecord/referenceaction/deleteself
        case deleteSelf = 1
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckrecord/id
open class CKRecordID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/id/recordname
    public let recordName: String
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/id/zoneid
    public let zoneID: CKRecordZone.ID

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/id/init(recordname:zoneid:)
    public init(recordName: String, zoneID: CKRecordZone.ID) {
        self.recordName = recordName
        self.zoneID = zoneID
    }

    /// https://developer.apple.com/documentation/foundation/nssecurecoding/supportssecurecoding
    public static var supportsSecureCoding: Bool { true }

    /// https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
    /// Archived keys as in Apple's archives: `RecordName`, `ZoneID`.
    public required init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "RecordName"),
              let zone = coder.decodeObject(of: CKRecordZone.ID.self, forKey: "ZoneID")
        else { return nil }
        self.recordName = String(name)
        self.zoneID = zone
    }

    /// https://developer.apple.com/documentation/foundation/nscoding/encode(with:)
    open func encode(with coder: NSCoder) {
        coder.encode(NSString(string: recordName), forKey: "RecordName")
        coder.encode(zoneID, forKey: "ZoneID")
    }

    /// https://developer.apple.com/documentation/foundation/nscopying/copy(with:)
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/isequal(_:)
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CKRecordID else { return false }
        return recordName == other.recordName && zoneID.isEqual(other.zoneID)
    }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/hash
    open override var hash: Int { recordName.hashValue ^ zoneID.hash }
}

/// https://developer.apple.com/documentation/cloudkit/ckrecord/reference
open class CKReference: NSObject, NSSecureCoding, NSCopying, __CKRecordObjCValue {
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/reference/recordid
    public let recordID: CKRecord.ID
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/reference/action
    public let action: CKRecord.ReferenceAction

    /// https://developer.apple.com/documentation/cloudkit/ckrecord/reference/init(recordid:action:)
    public init(recordID: CKRecord.ID, action: CKRecord.ReferenceAction) {
        self.recordID = recordID
        self.action = action
    }

    /// https://developer.apple.com/documentation/foundation/nssecurecoding/supportssecurecoding
    public static var supportsSecureCoding: Bool { true }

    /// https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
    /// Archived keys as RecordKit's keyed-archive reader reads Apple's `CKReference`: `RecordID`, `Action`.
    public required init?(coder: NSCoder) {
        guard let id = coder.decodeObject(of: CKRecord.ID.self, forKey: "RecordID"),
              let action = CKRecord.ReferenceAction(rawValue: UInt(coder.decodeInteger(forKey: "Action")))
        else { return nil }
        self.recordID = id
        self.action = action
    }

    /// https://developer.apple.com/documentation/foundation/nscoding/encode(with:)
    open func encode(with coder: NSCoder) {
        coder.encode(recordID, forKey: "RecordID")
        coder.encode(Int(action.rawValue), forKey: "Action")
    }

    /// https://developer.apple.com/documentation/foundation/nscopying/copy(with:)
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
