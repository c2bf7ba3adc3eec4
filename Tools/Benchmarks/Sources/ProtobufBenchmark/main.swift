import Foundation
import RecordKit
import SwiftProtobuf

// The native archive against swift-protobuf 1.39 (binary format, a message of the same note shape), timed in one
// process: the Record archive, the generated `Note` model's archive (`archived()` / `init(archived:)`), protobuf's
// `[UInt8]` and `Data` APIs, and a hand-written codec of the same fields; then one 1 MiB record, cold (fresh child
// processes) and warm, against an allocate-and-copy floor. Prints ratios; exits 1 when a goal of issue 17 is missed.
// Run: swift run -c release --package-path Tools/Benchmarks ProtobufBenchmark
// (`--profile-codec <model|mapping|record|hand> <encode|decode> <rounds>` repeats one codec, for perf or callgrind;
// `--model-vs-record <rounds>` times only the Record and model archives, interleaved, and also prints the spread of
// their ratio round by round.)

if let index = CommandLine.arguments.firstIndex(of: "--cold"), CommandLine.arguments.count >= index + 3 {
    do {
        try BigRecord.runChild(CommandLine.arguments[index + 1], archiveFile: CommandLine.arguments[index + 2])
        exit(0)
    } catch {
        print("child failed: \(error)")
        exit(1)
    }
}

// `--profile <case> <count>` repeats one warm 1 MiB case, for perf.
if let index = CommandLine.arguments.firstIndex(of: "--profile"), CommandLine.arguments.count >= index + 3 {
    try BigRecord.profile(CommandLine.arguments[index + 1], repeats: Int(CommandLine.arguments[index + 2]) ?? 1000)
    exit(0)
}

let batchSize = 10_000

// `--profile-codec <model|mapping|record|hand> <encode|decode> <rounds>` repeats one codec over the batch, for perf
// or callgrind (`mapping`: the model's `record()` and `init(record:)`).
if let index = CommandLine.arguments.firstIndex(of: "--profile-codec"), CommandLine.arguments.count >= index + 4 {
    let notes = NoteValues.make(count: batchSize, seed: 0x5EED_2026)
    var models = try notes.map { try Note(record: $0.record) }
    let which = CommandLine.arguments[index + 1], decoding = CommandLine.arguments[index + 2] == "decode"
    let rounds = Int(CommandLine.arguments[index + 3]) ?? 1
    keepFreedMemory()
    // The archives are made once before a decode profile, so its samples are the decode's alone.
    var sink = 0
    switch which {
    case "model":
        let archives = try models.map { try $0.archived() }
        if decoding {
            for _ in 0..<rounds {
                for archive in archives { sink &+= try Note(archived: archive).tags.count }
            }
        } else {
            // In place, as the timed loop encodes (`encodeEach`): a `for model in models` copy, or even
            // `buffer[index].archived()` on a read-only buffer, copies the model and retains every string in it.
            sink &+= try encodeRounds(rounds) { try encodeEach(&models) { try $0.archived() } }
        }
    case "mapping":
        // The model's record mapping: `Note(record:)` and `record()`, no archive.
        let records = notes.map(\.record)
        if decoding {
            for _ in 0..<rounds {
                // By index: `for record in records` copied each record (a retain per string) once
                // `Note(record:)` was inlined into the loop.
                for index in records.indices { sink &+= try Note(record: records[index]).tags.count }
            }
        } else {
            sink &+= encodeRounds(rounds) { encodeEach(&models) { $0.record() } }
        }
    case "record":
        var records = notes.map(\.record)
        let archives = records.map { NativeArchive.encode($0) }
        if decoding {
            for _ in 0..<rounds {
                for archive in archives { sink &+= try NativeArchive.decodeRecord(archive).fields.count }
            }
        } else {
            sink &+= encodeRounds(rounds) { encodeEach(&records) { NativeArchive.encode($0) } }
        }
    default:
        var values = notes
        let archives = notes.map { HandWrittenNote.encode($0) }
        if decoding {
            for _ in 0..<rounds {
                for archive in archives { sink &+= try HandWrittenNote.decode(archive).tags.count }
            }
        } else {
            sink &+= encodeRounds(rounds) { encodeEach(&values) { HandWrittenNote.encode($0) } }
        }
    }
    print(sink)
    exit(0)
}
let rounds = 7

/// How much faster `fast` is than `slow`: its best time divided into the other's.
func speedup(_ fast: any Contender, _ slow: any Contender, _ encode: Bool) -> Double {
    encode ? slow.bestEncode.seconds / fast.bestEncode.seconds : slow.bestDecode.seconds / fast.bestDecode.seconds
}

/// Runs every contender once per round. The order rotates by one each round, so each contender starts a round as
/// often as any other and follows each of the others in turn: a contender always run right after the same one
/// would always meet the allocator and the caches as that one left them.
func runRotated(_ rounds: Int, _ contenders: [any Contender]) throws {
    for round in 0..<rounds {
        for offset in contenders.indices { try contenders[(round + offset) % contenders.count].runOnce() }
    }
}

func run() throws -> Bool {
    var notes = NoteValues.make(count: batchSize, seed: 0x5EED_2026)
    var records = notes.map(\.record)
    var models = try records.map { try Note(record: $0) }
    var messages = notes.map(Recordkit_Benchmark_Note.init)

    // Every codec must read back what it wrote, and the hand-written codec must write the archive's bytes.
    guard try NativeArchive.decodeRecord(NativeArchive.encode(records[0])) == records[0],
          try Note(archived: models[0].archived()) == models[0],
          try models[0].archived() == NativeArchive.encode(records[0]),
          HandWrittenNote.encode(notes[0]) == NativeArchive.encode(records[0]),
          try HandWrittenNote.decode(HandWrittenNote.encode(notes[0])).record == records[0],
          try Recordkit_Benchmark_Note(serializedBytes: messages[0].serializedBytes() as [UInt8]) == messages[0],
          try Recordkit_Benchmark_Note(serializedBytes: messages[0].serializedData()) == messages[0]
    else { throw BenchmarkError.mismatch("a codec did not read back what it wrote") }

    let record = TimedCodec("Record archive", size: { (archive: Data) in archive.count },
        encodeAll: { encodeEach(&records) { NativeArchive.encode($0) } },
        decodeAll: { try decodeEach($0) { try NativeArchive.decodeRecord($0).fields.count } })
    let model = TimedCodec("Note model archive", size: { (archive: Data) in archive.count },
        encodeAll: { try encodeEach(&models) { try $0.archived() } },
        decodeAll: { try decodeEach($0) { try Note(archived: $0).tags.count } })
    let protobufBytes = TimedCodec("protobuf [UInt8]", size: { (archive: [UInt8]) in archive.count },
        encodeAll: { try encodeEach(&messages) { try $0.serializedBytes() as [UInt8] } },
        decodeAll: { try decodeEach($0) { try Recordkit_Benchmark_Note(serializedBytes: $0).tags.count } })
    let protobufData = TimedCodec("protobuf Data", size: { (archive: Data) in archive.count },
        encodeAll: { try encodeEach(&messages) { try $0.serializedData() } },
        decodeAll: { try decodeEach($0) { try Recordkit_Benchmark_Note(serializedBytes: $0).tags.count } })
    let hand = TimedCodec("hand-written", size: { (archive: Data) in archive.count },
        encodeAll: { encodeEach(&notes) { HandWrittenNote.encode($0) } },
        decodeAll: { try decodeEach($0) { try HandWrittenNote.decode($0).tags.count } })
    let all: [any Contender] = [record, model, protobufBytes, protobufData, hand]

    // `--model-vs-record <rounds>` times only those two, interleaved, for comparing changes to either.
    if let index = CommandLine.arguments.firstIndex(of: "--model-vs-record"), CommandLine.arguments.count >= index + 2 {
        let pair: [any Contender] = [record, model]
        try runRotated(Int(CommandLine.arguments[index + 1]) ?? rounds, pair)
        print("best of \(CommandLine.arguments[index + 1]) rounds: record encode \(record.bestEncode), model encode "
            + "\(model.bestEncode); model vs record \(format(speedup(model, record, true), decimals: 3))x encode, "
            + "\(format(speedup(model, record, false), decimals: 3))x decode")
        for (label, recordTimes, modelTimes) in [
            ("encode", record.encodeTimes, model.encodeTimes), ("decode", record.decodeTimes, model.decodeTimes),
        ] {
            let ratios = pairedRatios(slow: recordTimes, fast: modelTimes)
            print("model vs record per round, \(label): " + describeRatios(ratios))
        }
        exit(0)
    }

    print("Archiving \(batchSize) note-shaped records, each into its own archive; best of \(rounds) interleaved rounds,")
    print("on the benchmark thread's CPU clock.")
    print("")
    try runRotated(rounds, all)
    print(pad("codec", 22) + padLeft("encode µs", 11) + padLeft("decode µs", 11) + padLeft("bytes", 9))
    for contender in all {
        let perRecord = { (duration: Duration) in format(duration.seconds / Double(batchSize) * 1e6, decimals: 3) }
        print(pad(contender.name, 22) + padLeft(perRecord(contender.bestEncode), 11)
            + padLeft(perRecord(contender.bestDecode), 11) + padLeft(format(contender.bytesPerRecord, decimals: 1), 9))
    }
    print("")

    print("One 1 MiB record (best of \(BigRecord.coldRuns) fresh processes cold, of \(BigRecord.warmRuns) runs warm):")
    let big = try BigRecord.measure()
    for (label, times) in [("cold", big.cold), ("warm", big.warm)] {
        for which in BigRecord.Case.allCases {
            print("  \(label) \(pad(which.rawValue, 13)) \(padLeft(format((times[which] ?? 0) * 1e6, decimals: 1), 8)) µs")
        }
    }
    print("")

    var passed = true
    func atLeast(_ label: String, _ ratio: Double, _ goal: Double) {
        let ok = ratio >= goal
        passed = passed && ok
        print("\(ok ? "PASS" : "FAIL")  \(label): \(format(ratio, decimals: 3))x (goal >= \(format(goal, decimals: 2))x)")
    }
    func atMost(_ label: String, _ ratio: Double, _ goal: Double) {
        let ok = ratio <= goal
        passed = passed && ok
        print("\(ok ? "PASS" : "FAIL")  \(label): \(format(ratio, decimals: 3))x (goal <= \(format(goal, decimals: 2))x)")
    }
    atLeast("model encode vs protobuf [UInt8]", speedup(model, protobufBytes, true), 1.5)
    atLeast("model decode vs protobuf [UInt8]", speedup(model, protobufBytes, false), 2)
    atMost("model encode time / hand-written", speedup(hand, model, true), 1.25)
    atMost("model decode time / hand-written", speedup(hand, model, false), 1.25)
    atLeast("model encode vs record", speedup(model, record, true), 1)
    atLeast("model decode vs record", speedup(model, record, false), 1)
    atLeast("record encode vs protobuf [UInt8]", speedup(record, protobufBytes, true), 1.5)
    atLeast("record decode vs protobuf [UInt8]", speedup(record, protobufBytes, false), 1.5)
    atMost("record size / protobuf size", record.bytesPerRecord / protobufBytes.bytesPerRecord, 1.05)
    print("  (also: record vs protobuf Data \(format(speedup(record, protobufData, true), decimals: 2))x encode, "
        + "\(format(speedup(record, protobufData, false), decimals: 2))x decode; model vs record "
        + "\(format(speedup(model, record, true), decimals: 2))x encode, \(format(speedup(model, record, false), decimals: 2))x decode)")
    for (label, times) in [("cold", big.cold), ("warm", big.warm)] {
        atMost("1 MiB encode \(label) / floor", (times[.encode] ?? 0) / (times[.encodeFloor] ?? 1), 1.5)
        atMost("1 MiB decode \(label) / floor", (times[.decode] ?? 0) / (times[.decodeFloor] ?? 1), 1.5)
        atLeast("1 MiB model encode vs record \(label)", (times[.encode] ?? 0) / (times[.modelEncode] ?? 1), 1)
        atLeast("1 MiB model decode vs record \(label)", (times[.decode] ?? 0) / (times[.modelDecode] ?? 1), 1)
    }
    return passed
}

do {
    let passed = try run()
    print(passed ? "\nAll goals met." : "\nSome goals were missed.")
    if !passed { exit(1) }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
