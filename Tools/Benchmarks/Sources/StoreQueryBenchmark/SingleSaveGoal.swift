import BenchmarkSupport
import Foundation

/// Issue 25's single-save goal: a save with the projection within 1.3x of "today's save", the save of the commit
/// the issue was filed at (3739d63), as StoreBenchmark judges the bulk save. That code is not in this package, so it
/// runs as the StoreBenchmark of 3739d63 with this benchmark's `--single-save-only` mode added
/// (Tools/Benchmarks/Baselines/build-save-baseline.sh): the baseline's own save path, on the same books with the
/// same edits (`BookSample` and `SingleSaveProfile` are built into it from this folder).
///
/// Each run is the baseline's `--single-save-only` then this binary's `--single-save-only projected`, each in a
/// fresh store of `count` books (see ``BaselineGoal``, which judges on CPU time).
enum SingleSaveGoal {
    /// Runs `runs` alternating runs and prints them; returns the failure message when the goal is missed.
    static func run(baseline: String, count: Int, runs: Int) throws -> String? {
        print("Single-book saves into a store of \(count) books, with the projection, against today's save (the StoreBenchmark of 3739d63 at \(baseline));")
        let goal = BaselineGoal(
            title: "single-book save with the projection", baseline: baseline,
            baselineArguments: ["--single-save-only", "--count", "\(count)"],
            ownArguments: ["--single-save-only", "projected", "--count", "\(count)"],
            eachRun: "the sum of \(SingleSaveProfile.measuredRounds) rounds of 100 one-book transactions", marker: SingleSaveProfile.marker, ratioGoal: 1.3)
        return try goal.run(runs: runs)
    }
}
