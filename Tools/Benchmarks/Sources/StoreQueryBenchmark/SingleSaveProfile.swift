import Foundation
import RecordKit
import RecordKitStore
#if canImport(BenchmarkSupport)
import BenchmarkSupport
#endif
// (The 3739d63 baseline builds this file inside its StoreBenchmark, which has its own `ProcessTime` and no
// BenchmarkSupport module: see Tools/Benchmarks/Baselines/build-save-baseline.sh.)

/// `--single-save-only`: the single-book saves of issue 25's save goal alone, in a fresh store holding `count`
/// books (`BookSample`), printing each round's wall and CPU time: rounds of 100 edits, one transaction each,
/// after a few unmeasured rounds that let the store settle after the bulk save (the first checkpoint of its
/// write-ahead log).
enum SingleSaveProfile {
    static let warmUpRounds = 3
    static let measuredRounds = 30
    /// The text of each measured round's line, which `BaselineGoal` reads.
    static let marker = "single saves of 100 books"

    /// Runs the rounds on the store `open` opens at a path in a scratch folder.
    static func run(count: Int, open: (String) throws -> RecordStore) throws {
        let folder = NSTemporaryDirectory() + "single-save-profile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let books = BookSample.make(count: count)
        let store = try open(folder + "/store.sqlite")
        for chunk in stride(from: 0, to: count, by: 1000) { try store.save(contentsOf: books[chunk..<min(chunk + 1000, count)]) }
        for round in 0..<(warmUpRounds + measuredRounds) {
            let edited = BookSample.edits(of: books, round: round, retitled: false)
            let cpuBefore = ProcessTime.cpuSeconds()
            let elapsed = try ContinuousClock().measure { for book in edited { try store.save(book) } }
            let cpu = ProcessTime.cpuSeconds() - cpuBefore
            guard round >= warmUpRounds else { continue }
            let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print("\(marker), round \(round - warmUpRounds + 1): \(String(format: "%.6f", wall)) seconds wall, \(String(format: "%.6f", cpu)) s CPU")
        }
    }
}
