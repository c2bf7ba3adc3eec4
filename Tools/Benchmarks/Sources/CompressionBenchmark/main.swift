import Foundation
import RecordKitCompression

// LZFSE/LZVN decoding: RecordKitCompression against the reference C decoder (Apple's lzfse, through PyPI's
// `lzfse` bindings) on the same streams, in one run. Run through Tools/Benchmarks/compression-benchmark.sh, which
// installs the Python package in its own virtual environment and extracts the real records.
//
//   CompressionBenchmark <folder of .bvx streams> <python with lzfse> [rounds]
//
// Each group of streams is decoded `rounds` times (default 30); the best round counts, in MB of decoded output
// per second. The Python side times the same loop with time.perf_counter, so its interpreter overhead per call is
// included, as it is for any app that calls it.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: CompressionBenchmark FOLDER PYTHON [ROUNDS]\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1])
let python = arguments[2]
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 30 : 30

/// Groups of streams by file-name prefix: the real Core Data records, and the generated vectors by kind.
let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".bvx") }.sorted()
let groups: [(String, [String])] = [
    ("Core Data records (16 bvxn, 2 bvx2)", names.filter { $0.hasPrefix("record-") }),
    ("LZFSE text, 3 blocks (bvx2)", names.filter { $0.hasPrefix("lzfse-lines12000") }),
    ("LZVN vectors (bvxn)", names.filter { $0.hasPrefix("lzvn-") }),
]

func swiftBest(_ streams: [Data]) throws -> (seconds: Double, bytes: Int) {
    var best = Double.infinity
    var bytes = 0
    // Enough repetitions per round that a round lasts milliseconds, not microseconds.
    let repeats = max(1, 2_000_000 / max(1, streams.reduce(0) { $0 + $1.count }))
    for _ in 0..<rounds {
        var total = 0
        let start = ContinuousClock.now
        for _ in 0..<repeats {
            for stream in streams { total += try BlockStream.decode(stream).count }
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        best = min(best, seconds)
        bytes = total
    }
    return (best, bytes)
}

func pythonBest(_ files: [String]) throws -> (seconds: Double, bytes: Int) {
    let script = """
        import lzfse, sys, time
        streams = [open(p, 'rb').read() for p in sys.argv[2:]]
        rounds = int(sys.argv[1])
        repeats = max(1, 2_000_000 // max(1, sum(len(s) for s in streams)))
        best, total = float('inf'), 0
        for _ in range(rounds):
            total = 0
            start = time.perf_counter()
            for _ in range(repeats):
                for s in streams:
                    total += len(lzfse.decompress(s))
            best = min(best, time.perf_counter() - start)
        print(best, total)
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script, String(rounds)] + files.map { folder.appendingPathComponent($0).path }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard process.terminationStatus == 0, fields.count == 2, let seconds = Double(fields[0]),
          let bytes = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
    else {
        throw BenchmarkFailure(message: "the Python reference failed (status \(process.terminationStatus))")
    }
    return (seconds, bytes)
}

struct BenchmarkFailure: Error {
    let message: String
}

/// The goal: at least half the reference decoder's speed on every group.
let goal = 0.5
var failed = false
print("LZFSE/LZVN decoding, best of \(rounds) rounds, MB of decoded output per second; goal: ratio >= \(goal)")
print("group".padding(toLength: 40, withPad: " ", startingAt: 0) + "  RecordKit    reference (C via Python)   ratio")
do {
    for (title, files) in groups where !files.isEmpty {
        let streams = try files.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        let ours = try swiftBest(streams)
        let reference = try pythonBest(files)
        guard ours.bytes == reference.bytes else {
            throw BenchmarkFailure(message: "\(title): RecordKit decoded \(ours.bytes) bytes, the reference \(reference.bytes)")
        }
        let oursRate = Double(ours.bytes) / ours.seconds / 1e6
        let referenceRate = Double(reference.bytes) / reference.seconds / 1e6
        let line = title.padding(toLength: 40, withPad: " ", startingAt: 0)
            + String(format: "  %7.1f      %7.1f                  %5.2fx", oursRate, referenceRate, oursRate / referenceRate)
        let passed = oursRate / referenceRate >= goal
        failed = failed || !passed
        print(line + (passed ? "  PASS" : "  FAIL"))
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
if failed { exit(1) }
