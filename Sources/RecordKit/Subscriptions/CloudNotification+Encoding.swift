import Foundation

extension CloudNotification {
    /// The push payload as JSON, in the shape ``decode(_:)`` reads and CloudKit sends: what the simulator and the
    /// local CloudKit deliver. Members are in byte order, so equal notifications give equal bytes. The subscription
    /// ID and database scope live inside the kind's member, so a notification of kind ``Kind/unspecified`` writes
    /// neither.
    public func encoded() -> Data {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("aps")
        writeAPS(into: &writer)
        writer.key("ck")
        writeCloudKit(into: &writer)
        writer.endObject()
        return Data(writer.bytes)
    }

    private func writeAPS(into writer: inout JSONWriter) {
        writer.beginObject()
        if alert.title != nil || alert.subtitle != nil {
            writer.key("alert")
            writer.beginObject()
            optional("body", alert.body, into: &writer)
            optional("subtitle", alert.subtitle, into: &writer)
            optional("title", alert.title, into: &writer)
            writer.endObject()
        } else {
            optional("alert", alert.body, into: &writer)
        }
        if let badge = alert.badge {
            writer.key("badge")
            writer.int64(badge)
        }
        optional("category", alert.category, into: &writer)
        if isContentAvailable {
            writer.key("content-available")
            writer.int64(1)
        }
        optional("sound", alert.sound, into: &writer)
        writer.endObject()
    }

    private func writeCloudKit(into writer: inout JSONWriter) {
        writer.beginObject()
        optional("cid", containerIdentifier, into: &writer)
        optional("ckuserid", userRecordName, into: &writer)
        switch kind {
        case let .database(zoneID): writeKind("met", zoneID: zoneID, into: &writer)
        case let .recordZone(zoneID): writeKind("fet", zoneID: zoneID, into: &writer)
        case .unspecified: break
        case .query: break
        }
        optional("nid", notificationID, into: &writer)
        if case let .query(recordID, reason) = kind {
            writeKind("qry", zoneID: recordID?.zoneID, recordName: recordID?.recordName, reason: reason, into: &writer)
        }
        writer.endObject()
    }

    private func writeKind(
        _ key: String, zoneID: RecordZoneID?, recordName: String? = nil, reason: QueryNotificationReason? = nil,
        into writer: inout JSONWriter
    ) {
        writer.key(key)
        writer.beginObject()
        if let databaseScope {
            writer.key("dbs")
            writer.int64(databaseScope.pushPayloadValue)
        }
        if let reason {
            writer.key("fo")
            writer.int64(Int64(reason.rawValue))
        }
        optional("rid", recordName, into: &writer)
        optional("sid", subscriptionID, into: &writer)
        optional("zid", zoneID?.zoneName, into: &writer)
        optional("zoid", zoneID?.ownerName, into: &writer)
        writer.endObject()
    }

    private func optional(_ key: String, _ value: String?, into writer: inout JSONWriter) {
        guard let value else { return }
        writer.key(key)
        writer.string(value)
    }
}

extension DatabaseScope {
    /// The database as a push payload's `dbs` counts it, from 0 (Core Data's private-database subscription sends
    /// 1), unlike `CKDatabase.Scope`.
    var pushPayloadValue: Int64 {
        switch self {
        case .public: 0
        case .private: 1
        case .shared: 2
        }
    }

    /// The database a push payload's `dbs` names; nil for a number CloudKit has not documented.
    init?(pushPayloadValue: Int64) {
        guard let scope = Self.allCases.first(where: { $0.pushPayloadValue == pushPayloadValue }) else { return nil }
        self = scope
    }
}
