import Foundation
import RecordKit

/// `--profile <operation> [count]`: runs one operation of the model benchmark `count` times (default 1,000) and
/// nothing else, so `valgrind --tool=callgrind --toggle-collect='*ProfileMode*measure*'` counts its instructions
/// alone. Operations on the 20-field type: raw-decode, model-decode, raw-encode, model-encode, mapping-decode,
/// mapping-encode, model-archive (the versioned model's direct `archived()`), and floor-decode (raw-decode plus the
/// 20 `Record.fields` lookups, and nothing else); on the foundation benchmark's notes: note-mapping-decode and
/// note-mapping-encode.
enum ProfileMode {
    static let operations = [
        "raw-decode", "model-decode", "raw-encode", "model-encode", "mapping-decode", "mapping-encode", "model-archive",
        "floor-decode",
        "note-mapping-decode", "note-mapping-encode",
    ]

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let operation = arguments.first, operations.contains(operation) else {
            print("usage: GeneratorBenchmark --profile <\(operations.joined(separator: "|"))> [count]")
            return 64
        }
        let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
        if operation.hasPrefix("note-") {
            let notes = NoteValues.make(count: count, seed: 42).map(\.record)
            let models = try notes.map { try Note(record: $0) }
            print("\(operation): \(count) operations (checksum \(try measureNote(operation, records: notes, models: models)))")
            return 0
        }
        let records = (0..<count).map(ModelBenchmark.sampleRecord)
        let models = try records.map { try Type0(record: $0) }
        let archives = records.map { NativeArchive.encode($0) }
        let sink = try measure(operation, records: records, models: models, archives: archives)
        print("\(operation): \(count) operations (checksum \(sink))")
        return 0
    }

    /// The measured region: callgrind's toggle-collect matches this function.
    @inline(never)
    static func measure(_ operation: String, records: [Record], models: [Type0], archives: [Data]) throws -> Int {
        var sink = 0
        switch operation {
        case "raw-decode": for data in archives { sink &+= try NativeArchive.decodeRecord(data).fields.count }
        case "model-decode": for data in archives { sink &+= try Type0(record: NativeArchive.decodeRecord(data)).field1 == -1 ? 1 : 0 }
        case "raw-encode": for record in records { sink &+= NativeArchive.encode(record).count }
        case "model-encode": for model in models { sink &+= NativeArchive.encode(model.record()).count }
        case "mapping-decode": for record in records { sink &+= try Type0(record: record).field1 == -1 ? 1 : 0 }
        case "mapping-encode": for model in models { sink &+= model.record().fields.count }
        case "model-archive": for model in models { sink &+= try model.archived().count }
        default:
            let keys = (0..<20).map { "field\($0)" }
            for data in archives {
                let record = try NativeArchive.decodeRecord(data)
                for key in keys where record.fields[key] != nil { sink &+= 1 }
            }
        }
        return sink
    }

    /// The measured region for the foundation benchmark's notes.
    @inline(never)
    static func measureNote(_ operation: String, records: [Record], models: [Note]) throws -> Int {
        var sink = 0
        if operation == "note-mapping-decode" {
            for record in records { sink &+= try Note(record: record).text.isEmpty ? 1 : 0 }
        } else {
            for model in models { sink &+= model.record().fields.count }
        }
        return sink
    }
}
