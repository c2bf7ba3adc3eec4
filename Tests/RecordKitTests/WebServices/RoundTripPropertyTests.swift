import Foundation
import Testing
@testable import RecordKit

/// Property: any record that Web Services JSON can express decodes from its encoding to an equal record, and
/// encoding that again gives the same bytes.
@Suite struct RoundTripPropertyTests {
    struct RandomRecords {
        var generator: SplitMix
        let zones = [RecordZoneID.default, RecordZoneID(zoneName: "Notes"), RecordZoneID(zoneName: "Shared", ownerName: "_other")]

        mutating func int(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

        mutating func string() -> String {
            let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "中", "😀", "\u{2028}", "key"]
            return (0..<int(8)).map { _ in pieces[int(pieces.count)] }.joined()
        }

        mutating func double() -> Double {
            let value = Double(bitPattern: generator.next())
            return value.isFinite ? value : Double(int(1000)) / 7
        }

        mutating func date() -> Date { millisecondsDate(Int64(bitPattern: generator.next()) % 100_000_000_000_000) }

        mutating func scalar(_ kind: FieldKind, zone: RecordZoneID) throws -> FieldValue {
            switch kind {
            case .string: return .string(string())
            case .int64: return .int64(Int64(bitPattern: generator.next()))
            case .double: return .double(double())
            case .timestamp: return .timestamp(date())
            case .bytes: return .bytes(Data((0..<int(12)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }))
            case .asset:
                return .asset(try Asset(fileChecksum: string() + "c", size: int(2) == 0 ? nil : Int64(int(1 << 30)),
                                        wrappingKey: int(2) == 0 ? nil : string(), downloadURL: int(2) == 0 ? nil : string()))
            case .reference:
                let target = int(2) == 0 ? zone : zones[int(zones.count)]
                let actions = Reference.Action.allCases
                return .reference(Reference(recordID: RecordID(recordName: string() + "r", zoneID: target), action: actions[int(actions.count)]))
            case .location:
                return .location(try Location(latitude: Double(int(180_001)) / 1000 - 90, longitude: Double(int(360_001)) / 1000 - 180,
                                              altitude: int(2) == 0 ? nil : double(), horizontalAccuracy: int(2) == 0 ? nil : 5,
                                              speed: int(2) == 0 ? nil : 0.5, timestamp: int(2) == 0 ? nil : date()))
            case .list: return .list(.string([]))
            }
        }

        mutating func record() throws -> Record {
            let zone = zones[int(zones.count)]
            var record = Record(recordType: "T" + String(int(3)), id: RecordID(recordName: string() + "n", zoneID: zone))
            let kinds = FieldKind.allCases.filter { $0 != .list }
            for index in 0..<int(10) {
                let kind = kinds[int(kinds.count)]
                let name = "f\(index)"
                if int(3) == 0 {
                    record.fields[name] = .list(try FieldList((0..<int(4)).map { _ in try scalar(kind, zone: zone) }, emptyKind: kind))
                } else {
                    record.fields[name] = try scalar(kind, zone: zone)
                }
            }
            if int(2) == 0 { record.encryptedFields["secret"] = try scalar(.bytes, zone: zone) }
            if int(2) == 0 {
                record.system = SystemFields(changeTag: string(), creationDate: date(), creatorUserRecordName: string(),
                                             modificationDate: date(), lastModifiedUserRecordName: string(), modifiedByDevice: string())
            }
            return record
        }
    }

    @Test func randomRecordsRoundTrip() throws {
        var random = RandomRecords(generator: SplitMix(seed: 0xC10D))
        var records: [Record] = []
        for _ in 0..<400 {
            let record = try random.record()
            records.append(record)
            try RoundTrip.checkRecord(record)
        }
        // And all of them as one response, in order.
        try RoundTrip.checkResponse(RecordsResponse(results: records.map(RecordResult.record)))
    }
}
