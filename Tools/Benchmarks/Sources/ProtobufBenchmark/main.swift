import BenchmarkSupport
import Foundation
import RecordKit
import SwiftProtobuf

// The native archive against swift-protobuf 1.39 (binary format, a message of the same note shape), timed in one
// process: the Record archive, the generated `Note` model's archive (`archived()` / `init(archived:)`), protobuf's
// `[UInt8]` and `Data` APIs, and a hand-written codec of the same fields; then one 1 MiB record, cold (fresh child
// processes) and warm, against an allocate-and-copy floor. Prints ratios; exits 1 when a goal is missed.
// Goals far from their mark are judged on best times. The model archive writes the Record archive's bytes at about
// the same cost, and a 1 MiB archive costs about 1.5 times its floor, so those goals are judged on paired runs
// instead (`PairedComparison`: the median ratio of back-to-back runs and its 95% interval), which noise cannot pass.
// Run: swift run -c release --package-path Tools/Benchmarks ProtobufBenchmark
// (`--profile-codec <model|mapping|record|hand> <encode|decode> <rounds>` repeats one codec, for perf or callgrind;
// `--model-vs-record <rounds>` runs only the paired rounds of the Record and model archives.)

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
/// The small-note goals of the model archive against the Record archive run in this many fresh processes, each
/// timing `processRounds` rounds of the two back to back and reporting its median ratio; the goal is judged on the
/// processes' medians. Within one process 200 rounds put the median within about ±1%, but the medians of processes
/// differ by up to 3% (where their heaps put the notes and archives), and more after the table's rounds have churned
/// the heap: the process, not the round, is the unit that varies.
let pairedProcesses = 9
let processRounds = 61
/// How much slower than the Record archive the model archive may be shown to be, at most: the issue asks for "at
/// least as fast", and two codecs that write the same bytes at the same cost must pass; a model 5% slower fails.
let pairedMargin = 0.02

/// How much faster `fast` is than `slow`: its best time divided into the other's.
func speedup(_ fast: any Contender, _ slow: any Contender, _ encode: Bool) -> Double {
    encode ? slow.bestEncode.seconds / fast.bestEncode.seconds : slow.bestDecode.seconds / fast.bestDecode.seconds
}

/// Runs every contender once per round, in an order that changes from round to round, so no contender always runs
/// right after the same other one (meeting the allocator and the caches as that one left them): two alternate which
/// runs first; more are shuffled, with a fixed seed. Rotating the order would not do for more than two, as it keeps
/// their cyclic order: each would follow the same other one in every round but those it starts.
func runInterleaved(_ rounds: Int, _ contenders: [any Contender]) throws {
    var generator = SeededGenerator(seed: 0x0DD5_2026)
    for round in 0..<rounds {
        let order = contenders.count == 2
            ? (round.isMultiple(of: 2) ? contenders : contenders.reversed()) : contenders.shuffled(using: &generator)
        for contender in order { try contender.runOnce() }
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

    // Made twice: once for the table, once for the paired rounds, whose many more runs must not lower the best times
    // the table compares with the other codecs.
    func recordCodec() -> TimedCodec<Data> {
        TimedCodec("Record archive", size: { (archive: Data) in archive.count },
            encodeAll: { encodeEach(&records) { NativeArchive.encode($0) } },
            decodeAll: { try decodeEach($0) { try NativeArchive.decodeRecord($0).fields.count } })
    }
    func modelCodec() -> TimedCodec<Data> {
        TimedCodec("Note model archive", size: { (archive: Data) in archive.count },
            encodeAll: { try encodeEach(&models) { try $0.archived() } },
            decodeAll: { try decodeEach($0) { try Note(archived: $0).tags.count } })
    }
    let record = recordCodec(), model = modelCodec()
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

    /// The small-note comparison of the model and Record archives, one median ratio per fresh process.
    func pairedAcrossProcesses() throws -> (encode: PairedComparison, decode: PairedComparison) {
        var encode: [Double] = [], decode: [Double] = []
        for _ in 0..<pairedProcesses {
            let child = try ChildProcess.run(ChildProcess.ownExecutable(), ["--model-vs-record", String(processRounds)])
            let last = child.text.split(separator: "\n").last { $0.hasPrefix("medians ") }?.split(separator: " ") ?? []
            guard child.status == 0, last.count == 3, let encodeRatio = Double(last[1]), let decodeRatio = Double(last[2])
            else {
                throw BenchmarkError.mismatch("a --model-vs-record child failed: \(child.text)")
            }
            encode.append(encodeRatio)
            decode.append(decodeRatio)
        }
        for (label, ratios) in [("encode", encode), ("decode", decode)] {
            print("  \(label): " + ratios.map { format($0, decimals: 3) + "x" }.joined(separator: ", "))
        }
        return (
            PairedComparison(ratios: encode, unit: "processes"), PairedComparison(ratios: decode, unit: "processes")
        )
    }

    /// The paired rounds of the Record and model archives: the model's encode and decode against the record's.
    func pairedComparisons(_ count: Int) throws -> (encode: PairedComparison, decode: PairedComparison) {
        let pairedRecord = recordCodec(), pairedModel = modelCodec()
        try runInterleaved(count, [pairedRecord, pairedModel])
        let seconds = { (times: [Duration]) in times.map(\.seconds) }
        return (
            PairedComparison(slow: seconds(pairedRecord.encodeTimes), fast: seconds(pairedModel.encodeTimes)),
            PairedComparison(slow: seconds(pairedRecord.decodeTimes), fast: seconds(pairedModel.decodeTimes))
        )
    }

    // `--model-vs-record <rounds>` runs only the paired rounds, for comparing changes to either; it is also the
    // child's side of `pairedAcrossProcesses()`, which reads the last line.
    if let index = CommandLine.arguments.firstIndex(of: "--model-vs-record"), CommandLine.arguments.count >= index + 2 {
        let paired = try pairedComparisons(Int(CommandLine.arguments[index + 1]) ?? processRounds)
        print("model vs record, encode: \(paired.encode.summary)")
        print("model vs record, decode: \(paired.decode.summary)")
        print("medians \(paired.encode.median) \(paired.decode.median)")
        exit(0)
    }

    print("Archiving \(batchSize) note-shaped records, each into its own archive; best of \(rounds) interleaved rounds,")
    print("on the benchmark thread's CPU clock.")
    print("")
    try runInterleaved(rounds, all)
    print(pad("codec", 22) + padLeft("encode µs", 11) + padLeft("decode µs", 11) + padLeft("bytes", 9))
    for contender in all {
        let perRecord = { (duration: Duration) in format(duration.seconds / Double(batchSize) * 1e6, decimals: 3) }
        print(pad(contender.name, 22) + padLeft(perRecord(contender.bestEncode), 11)
            + padLeft(perRecord(contender.bestDecode), 11) + padLeft(format(contender.bytesPerRecord, decimals: 1), 9))
    }
    print("")

    print("One 1 MiB record (best of \(BigRecord.coldRuns) fresh processes cold, of \(BigRecord.warmRuns) runs warm; "
        + "the goals below pair \(BigRecord.pairedColdRuns) and \(BigRecord.pairedWarmRuns) more runs of each two cases "
        + "they compare):")
    let big = try BigRecord.measure()
    for (label, times) in [("cold", big.cold), ("warm", big.warm)] {
        for which in BigRecord.Case.allCases {
            print("  \(label) \(pad(which.rawValue, 13)) \(padLeft(format(times.best(which) * 1e6, decimals: 1), 8)) µs")
        }
    }
    print("")

    print("The model archive against the Record archive in \(pairedProcesses) fresh processes, each timing "
        + "\(processRounds) rounds of the batch with the two back to back; each process's median ratio (model vs record):")
    let paired = try pairedAcrossProcesses()
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
    func notSlower(_ label: String, _ comparison: PairedComparison) {
        let ok = comparison.passes(margin: pairedMargin)
        passed = passed && ok
        print("\(ok ? "PASS" : "FAIL")  \(label): \(comparison.summary) (goal: interval from "
            + "\(format(1 - pairedMargin, decimals: 2))x up)")
    }
    func withinOf(_ label: String, _ comparison: PairedComparison, _ goal: Double) {
        let ok = comparison.passes(atMost: goal)
        passed = passed && ok
        print("\(ok ? "PASS" : "FAIL")  \(label): \(comparison.summary) (goal: interval up to "
            + "\(format(goal, decimals: 2))x)")
    }
    notSlower("model encode vs record", paired.encode)
    notSlower("model decode vs record", paired.decode)
    atLeast("record encode vs protobuf [UInt8]", speedup(record, protobufBytes, true), 1.5)
    atLeast("record decode vs protobuf [UInt8]", speedup(record, protobufBytes, false), 1.5)
    atMost("record size / protobuf size", record.bytesPerRecord / protobufBytes.bytesPerRecord, 1.05)
    print("  (also: record vs protobuf Data \(format(speedup(record, protobufData, true), decimals: 2))x encode, "
        + "\(format(speedup(record, protobufData, false), decimals: 2))x decode; model vs record by "
        + "best times of the table \(format(speedup(model, record, true), decimals: 2))x encode, "
        + "\(format(speedup(model, record, false), decimals: 2))x decode)")
    for (label, times) in [("cold", big.cold), ("warm", big.warm)] {
        withinOf("1 MiB encode \(label) / floor", times.paired(.encodeFloor, against: .encode), 1.5)
        withinOf("1 MiB decode \(label) / floor", times.paired(.decodeFloor, against: .decode), 1.5)
        notSlower("1 MiB model encode vs record \(label)", times.paired(.modelEncode, against: .encode))
        notSlower("1 MiB model decode vs record \(label)", times.paired(.modelDecode, against: .decode))
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
