import Foundation

/// https://developer.apple.com/documentation/cloudkit/cknotification
///
/// The stand-in reads the payload keys CloudKit documents for its pushes (`ck`: `cid`, `qry`, `fet`, `met` with
/// `sid`, `zid`, `zoid`, `rid`, `dbs`, `fo`): the same keys RecordKit's own payload reader reads, written here
/// again so that the stand-in does not depend on RecordKit.
open class CKNotification: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/cknotification/notificationtype-swift.property
    public let notificationType: CKNotification.NotificationType
    /// https://developer.apple.com/documentation/cloudkit/cknotification/containeridentifier
    public let containerIdentifier: String?
    /// https://developer.apple.com/documentation/cloudkit/cknotification/subscriptionid
    public let subscriptionID: CKSubscription.ID?
    /// https://developer.apple.com/documentation/cloudkit/cknotification/ispruned
    public let isPruned: Bool

    /// Not Apple API (CloudKit makes notifications from payloads): for the stand-in's tests.
    package init(notificationType: CKNotification.NotificationType, containerIdentifier: String?, subscriptionID: String?) {
        self.notificationType = notificationType
        self.containerIdentifier = containerIdentifier
        self.subscriptionID = subscriptionID
        isPruned = false
    }

    /// https://developer.apple.com/documentation/cloudkit/cknotification/notificationtype-swift.enum
    public enum NotificationType: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cknotification/notificationtype-swift.enum/query
        case query = 1
        /// https://developer.apple.com/documentation/cloudkit/cknotification/notificationtype-swift.enum/recordzone
        case recordZone = 2
        /// https://developer.apple.com/documentation/cloudkit/cknotification/notificationtype-swift.enum/readnotification
        case readNotification = 3
        /// https://developer.apple.com/documentation/cloudkit/cknotification/notificationtype-swift.enum/database
        case database = 4
    }

    /// The notification a payload describes, of the subclass its kind calls for; nil when it is no CloudKit push.
    fileprivate static func make(from payload: [AnyHashable: Any]) -> CKNotification? {
        guard let ck = payload["ck"] as? [AnyHashable: Any] else { return nil }
        let container = ck["cid"] as? String
        func zoneID(_ members: [AnyHashable: Any]) -> CKRecordZone.ID? {
            guard let name = members["zid"] as? String else { return nil }
            return CKRecordZone.ID(zoneName: name, ownerName: members["zoid"] as? String ?? CKCurrentUserDefaultName)
        }
        func scope(_ members: [AnyHashable: Any]) -> CKDatabase.Scope? {
            // The payload counts databases from 0 (public, private, shared); CKDatabase.Scope from 1.
            (members["dbs"] as? Int).flatMap { CKDatabase.Scope(rawValue: $0 + 1) }
        }
        if let query = ck["qry"] as? [AnyHashable: Any] {
            let recordID = (query["rid"] as? String).map {
                CKRecord.ID(recordName: $0, zoneID: zoneID(query) ?? CKRecordZone.ID(zoneName: "_defaultZone", ownerName: CKCurrentUserDefaultName))
            }
            return CKQueryNotification(
                containerIdentifier: container, subscriptionID: query["sid"] as? String, recordID: recordID,
                queryNotificationReason: (query["fo"] as? Int).flatMap(CKQueryNotification.Reason.init(rawValue:)),
                databaseScope: scope(query) ?? .public)
        }
        if let zone = ck["fet"] as? [AnyHashable: Any] {
            return CKRecordZoneNotification(
                containerIdentifier: container, subscriptionID: zone["sid"] as? String, recordZoneID: zoneID(zone),
                databaseScope: scope(zone) ?? .private)
        }
        if let database = ck["met"] as? [AnyHashable: Any] {
            return CKDatabaseNotification(
                containerIdentifier: container, subscriptionID: database["sid"] as? String,
                databaseScope: scope(database) ?? .private)
        }
        return nil
    }
}

/// Not Apple API: lets the stand-in's `init(fromRemoteNotificationDictionary:)` return a subclass, as CloudKit's
/// does (a Swift class initializer cannot). It serves
/// https://developer.apple.com/documentation/cloudkit/cknotification/init(fromremotenotificationdictionary:)
public protocol CKNotificationFactory {}

extension CKNotification: CKNotificationFactory {}

extension CKNotificationFactory where Self: CKNotification {
    /// https://developer.apple.com/documentation/cloudkit/cknotification/init(fromremotenotificationdictionary:)
    public init?(fromRemoteNotificationDictionary notificationDictionary: [AnyHashable: Any]) {
        guard let made = CKNotification.make(from: notificationDictionary) as? Self else { return nil }
        self = made
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckquerynotification
open class CKQueryNotification: CKNotification, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckquerynotification/recordid
    public let recordID: CKRecord.ID?
    /// https://developer.apple.com/documentation/cloudkit/ckquerynotification/querynotificationreason
    public let queryNotificationReason: CKQueryNotification.Reason
    /// https://developer.apple.com/documentation/cloudkit/ckquerynotification/databasescope
    public let databaseScope: CKDatabase.Scope

    /// Not Apple API: for the stand-in's tests.
    package init(
        containerIdentifier: String?, subscriptionID: String?, recordID: CKRecord.ID?,
        queryNotificationReason: CKQueryNotification.Reason?, databaseScope: CKDatabase.Scope
    ) {
        self.recordID = recordID
        self.queryNotificationReason = queryNotificationReason ?? .recordCreated
        self.databaseScope = databaseScope
        super.init(notificationType: .query, containerIdentifier: containerIdentifier, subscriptionID: subscriptionID)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckquerynotification/reason
    public enum Reason: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckquerynotification/reason/recordcreated
        case recordCreated = 1
        /// https://developer.apple.com/documentation/cloudkit/ckquerynotification/reason/recordupdated
        case recordUpdated = 2
        /// https://developer.apple.com/documentation/cloudkit/ckquerynotification/reason/recorddeleted
        case recordDeleted = 3
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckrecordzonenotification
open class CKRecordZoneNotification: CKNotification, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckrecordzonenotification/recordzoneid
    public let recordZoneID: CKRecordZone.ID?
    /// https://developer.apple.com/documentation/cloudkit/ckrecordzonenotification/databasescope
    public let databaseScope: CKDatabase.Scope

    /// Not Apple API: for the stand-in's tests.
    package init(containerIdentifier: String?, subscriptionID: String?, recordZoneID: CKRecordZone.ID?, databaseScope: CKDatabase.Scope) {
        self.recordZoneID = recordZoneID
        self.databaseScope = databaseScope
        super.init(notificationType: .recordZone, containerIdentifier: containerIdentifier, subscriptionID: subscriptionID)
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckdatabasenotification
open class CKDatabaseNotification: CKNotification, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckdatabasenotification/databasescope
    public let databaseScope: CKDatabase.Scope

    /// Not Apple API: for the stand-in's tests.
    package init(containerIdentifier: String?, subscriptionID: String?, databaseScope: CKDatabase.Scope) {
        self.databaseScope = databaseScope
        super.init(notificationType: .database, containerIdentifier: containerIdentifier, subscriptionID: subscriptionID)
    }
}
