import Foundation
import RecordKit

/// The small bodies the record codec does not read or write (lookups, zone operations, change requests),
/// through JSONSerialization, every mistake a `BAD_REQUEST`.
enum LocalJSON {
    static func data(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// The body as a JSON object; an empty body is an empty object.
    static func object(_ body: Data) throws(LocalRefusal) -> [String: Any] {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw LocalRefusal(.badRequest, "the body is not a JSON object")
        }
        return object
    }

    static func zoneID(_ value: Any?, default fallback: RecordZoneID = .default) throws(LocalRefusal) -> RecordZoneID {
        guard let value else { return fallback }
        guard let object = value as? [String: Any], let name = object["zoneName"] as? String, !name.isEmpty else {
            throw LocalRefusal(.badRequest, "zoneID needs a zoneName")
        }
        let owner = object["ownerRecordName"] as? String ?? RecordZoneID.defaultOwnerName
        return RecordZoneID(zoneName: name, ownerName: owner)
    }

    static func zoneIDObject(_ zone: RecordZoneID) -> [String: Any] {
        var object: [String: Any] = ["zoneName": zone.zoneName]
        if zone.ownerName != RecordZoneID.defaultOwnerName { object["ownerRecordName"] = zone.ownerName }
        return object
    }

    static func token(_ value: Any?) throws(LocalRefusal) -> ServerChangeToken? {
        guard let value else { return nil }
        guard let text = value as? String, let data = Data(base64Encoded: text) else {
            throw LocalRefusal(.badRequest, "syncToken is not a token this server issued")
        }
        return ServerChangeToken(data: data)
    }

    static func positiveInt(_ value: Any?, name: String) throws(LocalRefusal) -> Int? {
        guard let value else { return nil }
        guard let number = value as? NSNumber, number.doubleValue >= 1, number.doubleValue <= 1_000_000,
              number.doubleValue == number.doubleValue.rounded() else {
            throw LocalRefusal(.badRequest, "\(name) must be a whole number from 1 to 1000000")
        }
        return number.intValue
    }

    static func errorObject(_ error: WebServicesServerError) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: WebServicesJSON.encodeErrorBody(error))) as? [String: Any] ?? [:]
    }
}
