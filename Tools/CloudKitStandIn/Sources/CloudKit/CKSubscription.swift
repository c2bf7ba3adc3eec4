import Foundation

/// https://developer.apple.com/documentation/cloudkit/cksubscription
open class CKSubscription: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/cksubscription/id
    public typealias ID = String

    /// https://developer.apple.com/documentation/cloudkit/cksubscription/subscriptionid
    public let subscriptionID: CKSubscription.ID
    /// https://developer.apple.com/documentation/cloudkit/cksubscription/subscriptiontype-swift.property
    public let subscriptionType: CKSubscription.SubscriptionType
    /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.property
    public var notificationInfo: CKSubscription.NotificationInfo?

    init(subscriptionID: CKSubscription.ID, subscriptionType: CKSubscription.SubscriptionType) {
        self.subscriptionID = subscriptionID
        self.subscriptionType = subscriptionType
    }

    /// https://developer.apple.com/documentation/cloudkit/cksubscription/subscriptiontype-swift.enum
    public enum SubscriptionType: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/subscriptiontype-swift.enum/query
        case query = 1
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/subscriptiontype-swift.enum/recordzone
        case recordZone = 2
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/subscriptiontype-swift.enum/database
        case database = 3
    }

    /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class
    open class NotificationInfo: NSObject, @unchecked Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/alertbody
        public var alertBody: String?
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/title
        public var title: String?
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/subtitle
        public var subtitle: String?
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/soundname
        public var soundName: String?
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/desiredkeys
        public var desiredKeys: [CKRecord.FieldKey]?
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/shouldbadge
        public var shouldBadge = false
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/shouldsendcontentavailable
        public var shouldSendContentAvailable = false
        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/category
        public var category: String?

        /// https://developer.apple.com/documentation/cloudkit/cksubscription/notificationinfo-swift.class/init()
        override public init() {}
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription
open class CKDatabaseSubscription: CKSubscription, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription/recordtype
    public var recordType: CKRecord.RecordType?

    /// https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription/init(subscriptionid:)
    public init(subscriptionID: CKSubscription.ID) {
        super.init(subscriptionID: subscriptionID, subscriptionType: .database)
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckrecordzonesubscription
open class CKRecordZoneSubscription: CKSubscription, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckrecordzonesubscription/zoneid
    public let zoneID: CKRecordZone.ID
    /// https://developer.apple.com/documentation/cloudkit/ckrecordzonesubscription/recordtype
    public var recordType: CKRecord.RecordType?

    /// https://developer.apple.com/documentation/cloudkit/ckrecordzonesubscription/init(zoneid:subscriptionid:)
    public init(zoneID: CKRecordZone.ID, subscriptionID: CKSubscription.ID) {
        self.zoneID = zoneID
        super.init(subscriptionID: subscriptionID, subscriptionType: .recordZone)
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckquerysubscription
open class CKQuerySubscription: CKSubscription, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/recordtype-4qgdo
    public let recordType: CKRecord.RecordType?
    /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/predicate
    public let predicate: NSPredicate
    /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/zoneid
    public var zoneID: CKRecordZone.ID?
    /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/querysubscriptionoptions
    public let querySubscriptionOptions: CKQuerySubscription.Options

    /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/init(recordtype:predicate:subscriptionid:options:)
    public init(
        recordType: CKRecord.RecordType, predicate: NSPredicate, subscriptionID: CKSubscription.ID,
        options querySubscriptionOptions: CKQuerySubscription.Options = [.firesOnRecordCreation, .firesOnRecordUpdate, .firesOnRecordDeletion]
    ) {
        self.recordType = recordType
        self.predicate = predicate
        self.querySubscriptionOptions = querySubscriptionOptions
        super.init(subscriptionID: subscriptionID, subscriptionType: .query)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/options-swift.struct
    public struct Options: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/options-swift.struct/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/options-swift.struct/rawvalue
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/options-swift.struct/firesonrecordcreation
        public static let firesOnRecordCreation = Options(rawValue: 1 << 0)
        /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/options-swift.struct/firesonrecordupdate
        public static let firesOnRecordUpdate = Options(rawValue: 1 << 1)
        /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/options-swift.struct/firesonrecorddeletion
        public static let firesOnRecordDeletion = Options(rawValue: 1 << 2)
        /// https://developer.apple.com/documentation/cloudkit/ckquerysubscription/options-swift.struct/firesonce
        public static let firesOnce = Options(rawValue: 1 << 3)
    }
}
