import Foundation
import RecordKit

// Native archive against NSKeyedArchiver (an NSSecureCoding class graph of the same shape), PropertyListEncoder
// (binary) and JSONEncoder/Decoder (a Codable struct of the same shape), each record archived on its own.
// Run: swift run -c release --package-path Tools/Benchmarks ArchiveBenchmark

let batchSize = 10_000
let keyedBatchSize = 1_000  // swift-corelibs-foundation's NSKeyedArchiver manages a few hundred records a second
let seed: UInt64 = 0x5EED_2026

let notes = NoteValues.make(count: batchSize, seed: seed)
let records = notes.map(\.record)
let codableNotes = notes.map(CodableNote.init)
let keyedNotes = notes.prefix(keyedBatchSize).map(KeyedNote.init)

@MainActor
func run() throws -> Bool {
    if ProcessInfo.processInfo.environment["ARCHIVE_BENCHMARK_NATIVE_ONLY"] == "1" {
        let crcInput = Data(repeating: 0xA5, count: 1 << 20)
        var crcSink: UInt32 = 0
        let crcTime = fastest(20) { crcSink &+= NativeArchive.crc32c(crcInput) }
        print("CRC-32C: \(format(1.0 / crcTime.seconds, decimals: 0)) MiB/s (\(crcSink))")
        // For profilers: the native codec alone, once each way.
        let repeats = Int(ProcessInfo.processInfo.environment["ARCHIVE_BENCHMARK_REPEATS"] ?? "") ?? 1
        let native = try measure("NativeArchive", records, repeats: repeats,
            encode: { NativeArchive.encode($0) },
            decode: { try NativeArchive.decodeRecord($0).fields.count })
        print("native: \(format(native.encodeRate)) records/s encode, \(format(native.decodeRate)) records/s decode")
        return true
    }
    // Check each codec reads back what it wrote before timing anything.
    guard try NativeArchive.decodeRecord(NativeArchive.encode(records[0])) == records[0] else {
        throw BenchmarkError.mismatch("native archive")
    }
    let plistEncoder = PropertyListEncoder()
    plistEncoder.outputFormat = .binary
    let plistDecoder = PropertyListDecoder()
    guard try plistDecoder.decode(CodableNote.self, from: plistEncoder.encode(codableNotes[0])) == codableNotes[0] else {
        throw BenchmarkError.mismatch("PropertyListEncoder")
    }
    let jsonEncoder = JSONEncoder()
    let jsonDecoder = JSONDecoder()

    print("Archiving note-shaped records, each into its own archive (seed \(seed), best of several runs)")
    print("")
    let native = try measure("NativeArchive", records, repeats: 7,
        encode: { NativeArchive.encode($0) },
        decode: { try NativeArchive.decodeRecord($0).fields.count })
    let nativeList = try measure("NativeArchive list", [records], repeats: 7,
        encode: { NativeArchive.encode($0) },
        decode: { try NativeArchive.decodeRecords($0).count })
    let plist = try measure("PropertyListEncoder", codableNotes, repeats: 3,
        encode: { try plistEncoder.encode($0) },
        decode: { try plistDecoder.decode(CodableNote.self, from: $0).tags.count })
    let json = try measure("JSONEncoder", codableNotes, repeats: 3,
        encode: { try jsonEncoder.encode($0) },
        decode: { try jsonDecoder.decode(CodableNote.self, from: $0).tags.count })
    let keyed = try measure("NSKeyedArchiver", keyedNotes, repeats: 2,
        encode: { try NSKeyedArchiver.archivedData(withRootObject: $0, requiringSecureCoding: true) },
        decode: { try NSKeyedUnarchiver.unarchivedObject(ofClass: KeyedNote.self, from: $0)?.tags.count ?? 0 })

    print(pad("codec", 22) + padLeft("records", 9) + padLeft("encode rec/s", 15) + padLeft("decode rec/s", 15)
        + padLeft("bytes/rec", 11) + padLeft("native x enc", 14) + padLeft("native x dec", 14))
    let listAsRecords = CodecResult(
        name: "NativeArchive list", records: records.count, encode: nativeList.encode, decode: nativeList.decode,
        bytes: nativeList.bytes
    )
    for result in [native, listAsRecords, plist, json, keyed] {
        print(pad(result.name, 22) + padLeft("\(result.records)", 9)
            + padLeft(format(result.encodeRate), 15) + padLeft(format(result.decodeRate), 15)
            + padLeft(format(result.bytesPerRecord, decimals: 1), 11)
            + padLeft(format(native.encodeRate / result.encodeRate, decimals: 1) + "x", 14)
            + padLeft(format(native.decodeRate / result.decodeRate, decimals: 1) + "x", 14))
    }
    print("")
    print("NSKeyedArchiver is timed on the first \(keyedBatchSize) notes only (it is too slow for \(batchSize)); rates are per second either way.")
    print("\"NativeArchive list\" is the whole batch as one streamable record list (NativeArchive.encode([Record])).")

    let crcInput = Data(repeating: 0xA5, count: 1 << 20)
    var crcSink: UInt32 = 0
    let crcTime = fastest(20) { crcSink &+= NativeArchive.crc32c(crcInput) }
    print("CRC-32C (slicing-by-16): \(format(1.0 / crcTime.seconds, decimals: 0)) MiB/s (checksum \(String(crcSink, radix: 16)))")
    print("")

    var passed = true
    func check(_ label: String, _ ratio: Double, _ required: Double) {
        let ok = ratio >= required
        passed = passed && ok
        print("\(ok ? "PASS" : "FAIL")  \(label): \(format(ratio, decimals: 1))x (required \(format(required))x)")
    }
    check("native encode vs NSKeyedArchiver", native.encodeRate / keyed.encodeRate, 200)
    check("native decode vs NSKeyedUnarchiver", native.decodeRate / keyed.decodeRate, 200)
    check("native encode vs PropertyListEncoder", native.encodeRate / plist.encodeRate, 20)
    check("native decode vs PropertyListDecoder", native.decodeRate / plist.decodeRate, 20)
    return passed
}

do {
    let passed = try run()
    print(passed ? "\nAll thresholds met." : "\nSome thresholds were missed.")
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
