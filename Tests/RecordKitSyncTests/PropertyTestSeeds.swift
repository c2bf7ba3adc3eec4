import Foundation
import Testing

/// The seeds a seeded property test runs, read from the environment the same way by every such test:
/// `<PREFIX>_SEED=s` replays the one seed `s`; otherwise `<PREFIX>_SCENARIOS=n` seeds (default `count`) from the
/// `<PREFIX>_FIRST=k`th (default 0), the i-th being `i &* 0x9E37_79B9 &+ offset`. `<PREFIX>_WITHOUT=a,b` names the
/// kinds of step the scenarios leave out.
enum PropertyTestSeeds {
    static func from(environmentPrefix prefix: String, count: Int, offset: UInt64) -> [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["\(prefix)_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["\(prefix)_SCENARIOS"].flatMap(Int.init) ?? count
        let first = environment["\(prefix)_FIRST"].flatMap(UInt64.init) ?? 0
        return (first..<first + UInt64(max(1, count))).map { $0 &* 0x9E37_79B9 &+ offset }
    }

    /// The kinds of step named, comma-separated, by `<PREFIX>_WITHOUT`; names no kind has are passed over.
    static func leftOut<Kind: RawRepresentable & Hashable>(environmentPrefix prefix: String) -> Set<Kind>
    where Kind.RawValue == String {
        let names = ProcessInfo.processInfo.environment["\(prefix)_WITHOUT"] ?? ""
        return Set(names.split(separator: ",").compactMap { Kind(rawValue: $0.trimmingCharacters(in: .whitespaces)) })
    }

    /// Records the failure of the scenario of `seed`: its first twelve problems (and how many more there were) and
    /// the command that replays it.
    static func recordFailure(
        _ scenario: String, seed: UInt64, problems: [String], replay: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let shown = problems.prefix(12).joined(separator: "\n")
        let more = problems.count > 12 ? "\n(\(problems.count - 12) more)" : ""
        Issue.record("""
            \(scenario) scenario seed \(seed) failed:
            \(shown)\(more)
            replay: \(replay)
            """, sourceLocation: sourceLocation)
    }
}
