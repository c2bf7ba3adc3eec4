#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension CloudNotification {
    /// The notification of a push's `userInfo`, read by CloudKit's
    /// `CKNotification(fromRemoteNotificationDictionary:)`; nil when the payload is not a CloudKit push.
    /// https://developer.apple.com/documentation/cloudkit/cknotification/init(fromremotenotificationdictionary:)
    public init?(remoteNotification userInfo: [AnyHashable: Any]) {
        guard let notification = CKNotification(fromRemoteNotificationDictionary: userInfo) else { return nil }
        self.init(ckNotification: notification)
    }

    /// The notification a `CKNotification` describes: a `CKQueryNotification`, `CKRecordZoneNotification` or
    /// `CKDatabaseNotification`, with its subscription, database and what it says of the change. CloudKit's
    /// database notification names no zone, so its kind is `.database(zoneID: nil)`, and the engine fetches the
    /// database's changes.
    public init(ckNotification notification: CKNotification) {
        let kind: Kind
        var scope: DatabaseScope?
        if let query = notification as? CKQueryNotification {
            kind = .query(
                recordID: query.recordID.map(RecordID.init),
                reason: QueryNotificationReason(rawValue: query.queryNotificationReason.rawValue))
            scope = DatabaseScope(query.databaseScope)
        } else if let zone = notification as? CKRecordZoneNotification {
            kind = .recordZone(zone.recordZoneID.map(RecordZoneID.init))
            scope = DatabaseScope(zone.databaseScope)
        } else if let database = notification as? CKDatabaseNotification {
            kind = .database(zoneID: nil)
            scope = DatabaseScope(database.databaseScope)
        } else {
            kind = .unspecified
        }
        self.init(
            kind: kind, subscriptionID: notification.subscriptionID, databaseScope: scope,
            containerIdentifier: notification.containerIdentifier)
    }
}
#endif
