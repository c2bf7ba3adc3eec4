import Foundation

/// One codec's result: the fastest of a few runs each way over a batch of notes.
struct CodecResult {
    var name: String
    var records: Int
    var encode: Duration
    var decode: Duration
    var bytes: Int

    var encodeRate: Double { Double(records) / encode.seconds }
    var decodeRate: Double { Double(records) / decode.seconds }
    var bytesPerRecord: Double { Double(bytes) / Double(records) }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// The fastest of `repeats` runs of `body`.
func fastest(_ repeats: Int, _ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000_000)
    for _ in 0..<repeats {
        let elapsed = try clock.measure(body)
        if elapsed < best { best = elapsed }
    }
    return best
}

/// Times encoding every value into its own archive, then decoding every archive.
func measure<Value>(
    _ name: String, _ values: [Value], repeats: Int,
    encode: (Value) throws -> Data, decode: (Data) throws -> Int
) throws -> CodecResult {
    var archives: [Data] = []
    archives.reserveCapacity(values.count)
    let encodeTime = try fastest(repeats) {
        archives.removeAll(keepingCapacity: true)
        for value in values { archives.append(try encode(value)) }
    }
    var sink = 0
    let decodeTime = try fastest(repeats) {
        for archive in archives { sink &+= try decode(archive) }
    }
    guard sink != 0 else { throw BenchmarkError.nothingDecoded(name) }
    return CodecResult(
        name: name, records: values.count, encode: encodeTime, decode: decodeTime,
        bytes: archives.reduce(0) { $0 + $1.count }
    )
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
