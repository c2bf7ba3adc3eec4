import Foundation
import RecordKit
import RecordKitSync

/// The Subscription Dictionary of CloudKit Web Services, written by the client and read by the local CloudKit
/// (both sides share this one definition).
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/Types.html
/// (Subscription Dictionary, Notification Info Dictionary)
///
/// - `subscriptionID`; `subscriptionType` `query` or `zone`.
/// - A query subscription: `query` (`recordType`, `filterBy`), `zoneID` when it watches one zone, `firesOn`
///   (`create`, `update`, `delete`) and `firesOnce`.
/// - A zone subscription: `zoneID`. A database subscription (`CKDatabaseSubscription`, which the reference
///   predates) is a zone subscription with `zoneWide: true` and no `zoneID`, as other Web Services clients write it.
/// - `notificationInfo`: `shouldSendContentAvailable`, `alertBody`, `soundName`, `shouldBadge`, and `title`,
///   `subtitle`, `category` and `additionalFields` (the desired keys), which the reference also predates.
package enum SubscriptionJSON {
    /// The dictionary of a subscription; a query filter Web Services cannot carry (`NEAR` with a distance) is
    /// `CloudError/invalidArguments(_:)` naming the subscription.
    package static func object(_ subscription: Subscription) throws(CloudError) -> [String: Any] {
        var object: [String: Any] = ["subscriptionID": subscription.id]
        switch subscription.kind {
        case .database:
            object["subscriptionType"] = "zone"
            object["zoneWide"] = true
        case let .recordZone(zoneID):
            object["subscriptionType"] = "zone"
            object["zoneID"] = WebServicesJSONBodies.zoneIDObject(zoneID)
        case let .query(query):
            object["subscriptionType"] = "query"
            var filters: [[String: Any]] = []
            for filter in query.filters {
                guard filter.distance == nil else {
                    throw .invalidArguments("subscription \(subscription.id): a NEAR filter cannot be written for Web Services")
                }
                guard filter.comparator.isCloudKitComparator else {
                    throw .invalidArguments("subscription \(subscription.id): Web Services has no \(filter.comparator.rawValue) comparator (field \(filter.fieldName))")
                }
                filters.append([
                    "comparator": filter.comparator.rawValue, "fieldName": filter.fieldName,
                    "fieldValue": try WebServicesDatabase.fieldValueObject(filter.value, name: filter.fieldName),
                ])
            }
            var queryObject: [String: Any] = ["recordType": query.recordType]
            if !filters.isEmpty { queryObject["filterBy"] = filters }
            object["query"] = queryObject
            if let zoneID = query.zoneID { object["zoneID"] = WebServicesJSONBodies.zoneIDObject(zoneID) }
            var firesOn: [String] = []
            if query.firesOn.contains(.recordCreation) { firesOn.append("create") }
            if query.firesOn.contains(.recordUpdate) { firesOn.append("update") }
            if query.firesOn.contains(.recordDeletion) { firesOn.append("delete") }
            object["firesOn"] = firesOn
            if query.firesOnce { object["firesOnce"] = true }
        }
        object["notificationInfo"] = notificationInfoObject(subscription.notificationInfo)
        return object
    }

    /// The subscription a dictionary describes, or why it describes none.
    package static func subscription(from value: Any?) -> Result<Subscription, SubscriptionJSONError> {
        guard let object = value as? [String: Any] else { return .failure(.init("a subscription must be an object")) }
        guard let id = object["subscriptionID"] as? String, !id.isEmpty else {
            return .failure(.init("a subscription needs a subscriptionID"))
        }
        let info: SubscriptionNotificationInfo
        switch notificationInfo(from: object["notificationInfo"]) {
        case let .success(read): info = read
        case let .failure(error): return .failure(error.about(id))
        }
        switch object["subscriptionType"] as? String {
        case "zone":
            if object["zoneWide"] as? Bool == true, object["zoneID"] == nil {
                return .success(Subscription(id: id, kind: .database, notificationInfo: info))
            }
            guard let zoneID = WebServicesJSONBodies.zoneID(from: object["zoneID"]), !zoneID.zoneName.isEmpty else {
                return .failure(.init("subscription \(id): a zone subscription needs a zoneID, or zoneWide"))
            }
            return .success(Subscription(id: id, kind: .recordZone(zoneID), notificationInfo: info))
        case "query":
            return querySubscription(object, id: id).map { Subscription(id: id, kind: .query($0), notificationInfo: info) }
        default:
            return .failure(.init("subscription \(id): subscriptionType must be query or zone"))
        }
    }

    private static func querySubscription(_ object: [String: Any], id: String) -> Result<QuerySubscription, SubscriptionJSONError> {
        // The query is read by the record codec's query reader, so its filter values mean what they mean in
        // records/query.
        guard let query = object["query"] as? [String: Any],
              let body = try? JSONSerialization.data(withJSONObject: ["query": query]),
              case let .queryRequest(requests)? = try? WebServicesJSON.contents(of: body), let request = requests.first else {
            return .failure(.init("subscription \(id): query must be a query with a recordType and filterBy"))
        }
        var filters: [QueryFilter] = []
        for filter in request.filters {
            guard let comparator = QueryComparator(rawValue: filter.comparator), comparator != .near, comparator.isCloudKitComparator else {
                return .failure(.init("subscription \(id): the comparator \(filter.comparator) is not supported in subscriptions"))
            }
            filters.append(QueryFilter(filter.fieldName, comparator, filter.fieldValue))
        }
        var zoneID: RecordZoneID?
        if object["zoneID"] != nil {
            guard let read = WebServicesJSONBodies.zoneID(from: object["zoneID"]), !read.zoneName.isEmpty else {
                return .failure(.init("subscription \(id): zoneID needs a zoneName"))
            }
            zoneID = read
        }
        guard let events = object["firesOn"] as? [String], !events.isEmpty else {
            return .failure(.init("subscription \(id): a query subscription fires on create, update or delete"))
        }
        var firesOn: QuerySubscription.FiresOn = []
        for event in events {
            switch event {
            case "create": firesOn.insert(.recordCreation)
            case "update": firesOn.insert(.recordUpdate)
            case "delete": firesOn.insert(.recordDeletion)
            default: return .failure(.init("subscription \(id): firesOn holds \(event), not create, update or delete"))
            }
        }
        return .success(QuerySubscription(
            recordType: request.recordType, filters: filters, zoneID: zoneID, firesOn: firesOn,
            firesOnce: object["firesOnce"] as? Bool ?? false))
    }

    private static func notificationInfoObject(_ info: SubscriptionNotificationInfo) -> [String: Any] {
        var object: [String: Any] = ["shouldSendContentAvailable": info.shouldSendContentAvailable, "shouldBadge": info.shouldBadge]
        if let title = info.title { object["title"] = title }
        if let subtitle = info.subtitle { object["subtitle"] = subtitle }
        if let body = info.alertBody { object["alertBody"] = body }
        if let sound = info.soundName { object["soundName"] = sound }
        if let category = info.category { object["category"] = category }
        if !info.desiredKeys.isEmpty { object["additionalFields"] = info.desiredKeys }
        return object
    }

    private static func notificationInfo(from value: Any?) -> Result<SubscriptionNotificationInfo, SubscriptionJSONError> {
        guard let value else { return .success(.silent) }
        guard let object = value as? [String: Any] else { return .failure(.init("notificationInfo must be an object")) }
        func text(_ key: String) -> String? { object[key] as? String }
        if let keys = object["additionalFields"], !(keys is [String]) {
            return .failure(.init("notificationInfo.additionalFields must be a list of field names"))
        }
        return .success(SubscriptionNotificationInfo(
            shouldSendContentAvailable: object["shouldSendContentAvailable"] as? Bool ?? false,
            title: text("title"), subtitle: text("subtitle"), alertBody: text("alertBody"), soundName: text("soundName"),
            shouldBadge: object["shouldBadge"] as? Bool ?? false, category: text("category"),
            desiredKeys: object["additionalFields"] as? [String] ?? []))
    }
}

/// Why a dictionary is not a subscription.
package struct SubscriptionJSONError: Error, Sendable {
    package var reason: String

    package init(_ reason: String) { self.reason = reason }

    func about(_ id: String) -> SubscriptionJSONError { SubscriptionJSONError("subscription \(id): \(reason)") }
}
