import Foundation
import RecordKit

/// Note-shaped records, each field kind of a typical app: the same shape WebServicesBenchmark decodes.
enum NoteRecords {
    static let zone = RecordZoneID(zoneName: "Notes")

    static func page(_ page: Int, size: Int) throws -> [Record] {
        try (0..<size).map { offset in
            let index = page * size + offset
            var record = Record(recordType: "Note", id: RecordID(recordName: String(format: "note-%07d", index), zoneID: zone))
            record["title"] = .string("Shopping list number \(index) été")
            record["priority"] = .int64(Int64(index % 5))
            record["rating"] = .double(Double(index % 1000) / 8.0 + 0.125)
            record["due"] = .timestamp(Date(timeIntervalSince1970: 1_533_040_623 + Double(index)))
            record["tags"] = try .list([.string("home"), .string("errands"), .string("tag\(index % 17)")])
            record["thumbnail"] = .bytes(Data((0..<48).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }))
            record["folder"] = .reference(Reference(recordID: RecordID(recordName: "folder-\(index % 20)", zoneID: zone), action: .deleteSelf))
            return record
        }
    }
}
