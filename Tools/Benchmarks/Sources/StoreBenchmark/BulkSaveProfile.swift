import BenchmarkSupport
import Foundation

/// `--bulk-save-only projected|plain`: the bulk save of the store with or without its projection alone, in a
/// fresh database each round, printing each round's time; for a profiler (perf, strace -c) to look at one path.
enum BulkSaveProfile {
    static func run(projected: Bool, count: Int, rounds: Int) throws {
        let folder = NSTemporaryDirectory() + "store-benchmark-profile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let contender = try StoreContender(NoteValues.make(count: count, seed: 42), projected: projected)
        for round in 0..<rounds {
            try contender.open(path: folder + "/round\(round).sqlite")
            let cpuBefore = ProcessTime.cpuSeconds()
            let elapsed = try ContinuousClock().measure { try contender.bulkSave() }
            let cpu = ProcessTime.cpuSeconds() - cpuBefore
            contender.close()
            print("\(contender.name) bulk save of \(count): \(elapsed) wall, \(String(format: "%.3f", cpu)) s CPU")
        }
    }
}
