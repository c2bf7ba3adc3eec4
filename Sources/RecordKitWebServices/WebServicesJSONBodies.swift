import Foundation
import RecordKit
import RecordKitSync

/// The small request and response bodies the record codec does not write (zones, lookups, change requests),
/// through JSONSerialization: they hold names and tokens only.
enum WebServicesJSONBodies {
    static func zoneIDObject(_ zone: RecordZoneID) -> [String: Any] {
        var object: [String: Any] = ["zoneName": zone.zoneName]
        if zone.ownerName != RecordZoneID.defaultOwnerName { object["ownerRecordName"] = zone.ownerName }
        return object
    }

    static func zoneID(from object: Any?) -> RecordZoneID? {
        guard let object = object as? [String: Any], let name = object["zoneName"] as? String else { return nil }
        return RecordZoneID(zoneName: name, ownerName: object["ownerRecordName"] as? String ?? RecordZoneID.defaultOwnerName)
    }

    static func data(_ object: [String: Any]) throws(CloudError) -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        } catch {
            throw .invalidArguments("a request body could not be written")
        }
    }

    static func object(_ data: Data) throws(CloudError) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "unreadable response: not a JSON object")
        }
        return object
    }

    static func serverError(_ object: [String: Any]) -> WebServicesServerError? {
        guard let code = object["serverErrorCode"] as? String else { return nil }
        return WebServicesServerError(
            serverErrorCode: ServerErrorCode(rawValue: code), reason: object["reason"] as? String,
            retryAfter: (object["retryAfter"] as? NSNumber)?.doubleValue, uuid: object["uuid"] as? String,
            recordName: object["recordName"] as? String, redirectURL: object["redirectURL"] as? String)
    }
}
