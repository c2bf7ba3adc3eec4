import BenchmarkSupport
import Foundation

/// Issue 25's save goal: a bulk save with the projection within 1.3x of "today's save", the save of the commit the
/// issue was filed at (3739d63). That code is not in this package, so it runs as its own StoreBenchmark, built at
/// 3739d63 with the `--bulk-save-only` mode of this one added (Tools/Benchmarks/Baselines, `build-save-baseline.sh`):
/// the baseline's own code path, on the same notes (the same `NoteValues.make(count:seed:)` of the same sources).
///
/// Both contenders run as child processes, alternating: each run is the baseline's `--bulk-save-only` then this
/// binary's `--bulk-save-only projected`, each saving the notes `rounds` times into fresh databases. The goal is
/// judged on CPU time (user and system, every thread), which a loaded machine changes far less than wall time;
/// the wall times and the load are printed beside it.
enum SaveGoal {
    struct Rounds {
        var wall: [Double] = []
        var cpu: [Double] = []
    }

    static let ratioGoal = 1.3

    /// Runs `runs` alternating runs and prints them; returns the failure message when the goal is missed.
    static func run(baseline: String, count: Int, runs: Int) throws -> String? {
        let own = ChildProcess.ownExecutable()
        guard FileManager.default.isExecutableFile(atPath: baseline) else { throw SaveGoalError.notExecutable(baseline) }
        print("Bulk save of \(count) notes, with the projection, against today's save (the StoreBenchmark of 3739d63 at \(baseline));")
        print("\(runs) alternating runs, each the sum of 3 rounds in fresh databases; the goal (at most \(ratioGoal)x) is judged on CPU time")
        var ratios: [Double] = []
        for run in 1...runs {
            let load = ChildProcess.loadAverage()
            let before = try rounds(try childOutput(baseline, ["--bulk-save-only", "--count", "\(count)"]))
            let now = try rounds(try childOutput(own, ["--bulk-save-only", "projected", "--count", "\(count)"]))
            let (beforeCPU, nowCPU) = (before.cpu.reduce(0, +), now.cpu.reduce(0, +))
            let (beforeWall, nowWall) = (before.wall.reduce(0, +), now.wall.reduce(0, +))
            ratios.append(nowCPU / beforeCPU)
            print(String(
                format: "  run %d (load %@): 3739d63 %.3f s CPU, %.3f s wall; now %.3f s CPU, %.3f s wall; ratio %.2fx CPU, %.2fx wall",
                run, load, beforeCPU, beforeWall, nowCPU, nowWall, nowCPU / beforeCPU, nowWall / beforeWall))
        }
        let median = ratios.sorted()[ratios.count / 2]
        let verdict = median <= ratioGoal ? "PASS" : "FAIL"
        print(String(format: "%@: bulk save with the projection: %.2fx the CPU time of today's save (median of %d runs), goal at most %.1fx", verdict, median, runs, ratioGoal))
        return median <= ratioGoal ? nil : String(format: "bulk save: %.2fx the CPU time of today's save (3739d63), goal at most %.1fx", median, ratioGoal)
    }

    /// The rounds a `--bulk-save-only` child printed: "<name> bulk save of <n>: <wall> seconds wall, <cpu> s CPU".
    static func rounds(_ output: String) throws -> Rounds {
        var result = Rounds()
        for line in output.split(separator: "\n") where line.contains(" bulk save of ") {
            let parts = line.split(separator: ":").last?.split(separator: ",") ?? []
            guard parts.count == 2,
                  let wall = parts[0].split(separator: " ").first.flatMap({ Double($0) }),
                  let cpu = parts[1].split(separator: " ").first.flatMap({ Double($0) })
            else { throw SaveGoalError.unreadable(String(line)) }
            result.wall.append(wall)
            result.cpu.append(cpu)
        }
        guard !result.cpu.isEmpty else { throw SaveGoalError.unreadable(output) }
        return result
    }

    /// A child's output, or an error with it when the child failed.
    private static func childOutput(_ path: String, _ arguments: [String]) throws -> String {
        let output = try ChildProcess.run(path, arguments)
        guard output.status == 0 else { throw SaveGoalError.childFailed(path, output.status, output.text) }
        return output.text
    }
}

enum SaveGoalError: Error, CustomStringConvertible {
    case notExecutable(String)
    case childFailed(String, Int32, String)
    case unreadable(String)

    var description: String {
        switch self {
        case let .notExecutable(path): "no baseline StoreBenchmark at \(path) (build it with Tools/Benchmarks/Baselines/build-save-baseline.sh)"
        case let .childFailed(path, status, output): "\(path) exited with status \(status): \(output)"
        case let .unreadable(line): "not a bulk-save line: \(line)"
        }
    }
}
