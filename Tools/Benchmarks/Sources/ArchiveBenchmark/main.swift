import Foundation
import RecordKit

// Native archive against NSKeyedArchiver (an NSSecureCoding class graph of the same shape), PropertyListEncoder
// (binary) and JSONEncoder/Decoder (a Codable struct of the same shape), each record archived on its own.
// Run: swift run -c release --package-path Tools/Benchmarks ArchiveBenchmark
// ARCHIVE_BENCHMARK_NATIVE_ONLY=1 times the native archive alone and ARCHIVE_BENCHMARK_DECODE_ONLY=1 its decoder
// alone and ARCHIVE_BENCHMARK_ENCODE_ONLY=1 its encoder alone (for profilers); ARCHIVE_BENCHMARK_REPEATS=n sets
// how many times; ARCHIVE_BENCHMARK_BATCH=n changes the
// batch size (10,000 by default, the size the thresholds are for).

let batchSize = Int(ProcessInfo.processInfo.environment["ARCHIVE_BENCHMARK_BATCH"] ?? "") ?? 10_000
let keyedBatchSize = 1_000  // swift-corelibs-foundation's NSKeyedArchiver manages a few hundred records a second
let seed: UInt64 = 0x5EED_2026
let rounds = 6

@MainActor
func run() throws -> Bool {
    let notes = NoteValues.make(count: batchSize, seed: seed)
    let records = notes.map(\.record)
    let environment = ProcessInfo.processInfo.environment

    let native = Codec("NativeArchive", records,
        encode: { NativeArchive.encode($0) },
        decode: { try NativeArchive.decodeRecord($0).fields.count })
    let repeats = Int(environment["ARCHIVE_BENCHMARK_REPEATS"] ?? "") ?? 1
    if environment["ARCHIVE_BENCHMARK_DECODE_ONLY"] == "1" {
        // For profilers: decode the native archives `repeats` times.
        let archives = records.map { NativeArchive.encode($0) }
        var sink = 0
        for _ in 0..<repeats {
            for index in archives.indices { sink &+= try NativeArchive.decodeRecord(archives[index]).fields.count }
        }
        print("decoded \(sink) fields")
        return true
    }
    if environment["ARCHIVE_BENCHMARK_ENCODE_ONLY"] == "1" {
        // For profilers: encode the records `repeats` times.
        var sink = 0
        for _ in 0..<repeats {
            for index in records.indices { sink &+= NativeArchive.encode(records[index]).count }
        }
        print("encoded \(sink) bytes")
        return true
    }
    if environment["ARCHIVE_BENCHMARK_NATIVE_ONLY"] == "1" {
        for _ in 0..<repeats { try native.runOnce() }
        print("native: \(format(native.encodeRate)) records/s encode, \(format(native.decodeRate)) records/s decode")
        print(checksumThroughput())
        return true
    }

    let codableNotes = notes.map(CodableNote.init)
    let keyedNotes = notes.prefix(keyedBatchSize).map(KeyedNote.init)
    let plistEncoder = PropertyListEncoder()
    plistEncoder.outputFormat = .binary
    let plistDecoder = PropertyListDecoder()
    let jsonEncoder = JSONEncoder()
    let jsonDecoder = JSONDecoder()

    // Each codec must read back what it wrote before anything is timed.
    guard try NativeArchive.decodeRecord(NativeArchive.encode(records[0])) == records[0],
          try NativeArchive.decodeRecords(NativeArchive.encode(Array(records.prefix(10)))) == Array(records.prefix(10)),
          try plistDecoder.decode(CodableNote.self, from: plistEncoder.encode(codableNotes[0])) == codableNotes[0],
          try jsonDecoder.decode(CodableNote.self, from: jsonEncoder.encode(codableNotes[0])) == codableNotes[0],
          let keyed = try NSKeyedUnarchiver.unarchivedObject(
              ofClass: KeyedNote.self,
              from: NSKeyedArchiver.archivedData(withRootObject: keyedNotes[0], requiringSecureCoding: true)),
          keyed.text == keyedNotes[0].text, keyed.tags == keyedNotes[0].tags, keyed.attachment == keyedNotes[0].attachment
    else { throw BenchmarkError.mismatch("a codec did not read back what it wrote") }

    let nativeList = Codec("NativeArchive list", [records],
        encode: { NativeArchive.encode($0) },
        decode: { try NativeArchive.decodeRecords($0).count })
    let plist = Codec("PropertyListEncoder", codableNotes,
        encode: { try plistEncoder.encode($0) },
        decode: { try plistDecoder.decode(CodableNote.self, from: $0).tags.count })
    let json = Codec("JSONEncoder", codableNotes,
        encode: { try jsonEncoder.encode($0) },
        decode: { try jsonDecoder.decode(CodableNote.self, from: $0).tags.count })
    let keyedArchiver = Codec("NSKeyedArchiver", keyedNotes,
        encode: { try NSKeyedArchiver.archivedData(withRootObject: $0, requiringSecureCoding: true) },
        decode: { try NSKeyedUnarchiver.unarchivedObject(ofClass: KeyedNote.self, from: $0)?.tags.count ?? 0 })

    print("Archiving \(batchSize) note-shaped records, each into its own archive (seed \(seed)).")
    print("Every codec runs once in each of \(rounds) interleaved rounds and keeps its fastest run either way;")
    print("times are the CPU time of the benchmark thread, so other work on the machine inflates them less.")
    print("")
    try runRounds(rounds, [native, nativeList, plist, json, keyedArchiver])

    print(pad("codec", 22) + padLeft("records", 9) + padLeft("encode rec/s", 15) + padLeft("decode rec/s", 15)
        + padLeft("bytes/rec", 11) + padLeft("native x enc", 14) + padLeft("native x dec", 14))
    for codec in [native, nativeList, plist, json, keyedArchiver] {
        // The list is one archive of the whole batch: report it per record.
        let count = codec === nativeList ? records.count : codec.records
        let encodeRate = Double(count) / codec.bestEncode.seconds
        let decodeRate = Double(count) / codec.bestDecode.seconds
        let bytes = codec === nativeList ? codec.bytesPerRecord / Double(records.count) : codec.bytesPerRecord
        print(pad(codec.name, 22) + padLeft("\(count)", 9)
            + padLeft(format(encodeRate), 15) + padLeft(format(decodeRate), 15)
            + padLeft(format(bytes, decimals: 1), 11)
            + padLeft(format(native.encodeRate / encodeRate, decimals: 1) + "x", 14)
            + padLeft(format(native.decodeRate / decodeRate, decimals: 1) + "x", 14))
    }
    print("")
    print("NSKeyedArchiver is timed on the first \(keyedBatchSize) notes only (at a few hundred records/s, \(batchSize) would take")
    print("a minute); rates are records per second, so the ratios compare like with like.")
    print("\"NativeArchive list\" is the whole batch as one streamable record list (NativeArchive.encode([Record])).")

    print(checksumThroughput())
    print("")

    var passed = true
    func check(_ label: String, _ ratio: Double, _ required: Double) {
        let ok = ratio >= required
        passed = passed && ok
        print("\(ok ? "PASS" : "FAIL")  \(label): \(format(ratio, decimals: 1))x (required \(format(required))x)")
    }
    check("native encode vs NSKeyedArchiver", native.encodeRate / keyedArchiver.encodeRate, 200)
    check("native decode vs NSKeyedUnarchiver", native.decodeRate / keyedArchiver.decodeRate, 200)
    check("native encode vs PropertyListEncoder", native.encodeRate / plist.encodeRate, 20)
    check("native decode vs PropertyListDecoder", native.decodeRate / plist.decodeRate, 20)
    return passed
}

/// The checksum's speed over a note-sized buffer, in MB/s.
func checksumThroughput() -> String {
    let input = Data((0..<1600).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    var sink: UInt64 = 0
    let time = fastest(20) { for _ in 0..<1000 { sink &+= NativeArchive.checksum(input) } }
    return "Fletcher-64 over 1,600-byte buffers: \(format(1.6 / time.seconds, decimals: 0)) MB/s (sum \(sink))"
}

do {
    let passed = try run()
    print(passed ? "\nAll thresholds met." : "\nSome thresholds were missed.")
    if !passed { exit(1) }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
