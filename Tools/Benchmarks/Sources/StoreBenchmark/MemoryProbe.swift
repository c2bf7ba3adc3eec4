import BenchmarkSupport
import Foundation
import RecordKitStore

/// Peak memory of reading every note from a store, measured in a child process of this benchmark.
enum MemoryProbe {
    struct Result {
        var count: Int
        var growth: Int
    }

    /// In the child: opens the store, then reads every note through the cursor or all at once, and prints
    /// "<count> <peak RSS growth in bytes>".
    static func run(cursor: Bool, path: String) throws -> String {
        let store = try RecordStore(path: path, models: [Note.self])
        _ = try store.pendingCount()
        let before = Memory.resident() ?? 0
        Memory.resetPeak()
        var count = 0
        var textBytes = 0
        if cursor {
            try store.forEach(Note.self) { note in
                count += 1
                textBytes &+= note.text.utf8.count
            }
        } else {
            let all = try store.fetchAll(Note.self)
            count = all.models.count
            textBytes = all.models.reduce(0) { $0 &+ $1.text.utf8.count }
        }
        guard textBytes > 0 else { throw BenchmarkFailure.wrongCount("memory probe", 0) }
        return "\(count) \((Memory.peak() ?? 0) - before)"
    }

    /// In the parent: runs the child and reads its answer.
    static func spawn(cursor: Bool, path: String) throws -> Result {
        let output = try ChildProcess.run(ChildProcess.ownExecutable(), [cursor ? "--measure-cursor" : "--measure-load-all", path])
        let numbers = output.text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard output.status == 0, numbers.count == 2 else { throw BenchmarkFailure.sqlite("memory probe failed: \(output.text)") }
        return Result(count: numbers[0], growth: numbers[1])
    }
}
