import Foundation
@_spi(RecordKitTools) import RecordKit

/// The JSON form of records, field values, tokens and IDs for `recordgen inspect --json`.
///
/// Unlike the text form, values are never shortened: bytes are base64, dates carry both an ISO 8601 string and
/// whole milliseconds since 1970.
enum InspectJSONRecord {
    typealias Value = InspectJSONValue

    static func record(_ record: Record) -> Value {
        var fields: [String: Value] = [:]
        for name in record.allKeys {
            let encrypted = record.encryptedFields[name] != nil
            guard let value = record.fields[name] ?? record.encryptedFields[name] else { continue }
            fields[name] = .members([
                "type": .string(value.type.description),
                "encrypted": .bool(encrypted),
                "value": fieldValue(value),
            ])
        }
        let system = record.system
        return .members([
            "recordType": .string(record.recordType),
            "recordName": .string(record.id.recordName),
            "zone": zone(record.id.zoneID),
            "changeTag": system.changeTag.map(Value.string) ?? .null,
            "created": stamp(system.creationDate, user: system.creatorUserRecordName),
            "modified": stamp(system.modificationDate, user: system.lastModifiedUserRecordName),
            "modifiedByDevice": .text(system.modifiedByDevice),
            "parent": system.parent.map(reference),
            "share": system.share.map(reference),
            "fields": .object(fields),
        ])
    }

    static func zone(_ zone: RecordZoneID) -> Value {
        .members(["zoneName": .string(zone.zoneName), "ownerName": .string(zone.ownerName)])
    }

    static func recordID(_ id: RecordID) -> Value {
        .members(["recordName": .string(id.recordName), "zone": zone(id.zoneID)])
    }

    static func token(_ token: ServerChangeToken) -> Value {
        .members([
            "byteCount": .integer(Int64(token.data.count)),
            "hex": .string(Hex.string(token.data)),
            "base64": .string(token.data.base64EncodedString()),
        ])
    }

    /// `{"iso8601": ..., "milliseconds": ...}`; milliseconds are left out for dates too far to count.
    static func date(_ date: Date) -> Value {
        .members([
            "iso8601": .string(InspectFormatting.iso8601(date)),
            "milliseconds": InspectFormatting.milliseconds(date).map(Value.integer),
        ])
    }

    private static func stamp(_ date: Date?, user: String?) -> Value? {
        guard date != nil || user != nil else { return nil }
        return .members(["date": date.map(self.date), "userRecordName": .text(user)])
    }

    static func fieldValue(_ value: FieldValue) -> Value {
        switch value {
        case let .string(text): .string(text)
        case let .int64(number): .integer(number)
        case let .double(number): .double(number)
        case let .timestamp(moment): date(moment)
        case let .bytes(data): .string(data.base64EncodedString())
        case let .asset(item): asset(item)
        case let .reference(item): reference(item)
        case let .location(item): location(item)
        case let .list(list): .array(list.values.map(fieldValue))
        }
    }

    static func asset(_ asset: Asset) -> Value {
        .members([
            "fileURL": .text(asset.fileURL?.absoluteString),
            "fileChecksum": .text(asset.fileChecksum),
            "size": asset.size.map(Value.integer),
            "referenceChecksum": .text(asset.referenceChecksum),
            "wrappingKey": .text(asset.wrappingKey),
            "receipt": .text(asset.receipt),
            "downloadURL": .text(asset.downloadURL),
        ])
    }

    static func reference(_ reference: Reference) -> Value {
        .members([
            "recordName": .string(reference.recordID.recordName),
            "zone": zone(reference.recordID.zoneID),
            "action": .string(reference.action.rawValue),
        ])
    }

    static func location(_ location: Location) -> Value {
        .members([
            "latitude": .double(location.latitude),
            "longitude": .double(location.longitude),
            "altitude": location.altitude.map(Value.double),
            "horizontalAccuracy": location.horizontalAccuracy.map(Value.double),
            "verticalAccuracy": location.verticalAccuracy.map(Value.double),
            "speed": location.speed.map(Value.double),
            "course": location.course.map(Value.double),
            "timestamp": location.timestamp.map(date),
        ])
    }

    static func serverError(_ error: WebServicesServerError) -> Value {
        .members([
            "serverErrorCode": .string(error.serverErrorCode.rawValue),
            "reason": .text(error.reason),
            "retryAfter": error.retryAfter.map(Value.double),
            "uuid": .text(error.uuid),
            "recordName": .text(error.recordName),
            "redirectURL": .text(error.redirectURL),
        ])
    }
}
