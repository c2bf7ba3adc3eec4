import BenchmarkSupport
import Foundation

/// Issue 25's sync goal: the initial sync with the projection at least 0.8x the rate of the same sync without it
/// (this binary with `--without-projection`: the same records, asset adoption and engine, only the projection
/// missing), with memory flat in both.
///
/// Each contender runs as a child process (this binary, re-executed), alternating run by run, and the goal is
/// judged on the median ratio of CPU time per record (every thread, user and system): on a shared machine the wall
/// time follows the share of a CPU the sync gets, while its CPU time changes far less; the wall-clock rate ratio
/// and the load are printed beside it. Baseline binaries (`--baseline PATH`, a SyncBenchmark built at 3739d63 by
/// `Baselines/build-sync-baseline.sh`) run in the same rotation, with and without an asset folder, for information.
enum SyncGoal {
    static let ratioGoal = 0.8

    /// One child's sync: its rate, its CPU time per record and its memory verdict.
    struct Measurement {
        var recordsPerSecond: Double
        var cpuMicroseconds: Double
        var memory: String
    }

    /// A contender: a binary and the arguments that select its sync.
    struct Contender {
        let name: String
        let path: String
        let arguments: [String]
    }

    /// Runs the rotation and prints it; returns the failure messages (empty when the goal is met).
    static func run(count: Int, runs: Int, baselines: [String]) throws -> [String] {
        let own = ChildProcess.ownExecutable()
        let projected = Contender(name: "with projection", path: own, arguments: ["\(count)"])
        let plain = Contender(name: "no projection", path: own, arguments: ["\(count)", "--without-projection"])
        var contenders = [projected, plain]
        for (index, path) in baselines.enumerated() {
            guard FileManager.default.isExecutableFile(atPath: path) else { throw SyncGoalError.notExecutable(path) }
            let label = baselines.count > 1 ? "baseline \(index + 1)" : "baseline"
            contenders.append(Contender(name: "\(label) asset folder", path: path, arguments: ["\(count)", "--asset-folder"]))
            contenders.append(Contender(name: "\(label) plain", path: path, arguments: ["\(count)"]))
        }
        print("SyncBenchmark --goal: initial sync of \(count) notes, \(runs) alternating runs of \(contenders.map(\.name).joined(separator: ", "))")
        for (index, path) in baselines.enumerated() { print("  baseline \(index + 1): \(path)") }
        var results = Array(repeating: [Measurement](), count: contenders.count)
        var failures: [String] = []
        for run in 1...runs {
            // Odd runs in order, even runs reversed: a drift of the load favours neither side.
            let order = run % 2 == 1 ? Array(contenders.indices) : contenders.indices.reversed()
            for index in order {
                let contender = contenders[index]
                let load = ChildProcess.loadAverage()
                let measurement = try measure(contender)
                results[index].append(measurement)
                print(String(
                    format: "  run %d %@ (load %@): %.1f µs CPU per record, %.0f records/s; %@",
                    run, contender.name, load, measurement.cpuMicroseconds, measurement.recordsPerSecond, measurement.memory))
                if measurement.memory.hasPrefix("FAIL") { failures.append("\(contender.name), run \(run): \(measurement.memory)") }
            }
        }
        let (cpuRatio, wallRatio) = ratios(results[0], over: results[1])
        // A NaN ratio (no measurement) is not at least the goal: it fails.
        let met = cpuRatio >= ratioGoal
        let verdict = met ? "PASS" : "FAIL"
        print(String(
            format: "%@: with the projection %.3fx the rate of the sync without it in CPU time per record (median of %d runs' ratios; goal at least %.1fx), %.3fx in wall-clock rate",
            verdict, cpuRatio, runs, ratioGoal, wallRatio))
        if !met {
            failures.append(String(format: "sync with the projection: %.3fx the CPU rate without it, goal at least %.1fx", cpuRatio, ratioGoal))
        }
        for index in contenders.indices.dropFirst(2) {
            let (cpu, wall) = ratios(results[0], over: results[index])
            print(String(format: "  with projection / %@: %.2fx in CPU time per record, %.2fx in wall-clock rate (for information)", contenders[index].name, cpu, wall))
        }
        return failures
    }

    /// The median over the runs of each run's ratio of `ours` to `theirs`, as rates (above 1: ours is faster): in
    /// CPU time per record and in records per second.
    static func ratios(_ ours: [Measurement], over theirs: [Measurement]) -> (cpu: Double, wall: Double) {
        let pairs = zip(ours, theirs)
        return (median(pairs.map { $1.cpuMicroseconds / $0.cpuMicroseconds }),
                median(pairs.map { $0.recordsPerSecond / $1.recordsPerSecond }))
    }

    /// The median of `values` (NaN when there are none).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Runs `contender` and reads its output. A memory FAIL exits 1 with its output intact: it is reported, not
    /// thrown.
    private static func measure(_ contender: Contender) throws -> Measurement {
        let output = try ChildProcess.run(contender.path, contender.arguments)
        guard let measurement = parse(output.text), output.status == 0 || measurement.memory.hasPrefix("FAIL") else {
            throw SyncGoalError.childFailed(contender.name, output.status, output.text)
        }
        return measurement
    }

    /// The rate, CPU and memory lines a SyncBenchmark prints:
    /// "  N records in S s: R records/s", "  CPU time of the sync (…): C s, U µs per record",
    /// "PASS|FAIL: memory grew …".
    static func parse(_ output: String) -> Measurement? {
        var rate: Double?, cpu: Double?, memory: String?
        for line in output.split(separator: "\n") {
            if line.hasSuffix(" records/s"), let value = line.split(separator: ":").last?.split(separator: " ").first {
                rate = Double(value)
            } else if line.contains("CPU time of the sync"), line.hasSuffix(" µs per record"),
                      let value = line.split(separator: ",").last?.split(separator: " ").first {
                cpu = Double(value)
            } else if line.contains("memory grew") {
                memory = String(line)
            }
        }
        guard let rate, let cpu else { return nil }
        return Measurement(recordsPerSecond: rate, cpuMicroseconds: cpu, memory: memory ?? "no memory verdict (fewer than two marks)")
    }
}

enum SyncGoalError: Error, CustomStringConvertible {
    case notExecutable(String)
    case childFailed(String, Int32, String)

    var description: String {
        switch self {
        case let .notExecutable(path): "no baseline SyncBenchmark at \(path) (build it with Tools/Benchmarks/Baselines/build-sync-baseline.sh)"
        case let .childFailed(name, status, output): "the \(name) run exited with status \(status) and no measurement: \(output)"
        }
    }
}
