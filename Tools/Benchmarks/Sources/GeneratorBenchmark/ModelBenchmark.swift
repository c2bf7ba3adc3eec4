import Foundation
import RecordGen
import RecordKit

/// Generated models against the raw Record: `init(record:)` and `record()` per model. The comparison with the
/// native archive joins when the archive is on main.
enum ModelBenchmark {
    static let count = 20_000
    /// One synthetic type of 20 fields, rendered into Generated/Synthetic.swift.
    static let modelInput = GeneratorInput(
        schema: SyntheticSchema.make(typeCount: 1, fieldsPerType: 20), displayPath: "Synthetic.records.xml")
    static let modelFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Generated/Synthetic.swift")

    static func run() throws {
        checkFreshness()
        let records = (0..<count).map(sampleRecord)
        let models = try records.map { try Type0(record: $0) }
        var sink = 0
        let decode = try bestTime(runs: 5) { for record in records { sink &+= try Type0(record: record).field1 == -1 ? 1 : 0 } }
        let encode = bestTime(runs: 5) { for model in models { sink &+= model.record().fields.count } }
        print("")
        print("Generated model (20 fields) <-> Record, \(count) records, best of 5")
        print("  init(record:) \(format(decode / Double(count) * 1e6, 2)) µs   record() \(format(encode / Double(count) * 1e6, 2)) µs per model")
        if sink == 42 { print("") }
    }

    /// Warns when the committed model no longer matches what the generator writes.
    static func checkFreshness() {
        let fresh = try? SwiftGenerator(access: .internal, layout: .filePerSchema).fileForSchema(modelInput)
        let committed = try? String(contentsOf: modelFile, encoding: .utf8)
        if fresh?.contents != committed {
            print("note: Generated/Synthetic.swift is stale; run with --write-model to refresh it")
        }
    }

    static func sampleRecord(_ index: Int) -> Record {
        var fields: [String: FieldValue] = ["version": .int64(2)]
        let location = try? Location(latitude: 47.37, longitude: 8.54)
        for field in 0..<20 {
            let value: FieldValue? = switch field % 12 {
            case 0: .string("Value \(index) of field \(field)")
            case 1: .int64(Int64(index))
            case 2: .int64(1)
            case 3: .int64(42)
            case 4: .double(1.25)
            case 5: .timestamp(Date(timeIntervalSince1970: Double(index)))
            case 6: .bytes(Data(repeating: UInt8(truncatingIfNeeded: index), count: 32))
            case 7: .string(UUID().uuidString)
            case 8: .string("closed")
            case 9: .list(.string(["alpha", "beta", "gamma"]))
            case 10: .reference(Reference(recordID: RecordID(recordName: "target-\(index)")))
            default: location.map(FieldValue.location)
            }
            fields["field\(field)"] = value
        }
        return Record(
            recordType: "Type0", id: RecordID(recordName: "record-\(index)", zoneID: RecordZoneID(zoneName: "zone")),
            fields: fields, system: SystemFields(changeTag: "tag-\(index)", modificationDate: Date(timeIntervalSince1970: 1)))
    }
}
