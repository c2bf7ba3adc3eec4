import Foundation
import RecordGen
import RecordKit

/// Generated models against the raw Record archive: encoding a model is `record()` then the archive, decoding is
/// the archive then `init(record:)`; the goal is at most 1.5 times the cost of archiving the Record alone.
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
        let archives = records.map { NativeArchive.encode($0) }
        var sink = 0

        let rawEncode = bestTime(runs: 5) { for record in records { sink &+= NativeArchive.encode(record).count } }
        let modelEncode = bestTime(runs: 5) { for model in models { sink &+= NativeArchive.encode(model.record()).count } }
        let rawDecode = try bestTime(runs: 5) { for data in archives { sink &+= try NativeArchive.decodeRecord(data).fields.count } }
        let modelDecode = try bestTime(runs: 5) {
            for data in archives { sink &+= try Type0(record: NativeArchive.decodeRecord(data)).field1 == -1 ? 1 : 0 }
        }
        let mappingOnly = try bestTime(runs: 5) { for record in records { sink &+= try Type0(record: record).record().fields.count } }
        // The floor of any mapping onto Record: one String-keyed dictionary lookup per field.
        let keys = (0..<20).map { "field\($0)" }
        let lookups = bestTime(runs: 5) {
            for record in records {
                for key in keys where record.fields[key] != nil { sink &+= 1 }
            }
        }

        print("")
        print("Generated model (20 fields) against the raw Record archive, \(count) records, best of 5")
        print(row("encode", raw: rawEncode, model: modelEncode))
        print(row("decode", raw: rawDecode, model: modelDecode))
        print(row("both", raw: rawEncode + rawDecode, model: modelEncode + modelDecode))
        print("  mapping alone (init(record:) + record()): \(format(mappingOnly / Double(count) * 1e6, 2)) µs per model")
        print("  of which the floor, 20 lookups in Record.fields: \(format(lookups / Double(count) * 1e6, 2)) µs per record")
        if sink == 42 { print("") }  // keeps the work observable
    }

    static func row(_ label: String, raw: Double, model: Double) -> String {
        let ratio = model / raw
        let perRaw = raw / Double(count) * 1e6, perModel = model / Double(count) * 1e6
        return "  \(label.padding(toLength: 7, withPad: " ", startingAt: 0)) raw Record \(format(perRaw, 2)) µs   model \(format(perModel, 2)) µs   "
            + "ratio \(format(ratio, 2))x (goal <= 1.5x) \(ratio <= 1.5 ? "OK" : "OVER")"
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
