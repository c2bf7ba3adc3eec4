import Foundation
import RecordKit

/// A Note of the Showcase schema, the seed of `FuzzModelArchive` (here) and `FuzzCKRecordValues` (in
/// CloudKitBridge/, whose FuzzCloudKitChecks links this file).
enum SeedShowcaseNote {
    /// A Note of the Showcase schema (version 3) with its fields set.
    static func note() -> Record {
        let zone = RecordZoneID(zoneName: "notebook")
        let date = Date(timeIntervalSinceReferenceDate: 700_000_000.5)
        let place = try? Location(latitude: 52.5, longitude: 13.4, altitude: 34, horizontalAccuracy: 5, verticalAccuracy: 3, speed: 1.5, course: 270, timestamp: date)
        var record = Record(recordType: "Note", id: RecordID(recordName: "note-1", zoneID: zone))
        record["version"] = .int64(3)
        record["text"] = .asset(Asset(fileURL: URL(fileURLWithPath: "/tmp/note-1.txt")))
        record["modified"] = .timestamp(date)
        record["title"] = .string("Groceries")
        record["tags"] = .list(.string(["a", "b"]))
        record["priority"] = .int64(2)
        record["moods"] = .list(.string(["happy"]))
        record["pinned"] = .int64(1)
        record["position"] = .int64(4)
        record["uuid"] = .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        record["source"] = .string("https://example.com/n/1")
        record["folder"] = .reference(Reference(recordID: RecordID(recordName: "folder-1", zoneID: zone), action: .deleteSelf))
        record["links"] = .list(.reference([Reference(recordID: RecordID(recordName: "note-2", zoneID: zone), action: .validate)]))
        record["rating"] = .double(4.5)
        record["thumbnail"] = .bytes(Data([0, 1, 2, 3]))
        record["reminder"] = .timestamp(date)
        record["scores"] = .list(.double([1, 2.5]))
        record["counts"] = .list(.int64([1, 2]))
        record["dates"] = .list(.timestamp([date]))
        record["blobs"] = .list(.bytes([Data([9])]))
        if let place {
            record["place"] = .location(place)
            record["route"] = .list(.location([place]))
        }
        record.encryptedFields = ["secret": .string("s3cret"), "secretCount": .int64(7), "secretScore": .double(0.5)]
        return record
    }
}
