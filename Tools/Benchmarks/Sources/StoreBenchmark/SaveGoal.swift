import BenchmarkSupport
import Foundation

/// Issue 25's save goal: a bulk save with the projection within 1.3x of "today's save", the save of the commit the
/// issue was filed at (3739d63). That code is not in this package, so it runs as its own StoreBenchmark, built at
/// 3739d63 with the `--bulk-save-only` mode of this one added (Tools/Benchmarks/Baselines, `build-save-baseline.sh`):
/// the baseline's own code path, on the same notes (the same `NoteValues.make(count:seed:)` of the same sources).
///
/// Each run is the baseline's `--bulk-save-only` then this binary's `--bulk-save-only projected`, each saving the
/// notes `rounds` times into fresh databases (see ``BaselineGoal``, which judges on CPU time).
enum SaveGoal {
    /// Runs `runs` alternating runs and prints them; returns the failure message when the goal is missed.
    static func run(baseline: String, count: Int, runs: Int) throws -> String? {
        print("Bulk save of \(count) notes, with the projection, against today's save (the StoreBenchmark of 3739d63 at \(baseline));")
        let goal = BaselineGoal(
            title: "bulk save with the projection", baseline: baseline,
            baselineArguments: ["--bulk-save-only", "--count", "\(count)"],
            ownArguments: ["--bulk-save-only", "projected", "--count", "\(count)"],
            eachRun: "the sum of 3 rounds in fresh databases", marker: " bulk save of ", ratioGoal: 1.3)
        return try goal.run(runs: runs)
    }
}
