import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckrecordzone
open class CKRecordZone: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/id
    /// (the Objective-C class `CKRecordZoneID`, top-level: swift-corelibs-foundation cannot archive nested classes)
    public typealias ID = CKRecordZoneID

    /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/zoneid
    public let zoneID: CKRecordZone.ID

    /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities-swift.property
    public var capabilities: CKRecordZone.Capabilities = []

    /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/init(zoneid:)
    public init(zoneID: CKRecordZone.ID) {
        self.zoneID = zoneID
    }

    /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities-swift.struct
    public struct Capabilities: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities-swift.struct/rawvalue
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities-swift.struct/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities-swift.struct/fetchchanges
        public static let fetchChanges = Capabilities(rawValue: 1 << 0)
        /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities-swift.struct/atomic
        public static let atomic = Capabilities(rawValue: 1 << 1)
        /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/capabilities-swift.struct/sharing
        public static let sharing = Capabilities(rawValue: 1 << 2)
    }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/isequal(_:)
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CKRecordZone)?.zoneID.isEqual(zoneID) == true
    }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/hash
    open override var hash: Int { zoneID.hash }
}

/// https://developer.apple.com/documentation/cloudkit/ckrecordzone/id
open class CKRecordZoneID: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/id/zonename
    public let zoneName: String
    /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/id/ownername
    public let ownerName: String

    /// https://developer.apple.com/documentation/cloudkit/ckrecordzone/id/init(zonename:ownername:)
    public init(zoneName: String, ownerName: String) {
        self.zoneName = zoneName
        self.ownerName = ownerName
    }

    /// https://developer.apple.com/documentation/foundation/nssecurecoding/supportssecurecoding
    public static var supportsSecureCoding: Bool { true }

    /// https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
    /// Archived keys as in Apple's archives: `ZoneName`, `ownerName`.
    public required init?(coder: NSCoder) {
        guard let zoneName = coder.decodeObject(of: NSString.self, forKey: "ZoneName") else { return nil }
        self.zoneName = String(zoneName)
        self.ownerName = coder.decodeObject(of: NSString.self, forKey: "ownerName").map(String.init) ?? CKCurrentUserDefaultName
    }

    /// https://developer.apple.com/documentation/foundation/nscoding/encode(with:)
    open func encode(with coder: NSCoder) {
        coder.encode(NSString(string: zoneName), forKey: "ZoneName")
        coder.encode(NSString(string: ownerName), forKey: "ownerName")
    }

    /// https://developer.apple.com/documentation/foundation/nscopying/copy(with:)
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/isequal(_:)
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CKRecordZoneID else { return false }
        return zoneName == other.zoneName && ownerName == other.ownerName
    }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/hash
    open override var hash: Int { zoneName.hashValue ^ ownerName.hashValue }
}

/// https://developer.apple.com/documentation/cloudkit/ckcurrentuserdefaultname
public let CKCurrentUserDefaultName: String = "__defaultOwner__"
