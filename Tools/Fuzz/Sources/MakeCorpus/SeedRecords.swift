import Foundation
import RecordKit

/// Records that use every field kind and system field, for the record codecs' seeds.
enum SeedRecords {
    static func all() -> [Record] {
        let zone = RecordZoneID(zoneName: "note-zone", ownerName: "_0c1a2b")
        var records = [
            Record(recordType: "Empty", id: RecordID(recordName: "empty")),
            Record(recordType: "Note", id: RecordID(recordName: "note-1", zoneID: zone), fields: RecordFields(([
                "title": .string("Groceries ✓"),
                "count": .int64(-42),
                "ratio": .double(0.25),
                "modified": .timestamp(Date(timeIntervalSince1970: 1_700_000_000.123)),
                "blob": .bytes(Data([0, 1, 2, 255])),
                "tags": list([.string("a"), .string("b")]),
                "numbers": list([.int64(1), .int64(2)]),
            ] as [String: FieldValue?]).compactMapValues { $0 }), encryptedFields: ["secret": .bytes(Data("shh".utf8))], system: SystemFields(
                changeTag: "kt2m1", creationDate: Date(timeIntervalSince1970: 1_600_000_000),
                creatorUserRecordName: "_creator", modificationDate: Date(timeIntervalSince1970: 1_600_000_100),
                lastModifiedUserRecordName: "_modifier", modifiedByDevice: "iPhone",
                parent: Reference(recordID: RecordID(recordName: "folder", zoneID: zone)),
                share: Reference(recordID: RecordID(recordName: "share-1", zoneID: zone)))),
        ]
        var rich = Record(recordType: "Place", id: RecordID(recordName: "place-1"))
        rich["folder"] = .reference(Reference(recordID: RecordID(recordName: "f"), action: .deleteSelf))
        rich["links"] = list([.reference(Reference(recordID: RecordID(recordName: "x"), action: .validate))])
        if let asset = try? Asset(fileChecksum: "AbCd", size: 12, referenceChecksum: "ref", wrappingKey: "key",
                                  receipt: "receipt", downloadURL: "https://example.com/a") {
            rich["text"] = .asset(asset)
        }
        if let location = try? Location(latitude: 48.85, longitude: 2.35, altitude: 35, horizontalAccuracy: 5,
                                        verticalAccuracy: 3, speed: 1.5, course: 90,
                                        timestamp: Date(timeIntervalSince1970: 1_650_000_000)) {
            rich["place"] = .location(location)
        }
        rich["dates"] = list([.timestamp(Date(timeIntervalSince1970: -1)), .timestamp(Date(timeIntervalSince1970: 0))])
        records.append(rich)
        return records
    }

    /// A list value; nil for a mixed list, which no seed uses.
    private static func list(_ values: [FieldValue]) -> FieldValue? {
        try? FieldValue.list(values)
    }
}
