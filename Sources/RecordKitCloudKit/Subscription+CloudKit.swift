#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension Subscription {
    /// The `CKSubscription` of this subscription: a `CKDatabaseSubscription`, a `CKRecordZoneSubscription` or a
    /// `CKQuerySubscription` (its predicate built by ``QueryPredicateFormat``), with its notification info.
    ///
    /// - Throws: ``CloudKitBridgeError/unsupportedQueryFilter(field:comparator:)`` for a query filter `CKQuery`
    ///   cannot express.
    public func ckSubscription() throws(CloudKitBridgeError) -> CKSubscription {
        let subscription: CKSubscription
        switch kind {
        case .database:
            subscription = CKDatabaseSubscription(subscriptionID: id)
        case let .recordZone(zoneID):
            subscription = CKRecordZoneSubscription(zoneID: CKRecordZone.ID(zoneID), subscriptionID: id)
        case let .query(query):
            var options: CKQuerySubscription.Options = []
            if query.firesOn.contains(.recordCreation) { options.insert(.firesOnRecordCreation) }
            if query.firesOn.contains(.recordUpdate) { options.insert(.firesOnRecordUpdate) }
            if query.firesOn.contains(.recordDeletion) { options.insert(.firesOnRecordDeletion) }
            if query.firesOnce { options.insert(.firesOnce) }
            let predicate = try QueryPredicateFormat(query).nsPredicate()
            let querySubscription = CKQuerySubscription(
                recordType: query.recordType, predicate: predicate, subscriptionID: id, options: options)
            querySubscription.zoneID = query.zoneID.map { CKRecordZone.ID($0) }
            subscription = querySubscription
        }
        subscription.notificationInfo = notificationInfo.ckNotificationInfo()
        return subscription
    }

    /// The subscription a `CKSubscription` describes. A query subscription's predicate is read back from
    /// `predicateFormat` in the forms ``QueryPredicateFormat`` writes.
    ///
    /// - Throws: ``CloudKitBridgeError/unreadablePredicate(subscriptionID:predicate:reason:)`` for a predicate of
    ///   another form, ``CloudKitBridgeError/unknownSubscriptionType(subscriptionID:)`` for another class.
    public init(ckSubscription subscription: CKSubscription) throws(CloudKitBridgeError) {
        let info = subscription.notificationInfo.map(SubscriptionNotificationInfo.init(ckNotificationInfo:)) ?? .silent
        if subscription is CKDatabaseSubscription {
            self.init(id: subscription.subscriptionID, kind: .database, notificationInfo: info)
        } else if let zone = subscription as? CKRecordZoneSubscription {
            self.init(id: subscription.subscriptionID, kind: .recordZone(RecordZoneID(zone.zoneID)), notificationInfo: info)
        } else if let query = subscription as? CKQuerySubscription {
            let options = query.querySubscriptionOptions
            var firesOn: QuerySubscription.FiresOn = []
            if options.contains(.firesOnRecordCreation) { firesOn.insert(.recordCreation) }
            if options.contains(.firesOnRecordUpdate) { firesOn.insert(.recordUpdate) }
            if options.contains(.firesOnRecordDeletion) { firesOn.insert(.recordDeletion) }
            // NSPredicate's description is its predicateFormat.
            let filters = try QueryPredicateParser.filters(
                from: query.predicate.description, subscriptionID: subscription.subscriptionID)
            let value = QuerySubscription(
                recordType: query.recordType ?? "", filters: filters, zoneID: query.zoneID.map(RecordZoneID.init),
                firesOn: firesOn, firesOnce: options.contains(.firesOnce))
            self.init(id: subscription.subscriptionID, kind: .query(value), notificationInfo: info)
        } else {
            throw .unknownSubscriptionType(subscriptionID: subscription.subscriptionID)
        }
    }
}

extension SubscriptionNotificationInfo {
    /// The `CKSubscription.NotificationInfo` of this notification info.
    public func ckNotificationInfo() -> CKSubscription.NotificationInfo {
        let info = CKSubscription.NotificationInfo()
        info.shouldSendContentAvailable = shouldSendContentAvailable
        info.title = title
        info.subtitle = subtitle
        info.alertBody = alertBody
        info.soundName = soundName
        info.shouldBadge = shouldBadge
        info.category = category
        info.desiredKeys = desiredKeys.isEmpty ? nil : desiredKeys
        return info
    }

    /// The notification info of a `CKSubscription.NotificationInfo`.
    public init(ckNotificationInfo info: CKSubscription.NotificationInfo) {
        self.init(
            shouldSendContentAvailable: info.shouldSendContentAvailable, title: info.title, subtitle: info.subtitle,
            alertBody: info.alertBody, soundName: info.soundName, shouldBadge: info.shouldBadge,
            category: info.category, desiredKeys: info.desiredKeys ?? [])
    }
}
#endif
