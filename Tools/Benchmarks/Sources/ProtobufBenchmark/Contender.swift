import Foundation

/// One way of archiving the batch, timed like ArchiveBenchmark's `Codec` but over any archive type, so
/// swift-protobuf's `[UInt8]` API is timed without a conversion to `Data`.
protocol Contender: AnyObject {
    var name: String { get }
    var bestEncode: Duration { get }
    var bestDecode: Duration { get }
    var bytesPerRecord: Double { get }
    func runOnce() throws
}

final class TimedCodec<Value, Archive>: Contender {
    let name: String
    private let values: [Value]
    private let encode: (Value) throws -> Archive
    private let decode: (Archive) throws -> Int
    private let size: (Archive) -> Int
    private var archives: [Archive] = []
    private(set) var bestEncode = Duration.seconds(1_000_000)
    private(set) var bestDecode = Duration.seconds(1_000_000)

    init(
        _ name: String, _ values: [Value], size: @escaping (Archive) -> Int,
        encode: @escaping (Value) throws -> Archive, decode: @escaping (Archive) throws -> Int
    ) {
        self.name = name
        self.values = values
        self.size = size
        self.encode = encode
        self.decode = decode
    }

    /// Times one encode of the batch and one decode of it, keeping the fastest of each. The previous run's
    /// archives are freed after this run made its own, so every codec runs in the allocator's steady state.
    func runOnce() throws {
        let clock = ThreadCPUClock()
        let previous = archives
        var fresh: [Archive] = []
        fresh.reserveCapacity(values.count)
        let encodeTime = try clock.measure {
            for index in values.indices { fresh.append(try encode(values[index])) }
        }
        archives = fresh
        withExtendedLifetime(previous) {}
        var sink = 0
        let decodeTime = try clock.measure {
            for index in archives.indices { sink &+= try decode(archives[index]) }
        }
        guard sink != 0 else { throw BenchmarkError.nothingDecoded(name) }
        bestEncode = min(bestEncode, encodeTime)
        bestDecode = min(bestDecode, decodeTime)
    }

    var bytesPerRecord: Double {
        Double(archives.reduce(0) { $0 + size($1) }) / Double(max(archives.count, 1))
    }
}
