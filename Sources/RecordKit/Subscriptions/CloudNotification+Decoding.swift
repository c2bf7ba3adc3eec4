import Foundation

extension CloudNotification {
    /// Reads a push payload from its JSON: `{"aps": {...}, "ck": {...}}`.
    ///
    /// The `ck` member is required; in it `qry` (a query subscription: `rid` the record name, `fo` the reason),
    /// `fet` (a record zone subscription) or `met` (a database subscription) say which kind fired, each with `sid`
    /// (the subscription ID), `dbs` (the database: 0 public, 1 private, 2 shared), `zid` and `zoid` (the zone's
    /// name and owner). These are the keys of the payloads CloudKit sends, as Apple's `CKNotification` reads them;
    /// members this reader does not know are skipped, and a number it does not know (a future database or
    /// reason) reads as nil. Anything else malformed is a ``WebServicesError`` naming the member and byte offset.
    public static func decode(_ data: Data) throws(WebServicesError) -> CloudNotification {
        try WebServicesJSON.scan(data) { (s: inout JSONScanner) throws(WebServicesError) in try s.readNotification() }
    }
}

/// The members of one `qry`, `fet` or `met` object.
private struct SubscriptionMembers {
    var subscriptionID: String?
    var databaseScope: DatabaseScope?
    var zoneName: String?
    var zoneOwner: String?
    var recordName: String?
    var reason: QueryNotificationReason?

    var zoneID: RecordZoneID? {
        guard let zoneName else { return nil }
        return RecordZoneID(zoneName: zoneName, ownerName: zoneOwner ?? RecordZoneID.defaultOwnerName)
    }
}

extension JSONScanner {
    fileprivate mutating func readNotification() throws(WebServicesError) -> CloudNotification {
        try beginObject()
        let start = index
        var notification = CloudNotification(kind: .unspecified, isContentAvailable: false)
        var sawCloudKit = false
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "ck") {
                sawCloudKit = true
                try member("ck") { (s: inout JSONScanner) throws(WebServicesError) in try s.readCloudKitMember(into: &notification) }
            } else if self.key(key, is: "aps") {
                try member("aps") { (s: inout JSONScanner) throws(WebServicesError) in try s.readAPS(into: &notification) }
            } else {
                try skipMember(key)
            }
        }
        guard sawCloudKit else {
            throw error(.invalidValue("not a CloudKit push: the payload has no \"ck\" member"), at: start)
        }
        return notification
    }

    private mutating func readCloudKitMember(into notification: inout CloudNotification) throws(WebServicesError) {
        try beginObject()
        var first = true
        var kinds = 0
        while let key = try nextKey(&first) {
            let name = string(of: key)
            switch name {
            case "cid": notification.containerIdentifier = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "nid": notification.notificationID = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "ckuserid": notification.userRecordName = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "qry", "fet", "met":
                kinds += 1
                let members = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readSubscriptionMembers() }
                notification.subscriptionID = members.subscriptionID
                notification.databaseScope = members.databaseScope
                switch name {
                case "qry":
                    let recordID = members.recordName.map { RecordID(recordName: $0, zoneID: members.zoneID ?? .default) }
                    notification.kind = .query(recordID: recordID, reason: members.reason)
                case "fet": notification.kind = .recordZone(members.zoneID)
                default: notification.kind = .database(zoneID: members.zoneID)
                }
            default: try skipMember(key)
            }
        }
        if kinds > 1 {
            throw error(.invalidValue("a CloudKit push names more than one of qry, fet and met"))
        }
    }

    private mutating func readSubscriptionMembers() throws(WebServicesError) -> SubscriptionMembers {
        try beginObject()
        var members = SubscriptionMembers()
        var first = true
        while let key = try nextKey(&first) {
            let name = string(of: key)
            switch name {
            case "sid": members.subscriptionID = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "zid": members.zoneName = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "zoid": members.zoneOwner = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "rid": members.recordName = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "dbs":
                let scope = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalInt64() }
                members.databaseScope = scope.flatMap(DatabaseScope.init(pushPayloadValue:))
            case "fo":
                let reason = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalInt64() }
                members.reason = reason.flatMap { Int(exactly: $0) }.flatMap(QueryNotificationReason.init(rawValue:))
            default: try skipMember(key)
            }
        }
        return members
    }

    private mutating func readAPS(into notification: inout CloudNotification) throws(WebServicesError) {
        try beginObject()
        var first = true
        while let key = try nextKey(&first) {
            let name = string(of: key)
            switch name {
            case "content-available":
                let flag = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalInt64() }
                notification.isContentAvailable = flag == 1
            case "alert": try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readAlert(into: &notification.alert) }
            case "badge": notification.alert.badge = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalInt64() }
            case "category": notification.alert.category = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "sound": notification.alert.sound = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readSound() }
            default: try skipMember(key)
            }
        }
    }

    /// `alert` is a string (the body) or an object with `title`, `subtitle` and `body`.
    private mutating func readAlert(into alert: inout CloudNotification.Alert) throws(WebServicesError) {
        switch try peekKind() {
        case .string: alert.body = try readString()
        case .null: try readNull()
        case .object:
            try beginObject()
            var first = true
            while let key = try nextKey(&first) {
                let name = string(of: key)
                switch name {
                case "title": alert.title = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
                case "subtitle": alert.subtitle = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
                case "body": alert.body = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
                default: try skipMember(key)
                }
            }
        default: throw mismatch(expected: "a string or an object")
        }
    }

    /// `sound` is a name, or an object (a critical alert) whose `name` is the sound.
    private mutating func readSound() throws(WebServicesError) -> String? {
        switch try peekKind() {
        case .string: return try readString()
        case .null:
            try readNull()
            return nil
        case .object:
            try beginObject()
            var sound: String?
            var first = true
            while let key = try nextKey(&first) {
                if self.key(key, is: "name") {
                    sound = try member("name") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
                } else {
                    try skipMember(key)
                }
            }
            return sound
        default: throw mismatch(expected: "a string or an object")
        }
    }

    /// An integer, or nil for `null`.
    private mutating func readOptionalInt64() throws(WebServicesError) -> Int64? {
        if readNullIfPresent() { return nil }
        return try readInt64()
    }
}
