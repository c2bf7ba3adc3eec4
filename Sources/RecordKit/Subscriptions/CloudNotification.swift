/// A push CloudKit sent because a subscription fired, read from its payload.
///
/// CloudKit's payload is an APNs dictionary whose `ck` member says which container, subscription, database, zone
/// and record the change concerns; ``decode(_:)`` reads it from JSON (what a web courier long-poll or a server
/// receives), and on Apple platforms RecordKitCloudKit builds one from a `CKNotification`. A push only says that
/// something changed: pushes can be dropped or coalesced, so an app fetches the changes since its stored token
/// instead of trusting a push's details
/// (https://developer.apple.com/documentation/cloudkit/ckrecordzonenotification).
public struct CloudNotification: Sendable, Hashable {
    /// What kind of subscription fired, with what the payload says of the change.
    public enum Kind: Sendable, Hashable {
        /// A query subscription (`CKQuerySubscription`): a record matching its predicate was created, updated or
        /// deleted. `recordID` and `reason` are nil when CloudKit pruned them to fit the payload limit.
        case query(recordID: RecordID?, reason: QueryNotificationReason?)
        /// A record zone subscription (`CKRecordZoneSubscription`): something in the zone changed.
        case recordZone(RecordZoneID?)
        /// A database subscription (`CKDatabaseSubscription`): something in the database changed; `zoneID` is the
        /// zone CloudKit named, when it named one.
        case database(zoneID: RecordZoneID?)
        /// A CloudKit payload that names no kind of subscription (CloudKit sends these too); fetch everything.
        case unspecified
    }

    /// What kind of subscription fired.
    public var kind: Kind
    /// The ID of the subscription that fired (`sid`), when the payload names it.
    public var subscriptionID: String?
    /// The database the change is in (`dbs`), when the payload names it.
    public var databaseScope: DatabaseScope?
    /// The container (`cid`), for example `iCloud.com.example.app`.
    public var containerIdentifier: String?
    /// The notification's own ID (`nid`): the same push delivered twice carries the same ID.
    public var notificationID: String?
    /// The record name of the user the push was sent to (`ckuserid`).
    public var userRecordName: String?
    /// What the push shows a person (`aps`); empty for a silent push.
    public var alert: Alert
    /// Whether the push asks to wake the app in the background (`aps.content-available` = 1).
    public var isContentAvailable: Bool

    /// The visible part of a push.
    public struct Alert: Sendable, Hashable {
        /// The alert's title.
        public var title: String?
        /// The alert's subtitle.
        public var subtitle: String?
        /// The alert's text.
        public var body: String?
        /// The badge number to show on the app's icon.
        public var badge: Int64?
        /// The name of the sound to play.
        public var sound: String?
        /// The notification category, for actions.
        public var category: String?

        /// An alert; all parts nil is a silent push.
        public init(
            title: String? = nil, subtitle: String? = nil, body: String? = nil, badge: Int64? = nil,
            sound: String? = nil, category: String? = nil
        ) {
            self.title = title
            self.subtitle = subtitle
            self.body = body
            self.badge = badge
            self.sound = sound
            self.category = category
        }

        /// Whether nothing is shown to a person.
        public var isEmpty: Bool {
            title == nil && subtitle == nil && body == nil && badge == nil && sound == nil && category == nil
        }
    }

    /// A notification.
    public init(
        kind: Kind, subscriptionID: String? = nil, databaseScope: DatabaseScope? = nil,
        containerIdentifier: String? = nil, notificationID: String? = nil, userRecordName: String? = nil,
        alert: Alert = Alert(), isContentAvailable: Bool = true
    ) {
        self.kind = kind
        self.subscriptionID = subscriptionID
        self.databaseScope = databaseScope
        self.containerIdentifier = containerIdentifier
        self.notificationID = notificationID
        self.userRecordName = userRecordName
        self.alert = alert
        self.isContentAvailable = isContentAvailable
    }

    /// Whether the push is silent: it wakes the app and shows nothing.
    public var isSilent: Bool { alert.isEmpty }

    /// The zone the change is in, when the payload names one.
    public var zoneID: RecordZoneID? {
        switch kind {
        case let .query(recordID, _): recordID?.zoneID
        case let .recordZone(zoneID): zoneID
        case let .database(zoneID): zoneID
        case .unspecified: nil
        }
    }
}

/// Why a query subscription fired (https://developer.apple.com/documentation/cloudkit/ckquerynotification/reason).
public enum QueryNotificationReason: Int, Sendable, Hashable, CaseIterable {
    /// A record matching the predicate was created.
    case recordCreated = 1
    /// A record matching the predicate was updated.
    case recordUpdated = 2
    /// A record matching the predicate was deleted.
    case recordDeleted = 3
}
