import RecordKit

/// How `recordgen inspect` shows a CloudKit push payload, as text and as JSON.
enum InspectNotification {
    /// The kind, for the JSON `kind` member.
    static func kindIdentifier(_ notification: CloudNotification) -> String {
        switch notification.kind {
        case .query: "queryNotification"
        case .recordZone: "recordZoneNotification"
        case .database: "databaseNotification"
        case .unspecified: "notification"
        }
    }

    /// The kind, for a person.
    static func kindDescription(_ notification: CloudNotification) -> String {
        let kind = switch notification.kind {
        case .query: "query subscription"
        case .recordZone: "record zone subscription"
        case .database: "database subscription"
        case .unspecified: "no subscription kind named"
        }
        return "\(kind), \(notification.isSilent ? "silent" : "visible")"
    }

    static func text(_ notification: CloudNotification, into text: inout InspectText) {
        if let id = notification.subscriptionID { text.labelled("subscription", InspectFormatting.quoted(id)) }
        if let scope = notification.databaseScope { text.labelled("database", scope.rawValue) }
        if let zone = notification.zoneID { text.labelled("zone", InspectTextRecord.zone(zone)) }
        if case let .query(recordID, reason) = notification.kind {
            if let recordID { text.labelled("record", InspectFormatting.quoted(recordID.recordName)) }
            if let reason { text.labelled("reason", reasonName(reason)) }
        }
        if let container = notification.containerIdentifier { text.labelled("container", container) }
        if let id = notification.notificationID { text.labelled("notification", id) }
        if let user = notification.userRecordName { text.labelled("user", user) }
        text.labelled("wakes app", String(notification.isContentAvailable))
        let alert = notification.alert
        for (label, value) in [("title", alert.title), ("subtitle", alert.subtitle), ("alert", alert.body),
                               ("sound", alert.sound), ("category", alert.category)] {
            if let value { text.labelled(label, InspectFormatting.quoted(value)) }
        }
        if let badge = alert.badge { text.labelled("badge", String(badge)) }
    }

    static func json(_ notification: CloudNotification) -> [String: InspectJSONValue] {
        var recordName: String?
        var reason: String?
        if case let .query(recordID, queryReason) = notification.kind {
            recordName = recordID?.recordName
            reason = queryReason.map(reasonName)
        }
        let alert = notification.alert
        return [
            "notification": .members([
                "subscriptionID": .text(notification.subscriptionID),
                "databaseScope": .text(notification.databaseScope?.rawValue),
                "zone": notification.zoneID.map(InspectJSONRecord.zone),
                "recordName": .text(recordName),
                "reason": .text(reason),
                "containerIdentifier": .text(notification.containerIdentifier),
                "notificationID": .text(notification.notificationID),
                "userRecordName": .text(notification.userRecordName),
                "contentAvailable": .bool(notification.isContentAvailable),
                "silent": .bool(notification.isSilent),
                "alert": alert.isEmpty ? nil : .members([
                    "title": .text(alert.title), "subtitle": .text(alert.subtitle), "body": .text(alert.body),
                    "sound": .text(alert.sound), "category": .text(alert.category),
                    "badge": alert.badge.map(InspectJSONValue.integer),
                ]),
            ]),
        ]
    }

    private static func reasonName(_ reason: QueryNotificationReason) -> String {
        switch reason {
        case .recordCreated: "created"
        case .recordUpdated: "updated"
        case .recordDeleted: "deleted"
        }
    }
}
