// StoreBenchmark: RecordKitStore against (a) GRDB's idiomatic Codable records with a column per field, (b) a JSON
// Codable blob per row and (c) raw SQLite statements read by hand, on 100,000 notes of ArchiveBenchmark's shape,
// all in one run. Exits 1 when a goal is missed: load-all and bulk save at least as fast as (a) and within 2x of
// (c); memory while iterating every record bounded by the cursor. Column (d), the same store opened without models
// (no projection), shows what the projection itself costs; it is not a goal. With `--baseline PATH`, also issue
// 25's goal: the bulk save with the projection within 1.3x of today's save, the StoreBenchmark of 3739d63 at PATH
// (see SaveGoal; build it with Tools/Benchmarks/Baselines/build-save-baseline.sh).
//
// swift run -c release --package-path Tools/Benchmarks StoreBenchmark [--count N] [--baseline PATH]
// swift run -c release --package-path Tools/Benchmarks StoreBenchmark --save-goal PATH [--count N] (that goal only)
// swift run -c release --package-path Tools/Benchmarks StoreBenchmark --asset-saves (see AssetSaveBenchmark)
import Foundation

let arguments = CommandLine.arguments
// Child mode: measure memory in a fresh process, where no earlier phase left freed memory to reuse.
if let mode = arguments.firstIndex(where: { $0 == "--measure-cursor" || $0 == "--measure-load-all" }), arguments.indices.contains(mode + 1) {
    print(try MemoryProbe.run(cursor: arguments[mode] == "--measure-cursor", path: arguments[mode + 1]))
    exit(0)
}
if arguments.contains("--asset-saves") {
    let scratch = NSTemporaryDirectory() + "store-benchmark-assets-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try AssetSaveBenchmark.run(folder: scratch)
    exit(0)
}
let count = arguments.firstIndex(of: "--count").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 100_000
let rounds = 3
// Profiling mode: only the bulk save of one store contender, `rounds` times, for perf or strace to look at.
if let mode = arguments.firstIndex(of: "--bulk-save-only"), arguments.indices.contains(mode + 1) {
    try BulkSaveProfile.run(projected: arguments[mode + 1] != "plain", count: count, rounds: rounds)
    exit(0)
}
func pathArgument(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
// Issue 25's save goal alone, against the baseline binary: three alternating runs of child processes.
if let baseline = pathArgument("--save-goal") {
    exit(try SaveGoal.run(baseline: baseline, count: count, runs: 3) == nil ? 0 : 1)
}

let folder = NSTemporaryDirectory() + "store-benchmark-\(UUID().uuidString)"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

print("Preparing \(count) notes (ArchiveBenchmark's shape: 200-byte text, 5 tags, 1 KiB of data, a reference, system fields)…")
let values = NoteValues.make(count: count, seed: 42)
let store = try StoreContender(values)
let unprojected = try StoreContender(values, projected: false)
let contenders: [any Contender] = [store, GRDBCodableContender(values), JSONBlobContender(values), RawSQLiteContender(values), unprojected]

func path(of contender: any Contender) -> String { folder + "/" + contender.name.filter { $0.isLetter } + ".sqlite" }

func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

var best: [String: [String: Double]] = [:]
@MainActor func record(_ operation: String, _ contender: any Contender, _ time: Double) {
    best[operation, default: [:]][contender.name] = min(best[operation]?[contender.name] ?? .infinity, time)
}

// Bulk save, and open + load all, in interleaved rounds (a machine getting busier or quieter affects all alike).
for _ in 0..<rounds {
    for contender in contenders {
        let file = path(of: contender)
        removeDatabase(file)
        try contender.open(path: file)
        record("bulk save", contender, try seconds { try contender.bulkSave() })
        contender.close()
        var sum = 0
        record("open + load all", contender, try seconds {
            try contender.open(path: file)
            sum = try contender.loadAll()
        })
        guard sum != 0 else { throw BenchmarkFailure.wrongCount(contender.name, 0) }
    }
}

// The rest on the stores the last round left open.
var rng = SeededGenerator(seed: 7)
let fetchIndices = (0..<10_000).map { _ in Int(rng.next() % UInt64(count)) }
let saveIndices = (0..<1_000).map { _ in Int(rng.next() % UInt64(count)) }
let pageIndices = (0..<400).map { _ in Int(rng.next() % UInt64(count)) }
for _ in 0..<rounds {
    for contender in contenders {
        var sum = 0
        record("10,000 fetches by ID", contender, try seconds { sum = try contender.fetch(fetchIndices) })
        guard sum != 0 else { throw BenchmarkFailure.wrongCount(contender.name, 0) }
        record("1,000 single-save transactions", contender, try seconds { try contender.singleSaves(saveIndices) })
        record("apply a fetched page of 400", contender, try seconds { try contender.applyPage(pageIndices) })
    }
}

// Memory while iterating every record through the store's cursor, against loading them all: each in a fresh process.
store.close()
let storePath = path(of: store)
let cursor = try MemoryProbe.spawn(cursor: true, path: storePath)
let loadAll = try MemoryProbe.spawn(cursor: false, path: storePath)
let databaseBytes = (try? FileManager.default.attributesOfItem(atPath: storePath)[.size] as? Int) ?? 0
unprojected.close()
let unprojectedBytes = (try? FileManager.default.attributesOfItem(atPath: path(of: unprojected))[.size] as? Int) ?? 0

// Report.
let operations = ["bulk save", "open + load all", "10,000 fetches by ID", "1,000 single-save transactions", "apply a fetched page of 400"]
func cell(_ text: String, _ width: Int) -> String { text.count >= width ? text : String(repeating: " ", count: width - text.count) + text }
func ms(_ value: Double?) -> String { value.map { String(format: "%.1f ms", $0 * 1000) } ?? "-" }
func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }

print("")
print("StoreBenchmark: \(count) notes, best of \(rounds) interleaved rounds, wall clock; ratios are RecordKitStore's time over the other's (below 1 is faster)")
print(cell("", 31) + contenders.map { cell($0.name, 17) }.joined() + cell("vs (a)", 9) + cell("vs (b)", 9) + cell("vs (c)", 9) + cell("vs (d)", 9))
var goalsMissed: [String] = []
for operation in operations {
    let times = best[operation] ?? [:]
    let mine = times[store.name] ?? .infinity
    let others = contenders.dropFirst().map { mine / (times[$0.name] ?? .infinity) }
    print(cell(operation, 31) + contenders.map { cell(ms(times[$0.name]), 17) }.joined() + others.map { cell(ratio($0), 9) }.joined())
    if operation == "bulk save" || operation == "open + load all" {
        if others[0] > 1 { goalsMissed.append("\(operation): \(ratio(others[0])) the time of (a), goal at most 1x") }
        if others[2] > 2 { goalsMissed.append("\(operation): \(ratio(others[2])) the time of (c), goal at most 2x") }
    }
}
let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
print("")
print("Peak RSS above the opened store, in a fresh process: iterating all \(cursor.count) notes through the cursor (forEach) \(mib(cursor.growth)); loading them all (fetchAll) \(mib(loadAll.growth)); database file \(mib(databaseBytes)) (\(mib(unprojectedBytes)) without projection)")
// Bounded by the cursor: a small fraction of what holding every record takes, whatever the count.
if cursor.growth > loadAll.growth / 8 {
    goalsMissed.append("cursor iteration grew RSS by \(mib(cursor.growth)), more than 1/8 of loading all (\(mib(loadAll.growth)))")
}
let baseline = pathArgument("--baseline")
if let baseline {
    print("")
    if let miss = try SaveGoal.run(baseline: baseline, count: count, runs: 3) { goalsMissed.append(miss) }
} else {
    print("Issue 25's save goal (within 1.3x of the save of 3739d63) is checked only with --baseline PATH.")
}
if goalsMissed.isEmpty {
    let saveGoal = baseline == nil ? "" : " and within 1.3x of today's save (3739d63)"
    print("PASS: load-all and bulk save at least as fast as (a) and within 2x of (c)\(saveGoal); cursor memory bounded.")
} else {
    for miss in goalsMissed { print("FAIL: \(miss)") }
    // exit skips the deferred removal of the scratch folder.
    try? FileManager.default.removeItem(atPath: folder)
    exit(1)
}
