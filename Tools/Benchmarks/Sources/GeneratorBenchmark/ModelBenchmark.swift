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
    static let batchSize = 500

    /// Runs the comparison; false when a direction misses the goal.
    static func run() throws -> Bool {
        checkFreshness()
        let records = (0..<count).map(sampleRecord)
        let models = try records.map { try Type0(record: $0) }
        let archives = records.map { NativeArchive.encode($0) }
        var sink = 0

        // Every round times each batch of records on every side in turn, and each side keeps its best time per
        // batch: a burst of load from the other processes on this shared machine spoils one batch of one round,
        // not a whole side.
        let batches = stride(from: 0, to: count, by: batchSize).map { $0..<min($0 + batchSize, count) }
        var rawEncode = BatchBest(batches.count), modelEncode = BatchBest(batches.count)
        var rawDecode = BatchBest(batches.count), modelDecode = BatchBest(batches.count)
        // The floor of any model read through Record.fields: the archive decoded to a Record, then one
        // String-keyed lookup per field, each copying the stored value out, and nothing else.
        var floorDecode = BatchBest(batches.count)
        // The mapping alone, on records and models made beforehand.
        var mappingDecode = BatchBest(batches.count), mappingEncode = BatchBest(batches.count)
        let keys = (0..<20).map { "field\($0)" }
        for _ in 0..<rounds {
            for (batch, range) in batches.enumerated() {
                rawEncode.time(batch) { for index in range { sink &+= NativeArchive.encode(records[index]).count } }
                modelEncode.time(batch) { for index in range { sink &+= NativeArchive.encode(models[index].record()).count } }
                try rawDecode.time(batch) {
                    for index in range { sink &+= try NativeArchive.decodeRecord(archives[index]).fields.count }
                }
                try modelDecode.time(batch) {
                    for index in range {
                        sink &+= try Type0(record: NativeArchive.decodeRecord(archives[index])).field1 == -1 ? 1 : 0
                    }
                }
                try mappingDecode.time(batch) {
                    for index in range { sink &+= try Type0(record: records[index]).field1 == -1 ? 1 : 0 }
                }
                mappingEncode.time(batch) { for index in range { sink &+= models[index].record().fields.count } }
                try floorDecode.time(batch) {
                    for index in range {
                        let record = try NativeArchive.decodeRecord(archives[index])
                        for key in keys where record.fields[key] != nil { sink &+= 1 }
                    }
                }
            }
        }

        print("")
        print("Generated model (20 fields) against the raw Record archive, \(count) records, best of \(rounds) rounds per batch of \(batchSize)")
        print("  raw encode:   Record -> archive bytes          model encode: model -> Record -> archive bytes")
        print("  raw decode:   archive bytes -> Record          model decode: archive bytes -> Record -> model")
        let results = [
            row("encode", raw: rawEncode.total, model: modelEncode.total),
            row("decode", raw: rawDecode.total, model: modelDecode.total),
            row("both", raw: rawEncode.total + rawDecode.total, model: modelEncode.total + modelDecode.total),
        ]
        for (line, _) in results { print(line) }
        print("  mapping alone: Record -> model \(perRecord(mappingDecode.total)) µs, model -> Record \(perRecord(mappingEncode.total)) µs")
        print("  floor: archive bytes -> Record + 20 lookups in Record.fields \(perRecord(floorDecode.total)) µs = "
            + "\(format(floorDecode.total / rawDecode.total, 2))x raw decode before any conversion")
        if sink == 42 { print("") }  // keeps the work observable
        return results.allSatisfy(\.1)
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
        var fields: RecordFields = ["version": .int64(2)]
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

/// The best time of each batch over the rounds; `total` is their sum, the time of one pass at its best.
struct BatchBest {
    private var best: [Double]

    init(_ batches: Int) { best = Array(repeating: .infinity, count: batches) }

    mutating func time(_ batch: Int, _ body: () throws -> Void) rethrows {
        best[batch] = min(best[batch], try bestTime(runs: 1, body))
    }

    var total: Double { best.reduce(0, +) }
}
