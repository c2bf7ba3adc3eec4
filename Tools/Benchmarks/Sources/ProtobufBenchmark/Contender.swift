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

/// Archives every value of `values` into its own archive. Inlined into each contender's closure, so the loop is
/// compiled for that codec's concrete types, and each value is handed over in place (`inout`, which the codecs
/// only read): a loop that reads values out of an array copies each one first, retaining every reference a
/// model holds, a cost an app that archives the model it holds does not pay. The harness then adds the same
/// small cost to every codec: the loop, and appending the archive.
@inline(__always)
func encodeEach<Value, Archive>(_ values: inout [Value], _ encode: (inout Value) throws -> Archive) rethrows -> [Archive] {
    var archives: [Archive] = []
    archives.reserveCapacity(values.count)
    try values.withUnsafeMutableBufferPointer { buffer in
        for index in buffer.indices { archives.append(try encode(&buffer[index])) }
    }
    return archives
}

/// Decodes every archive, summing what `decode` returns so no decode can be optimised away. Inlined like
/// ``encodeEach(_:_:)``.
@inline(__always)
func decodeEach<Archive>(_ archives: [Archive], _ decode: (borrowing Archive) throws -> Int) rethrows -> Int {
    var sink = 0
    try archives.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for index in buffer.indices { sink &+= try decode((base + index).pointee) }
    }
    return sink
}

final class TimedCodec<Archive>: Contender {
    let name: String
    private let encodeAll: () throws -> [Archive]
    private let decodeAll: ([Archive]) throws -> Int
    private let size: (Archive) -> Int
    private var archives: [Archive] = []
    private(set) var bestEncode = Duration.seconds(1_000_000)
    private(set) var bestDecode = Duration.seconds(1_000_000)

    /// `encodeAll` archives the whole batch (write it with ``encodeEach(_:_:)``); `decodeAll` reads the archives
    /// back (with ``decodeEach(_:_:)``).
    init(
        _ name: String, size: @escaping (Archive) -> Int,
        encodeAll: @escaping () throws -> [Archive], decodeAll: @escaping ([Archive]) throws -> Int
    ) {
        self.name = name
        self.size = size
        self.encodeAll = encodeAll
        self.decodeAll = decodeAll
    }

    /// Times one encode of the batch and one decode of it, keeping the fastest of each. The previous run's
    /// archives are freed after this run made its own, so every codec runs in the allocator's steady state.
    func runOnce() throws {
        let clock = ThreadCPUClock()
        let previous = archives
        var fresh: [Archive] = []
        let encodeTime = try clock.measure { fresh = try encodeAll() }
        archives = fresh
        withExtendedLifetime(previous) {}
        var sink = 0
        let decodeTime = try clock.measure { sink = try decodeAll(archives) }
        guard sink != 0 else { throw BenchmarkError.nothingDecoded(name) }
        bestEncode = min(bestEncode, encodeTime)
        bestDecode = min(bestDecode, decodeTime)
    }

    var bytesPerRecord: Double {
        Double(archives.reduce(0) { $0 + size($1) }) / Double(max(archives.count, 1))
    }
}
