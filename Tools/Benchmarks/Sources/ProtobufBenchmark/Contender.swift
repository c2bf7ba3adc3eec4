import Foundation

/// One way of archiving the batch, timed like ArchiveBenchmark's `Codec` but over any archive type, so
/// swift-protobuf's `[UInt8]` API is timed without a conversion to `Data`.
protocol Contender: AnyObject {
    var name: String { get }
    var bestEncode: Duration { get }
    var bestDecode: Duration { get }
    /// Every run's times, in the order of the runs.
    var encodeTimes: [Duration] { get }
    var decodeTimes: [Duration] { get }
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

/// Runs `encodeBatch` `rounds` times for a profile, returning how many archives it made. Each round's archives are
/// freed only after the next round has made its own, as ``TimedCodec/runOnce()`` does: freed at the end of their
/// own round, the batch's memory went back to the system every round and was faulted in again (with
/// ``keepFreedMemory()``, the kernel's page-fault and page-clearing code fell from 43% of a `perf` profile of the
/// small-note encode to under 2%).
func encodeRounds<Archive>(_ rounds: Int, _ encodeBatch: () throws -> [Archive]) rethrows -> Int {
    var made = 0
    var previous: [Archive] = []
    for _ in 0..<rounds {
        let fresh = try encodeBatch()
        made &+= fresh.count
        withExtendedLifetime(previous) {}
        previous = fresh
    }
    return made
}

/// Keeps freed memory in the process for a profile. glibc returns the top of the heap to the system when a batch's
/// archives are freed, and the next round faults those pages in again: about 2,100 page faults a round of the
/// small-note encode even with ``encodeRounds(_:_:)``, 4,100 without it, and 86 with both.
func keepFreedMemory() {
    #if canImport(Glibc)
    // `mallopt` is declared in <malloc.h>, which the Glibc module does not export, so it is looked up by name
    // (a nil handle is glibc's RTLD_DEFAULT). -1 is M_TRIM_THRESHOLD.
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: Mallopt.self)(-1, Int32.max)
    #endif
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
    private(set) var encodeTimes: [Duration] = []
    private(set) var decodeTimes: [Duration] = []
    /// The fastest run of each; a huge time before the first run.
    var bestEncode: Duration { encodeTimes.min() ?? .seconds(1_000_000) }
    var bestDecode: Duration { decodeTimes.min() ?? .seconds(1_000_000) }

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
        encodeTimes.append(encodeTime)
        decodeTimes.append(decodeTime)
    }

    var bytesPerRecord: Double {
        Double(archives.reduce(0) { $0 + size($1) }) / Double(max(archives.count, 1))
    }
}
