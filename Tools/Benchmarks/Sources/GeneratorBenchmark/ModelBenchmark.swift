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

    static let rounds = 7

    /// Runs the comparison; false when a direction misses the goal.
    static func run() throws -> Bool {
        checkFreshness()
        let records = (0..<count).map(sampleRecord)
        let models = try records.map { try Type0(record: $0) }
        let archives = records.map { NativeArchive.encode($0) }
        var sink = 0

        // Rounds alternate raw and model, so a burst of load on this shared machine hits both sides alike;
        // each side keeps its best round.
        var rawEncode = Double.infinity, modelEncode = Double.infinity
        var rawDecode = Double.infinity, modelDecode = Double.infinity
        for _ in 0..<rounds {
            rawEncode = min(rawEncode, time { for record in records { sink &+= NativeArchive.encode(record).count } })
            modelEncode = min(modelEncode, time { for model in models { sink &+= NativeArchive.encode(model.record()).count } })
            rawDecode = min(rawDecode, try time {
                for data in archives { sink &+= try NativeArchive.decodeRecord(data).fields.count }
            })
            modelDecode = min(modelDecode, try time {
                for data in archives { sink &+= try Type0(record: NativeArchive.decodeRecord(data)).field1 == -1 ? 1 : 0 }
            })
        }
        let mappingDecode = try bestTime(runs: 5) { for record in records { sink &+= try Type0(record: record).field1 == -1 ? 1 : 0 } }
        let mappingEncode = bestTime(runs: 5) { for model in models { sink &+= model.record().fields.count } }
        // The floor of any model read through Record.fields: the archive decoded to a Record, then one
        // String-keyed lookup per field, each copying the stored value out, and nothing else.
        let keys = (0..<20).map { "field\($0)" }
        var floorDecode = Double.infinity
        for _ in 0..<rounds {
            floorDecode = min(floorDecode, try time {
                for data in archives {
                    let record = try NativeArchive.decodeRecord(data)
                    for key in keys where record.fields[key] != nil { sink &+= 1 }
                }
            })
        }

        print("")
        print("Generated model (20 fields) against the raw Record archive, \(count) records, best of \(rounds) alternating rounds")
        print("  raw encode:   Record -> archive bytes          model encode: model -> Record -> archive bytes")
        print("  raw decode:   archive bytes -> Record          model decode: archive bytes -> Record -> model")
        let results = [
            row("encode", raw: rawEncode, model: modelEncode),
            row("decode", raw: rawDecode, model: modelDecode),
            row("both", raw: rawEncode + rawDecode, model: modelEncode + modelDecode),
        ]
        for (line, _) in results { print(line) }
        print("  mapping alone: Record -> model \(perRecord(mappingDecode)) µs, model -> Record \(perRecord(mappingEncode)) µs")
        print("  floor: archive bytes -> Record + 20 lookups in Record.fields \(perRecord(floorDecode)) µs = "
            + "\(format(floorDecode / rawDecode, 2))x raw decode before any conversion")
        if sink == 42 { print("") }  // keeps the work observable
        return results.allSatisfy(\.1)
    }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        try bestTime(runs: 1, body)
    }

    static func perRecord(_ seconds: Double) -> String { format(seconds / Double(count) * 1e6, 2) }

    /// The printed line and whether the model side is within the goal.
    static func row(_ label: String, raw: Double, model: Double) -> (String, Bool) {
        let ratio = model / raw
        let passed = ratio <= 1.5
        let line = "  \(label.padding(toLength: 7, withPad: " ", startingAt: 0)) raw \(perRecord(raw)) µs   model \(perRecord(model)) µs   "
            + "ratio \(format(ratio, 2))x (goal <= 1.5x) \(passed ? "PASS" : "FAIL")"
        return (line, passed)
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
