/// A subscription: a standing request that CloudKit push a notification when records change.
///
/// A value that maps to `CKDatabaseSubscription`, `CKRecordZoneSubscription` or `CKQuerySubscription` (in
/// RecordKitCloudKit) and to the Web Services `subscriptions/modify` body. CloudKit keeps subscriptions per database
/// and user; saving one with an existing ID replaces it
/// (https://developer.apple.com/documentation/cloudkit/cksubscription).
public struct Subscription: Sendable, Hashable, Identifiable {
    /// What the subscription watches.
    public enum Kind: Sendable, Hashable {
        /// Every change in the database, in every zone
        /// (https://developer.apple.com/documentation/cloudkit/ckdatabasesubscription). Not available in the public
        /// database.
        case database
        /// Every change in one zone (https://developer.apple.com/documentation/cloudkit/ckrecordzonesubscription).
        case recordZone(RecordZoneID)
        /// Changes to records that match a query
        /// (https://developer.apple.com/documentation/cloudkit/ckquerysubscription).
        case query(QuerySubscription)
    }

    /// The subscription's ID, unique in its database.
    public var id: String
    /// What it watches.
    public var kind: Kind
    /// How the push looks; silent by default.
    public var notificationInfo: SubscriptionNotificationInfo

    /// A subscription.
    public init(id: String, kind: Kind, notificationInfo: SubscriptionNotificationInfo = .silent) {
        self.id = id
        self.kind = kind
        self.notificationInfo = notificationInfo
    }

    /// Whether a notification came from this subscription.
    public func matches(_ notification: CloudNotification) -> Bool {
        notification.subscriptionID == id
    }
}

/// A query subscription: a record type, filters, an optional zone and the changes that fire it.
public struct QuerySubscription: Sendable, Hashable {
    /// The changes that fire a query subscription
    /// (https://developer.apple.com/documentation/cloudkit/ckquerysubscription/options-swift.struct).
    public struct FiresOn: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        /// Creates a set from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A matching record was created.
        public static let recordCreation = FiresOn(rawValue: 1 << 0)
        /// A matching record was updated.
        public static let recordUpdate = FiresOn(rawValue: 1 << 1)
        /// A matching record was deleted.
        public static let recordDeletion = FiresOn(rawValue: 1 << 2)
        /// Creation, update and deletion.
        public static let all: FiresOn = [.recordCreation, .recordUpdate, .recordDeletion]
    }

    /// The record type the query matches.
    public var recordType: String
    /// The conditions a record must meet, all of them; empty matches every record of the type.
    public var filters: [QueryFilter]
    /// The zone to watch; nil watches every zone of the database.
    public var zoneID: RecordZoneID?
    /// The changes that fire the subscription.
    public var firesOn: FiresOn
    /// Whether the subscription is deleted after it fires once.
    public var firesOnce: Bool

    /// A query subscription.
    public init(
        recordType: String, filters: [QueryFilter] = [], zoneID: RecordZoneID? = nil, firesOn: FiresOn = .all,
        firesOnce: Bool = false
    ) {
        self.recordType = recordType
        self.filters = filters
        self.zoneID = zoneID
        self.firesOn = firesOn
        self.firesOnce = firesOnce
    }

    /// Whether a record change fires this subscription: the record is of the type, in the zone when one is set,
    /// and meets every filter (the record as it is after the change, or before it for a deletion).
    public func isFired(by record: Record, change: QueryNotificationReason) -> Bool {
        guard record.recordType == recordType else { return false }
        if let zoneID, record.id.zoneID != zoneID { return false }
        let needed: FiresOn = switch change {
        case .recordCreated: .recordCreation
        case .recordUpdated: .recordUpdate
        case .recordDeleted: .recordDeletion
        }
        return firesOn.contains(needed) && filters.allSatisfy { $0.isMet(by: record) }
    }
}
