import Foundation

/// One codec under test: archives every value of a batch into its own archive, and reads them all back.
final class Codec {
    let name: String
    let records: Int
    private(set) var archives: [Data] = []
    private let encodeAll: () throws -> [Data]
    private let decodeAll: ([Data]) throws -> Int

    private(set) var bestEncode = Duration.seconds(1_000_000)
    private(set) var bestDecode = Duration.seconds(1_000_000)

    init<Value>(
        _ name: String, _ values: [Value], encode: @escaping (Value) throws -> Data, decode: @escaping (Data) throws -> Int
    ) {
        self.name = name
        records = values.count
        // Indexing (rather than `for value in values`) hands each element to the codec in place, without the
        // copy, retains and releases an iterator makes: the harness adds as little as it can to every codec.
        encodeAll = {
            var archives: [Data] = []
            archives.reserveCapacity(values.count)
            for index in values.indices { archives.append(try encode(values[index])) }
            return archives
        }
        decodeAll = { archives in
            var sink = 0
            for index in archives.indices { sink &+= try decode(archives[index]) }
            return sink
        }
    }

    /// Times one encode of the batch and one decode of it, keeping the fastest of each.
    func runOnce() throws {
        let clock = ThreadCPUClock()
        // The previous run's archives are freed only after this run made its own, so the allocator reuses their
        // memory instead of returning it to the system and taking page faults again: every codec is timed in the
        // steady state of an app that archives many records.
        let previous = archives
        var fresh: [Data] = []
        let encodeTime = try clock.measure { fresh = try encodeAll() }
        archives = fresh
        withExtendedLifetime(previous) {}
        var sink = 0
        let decodeTime = try clock.measure { sink = try decodeAll(archives) }
        guard sink != 0 else { throw BenchmarkError.nothingDecoded(name) }
        bestEncode = min(bestEncode, encodeTime)
        bestDecode = min(bestDecode, decodeTime)
    }

    var encodeRate: Double { Double(records) / bestEncode.seconds }
    var decodeRate: Double { Double(records) / bestDecode.seconds }
    var bytesPerRecord: Double { Double(archives.reduce(0) { $0 + $1.count }) / Double(max(archives.count, 1)) }
}

/// Runs every codec once per round, in interleaved rounds, so a machine that gets busier or quieter during the
/// run affects them alike; each codec keeps its fastest run. Every codec gets the same number of runs: the best of
/// more samples would favour whichever codec got them.
func runRounds(_ rounds: Int, _ codecs: [Codec]) throws {
    for _ in 0..<rounds {
        for codec in codecs { try codec.runOnce() }
    }
}

/// The CPU time the calling thread has used: time other processes on a shared machine take does not count, so
/// a busy machine slows every codec less and alike.
struct ThreadCPUClock {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    func measure(_ body: () throws -> Void) rethrows -> Duration {
        let start = now()
        try body()
        return now() - start
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// The fastest of `repeats` runs of `body`.
func fastest(_ repeats: Int, _ body: () throws -> Void) rethrows -> Duration {
    let clock = ThreadCPUClock()
    var best = Duration.seconds(1_000_000)
    for _ in 0..<repeats {
        let elapsed = try clock.measure(body)
        if elapsed < best { best = elapsed }
    }
    return best
}

enum BenchmarkError: Error {
    case nothingDecoded(String)
    case mismatch(String)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func format(_ value: Double, decimals: Int = 0) -> String {
    String(format: "%.\(decimals)f", value)
}
