import Foundation

/// A goal judged against a baseline: the same measurement built from an older commit (Tools/Benchmarks/Baselines),
/// which is not in this package and so runs as its own binary. Both sides run as child processes, alternating, each
/// printing one line per measured round ("… <marker> …: <wall> seconds wall, <cpu> s CPU"). The goal is judged on the
/// median over runs of the ratio of the two sides' summed CPU time (user and system, every thread), which a loaded
/// machine changes far less than wall time; the wall times and the load are printed beside it.
public struct BaselineGoal: Sendable {
    /// What the goal measures, for the printed lines: "bulk save with the projection".
    public let title: String
    /// The baseline binary and its arguments.
    public let baseline: String
    public let baselineArguments: [String]
    /// This binary's arguments for the same measurement.
    public let ownArguments: [String]
    /// What each side measures in one run, for the printed lines: "the sum of 3 rounds in fresh databases".
    public let eachRun: String
    /// The text each round's line holds in both sides' output.
    public let marker: String
    /// The highest passing ratio of this side's CPU time to the baseline's.
    public let ratioGoal: Double

    public init(
        title: String, baseline: String, baselineArguments: [String], ownArguments: [String], eachRun: String, marker: String,
        ratioGoal: Double
    ) {
        self.title = title
        self.baseline = baseline
        self.baselineArguments = baselineArguments
        self.ownArguments = ownArguments
        self.eachRun = eachRun
        self.marker = marker
        self.ratioGoal = ratioGoal
    }

    /// Runs `runs` alternating runs (the baseline first, then this binary) and prints them; returns the failure
    /// message when the goal is missed.
    public func run(runs: Int) throws -> String? {
        let own = ChildProcess.ownExecutable()
        guard FileManager.default.isExecutableFile(atPath: baseline) else { throw BaselineGoalError.notExecutable(baseline) }
        print(String(format: "%d alternating runs, each %@; the goal (at most %.1fx) is judged on CPU time", runs, eachRun, ratioGoal))
        var ratios: [Double] = []
        for run in 1...runs {
            let load = ChildProcess.loadAverage()
            let before = try MeasuredRounds(parsing: try childOutput(baseline, baselineArguments), marker: marker)
            let now = try MeasuredRounds(parsing: try childOutput(own, ownArguments), marker: marker)
            ratios.append(now.cpu / before.cpu)
            print(String(
                format: "  run %d (load %@): 3739d63 %.3f s CPU, %.3f s wall; now %.3f s CPU, %.3f s wall; ratio %.2fx CPU, %.2fx wall",
                run, load, before.cpu, before.wall, now.cpu, now.wall, now.cpu / before.cpu, now.wall / before.wall))
        }
        let median = ratios.sorted()[ratios.count / 2]
        let verdict = median <= ratioGoal ? "PASS" : "FAIL"
        print(String(
            format: "%@: %@: %.2fx the CPU time of today's save (median of %d runs), goal at most %.1fx",
            verdict, title, median, runs, ratioGoal))
        return median <= ratioGoal
            ? nil : String(format: "%@: %.2fx the CPU time of today's save (3739d63), goal at most %.1fx", title, median, ratioGoal)
    }

    /// A child's output, or an error with it when the child failed.
    private func childOutput(_ path: String, _ arguments: [String]) throws -> String {
        let output = try ChildProcess.run(path, arguments)
        guard output.status == 0 else { throw BaselineGoalError.childFailed(path, output.status, output.text) }
        return output.text
    }
}

/// The rounds one child printed, summed.
public struct MeasuredRounds: Sendable {
    public private(set) var wall = 0.0
    public private(set) var cpu = 0.0
    public private(set) var count = 0

    /// Reads every line of `output` that holds `marker`: "… <marker> …: <wall> seconds wall, <cpu> s CPU".
    public init(parsing output: String, marker: String) throws(BaselineGoalError) {
        for line in output.split(separator: "\n") where line.contains(marker) {
            let parts = line.split(separator: ":").last?.split(separator: ",") ?? []
            guard parts.count == 2,
                  let wall = parts[0].split(separator: " ").first.flatMap({ Double($0) }),
                  let cpu = parts[1].split(separator: " ").first.flatMap({ Double($0) })
            else { throw .unreadable(String(line)) }
            self.wall += wall
            self.cpu += cpu
            count += 1
        }
        guard count > 0 else { throw .noRounds(marker: marker, output: output) }
    }
}

public enum BaselineGoalError: Error, CustomStringConvertible {
    case notExecutable(String)
    case childFailed(String, Int32, String)
    case unreadable(String)
    case noRounds(marker: String, output: String)

    public var description: String {
        switch self {
        case let .notExecutable(path): "no baseline binary at \(path) (build it with Tools/Benchmarks/Baselines/build-save-baseline.sh)"
        case let .childFailed(path, status, output): "\(path) exited with status \(status): \(output)"
        case let .unreadable(line): "not a measured round: \(line)"
        case let .noRounds(marker, output): "no line with \"\(marker)\" in: \(output)"
        }
    }
}
