import Foundation
import RecordKit

/// Seeds for `FuzzCKRecordValues`: records written in ``CKRecordInput``'s layout, so the fuzzer starts from
/// CKRecords that hold every class of value and mutates from there.
public enum CKRecordSeeds {
    /// `records` as inputs, plus a Showcase `Note` with every field as CloudKit would return it.
    public static func all(records: [Record]) -> [(name: String, data: Data)] {
        var seeds = records.enumerated().map { ("record-\($0.offset)", encode($0.element, serverFields: $0.offset % 2 == 1)) }
        seeds.append(("showcase-note", encode(SeedShowcaseNote.note(), serverFields: true)))
        var mixed = Writer()
        mixed.header(recordType: "Note", recordName: "mixed", zoneName: "notebook", serverFields: nil)
        mixed.operation(kind: 7, key: "tags", encrypted: false)
        mixed.byte(3)
        mixed.byte(0); mixed.string("a")
        mixed.byte(1); mixed.byte(4); mixed.eight(7)
        mixed.byte(8)
        seeds.append(("mixed-list-and-unstorable", Data(mixed.bytes)))
        return seeds
    }

    /// `record` in the input layout: its type, ID and fields (encrypted ones on `encryptedValues`).
    static func encode(_ record: Record, serverFields: Bool) -> Data {
        var writer = Writer()
        writer.header(
            recordType: record.recordType, recordName: record.id.recordName, zoneName: record.id.zoneID.zoneName,
            serverFields: serverFields ? ("tag-1", 600_000_000) : nil)
        for (key, value) in record.fields.sorted(by: { $0.key < $1.key }) { writer.field(key, value, encrypted: false) }
        for (key, value) in record.encryptedFields.sorted(by: { $0.key < $1.key }) { writer.field(key, value, encrypted: true) }
        return Data(writer.bytes)
    }

    struct Writer {
        var bytes: [UInt8] = []

        mutating func header(recordType: String, recordName: String, zoneName: String, serverFields: (tag: String, created: Double)?) {
            byte((recordType == "Note" ? 1 : 0) | (serverFields == nil ? 0 : 2))
            if recordType != "Note" { string(recordType) }
            string(recordName)
            string(zoneName)
            if let serverFields {
                string(serverFields.tag)
                eight(serverFields.created.bitPattern)
            }
        }

        mutating func field(_ key: String, _ value: FieldValue, encrypted: Bool) {
            switch value {
            case let .list(list):
                operation(kind: 7, key: key, encrypted: encrypted)
                let elements = list.values.prefix(8)
                byte(UInt8(elements.count))
                for element in elements { scalar(element, withKind: true) }
            default:
                operation(kind: kind(of: value), key: key, encrypted: encrypted)
                scalar(value, withKind: false)
            }
        }

        mutating func operation(kind: UInt8, key: String, encrypted: Bool) {
            byte(kind | (encrypted ? 0x80 : 0))
            string(key)
        }

        private func kind(of value: FieldValue) -> UInt8 {
            switch value {
            case .string: 0
            case .int64, .double: 1
            case .timestamp: 2
            case .bytes: 3
            case .asset: 4
            case .reference: 5
            case .location: 6
            case .list: 7
            }
        }

        private mutating func scalar(_ value: FieldValue, withKind: Bool) {
            if withKind { byte(kind(of: value)) }
            switch value {
            case let .string(text): string(text)
            case let .int64(number): byte(4); eight(UInt64(bitPattern: number))
            case let .double(number): byte(12); eight(number.bitPattern)
            case let .timestamp(date): eight(date.timeIntervalSinceReferenceDate.bitPattern)
            case let .bytes(data): string(bytes: [UInt8](data))
            case let .asset(asset): string(asset.fileURL?.lastPathComponent ?? "")
            case let .reference(reference):
                string(reference.recordID.recordName)
                string(reference.recordID.zoneID.zoneName)
                byte(reference.action == .deleteSelf ? 1 : 0)
            case let .location(location):
                // CoreLocation marks a missing component with a negative accuracy, speed or course.
                for number in [location.latitude, location.longitude, location.altitude ?? 0, location.horizontalAccuracy ?? -1,
                               location.verticalAccuracy ?? -1, location.course ?? -1, location.speed ?? -1] { eight(number.bitPattern) }
                eight((location.timestamp?.timeIntervalSinceReferenceDate ?? 0).bitPattern)
            case .list: break
            }
        }

        mutating func byte(_ value: UInt8) { bytes.append(value) }

        mutating func eight(_ value: UInt64) {
            for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
        }

        mutating func string(_ text: String) { string(bytes: Array(text.utf8)) }

        mutating func string(bytes text: [UInt8]) {
            let prefix = text.prefix(255)
            byte(UInt8(prefix.count))
            bytes.append(contentsOf: prefix)
        }
    }
}
