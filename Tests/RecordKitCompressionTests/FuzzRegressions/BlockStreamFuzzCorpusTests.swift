import Foundation
import Testing

/// Runs every committed input of FuzzBlockStream (Tools/Fuzz/Corpus and Tools/Fuzz/Regressions) through the
/// target's own checks. BlockStreamChecks.swift, FuzzOutcome.swift and FuzzCorpus.swift here are links to
/// Tools/Fuzz/Sources.
@Suite("Fuzz corpus and regressions: block streams")
struct BlockStreamFuzzCorpusTests {
    static let fuzzFolder = FuzzCorpus.fuzzFolder(fromRepositoryRoot: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())

    @Test func everyCommittedInputDecodesOrIsRefusedWithATypedError() {
        let inputs = FuzzCorpus.inputs(of: "FuzzBlockStream", in: Self.fuzzFolder)
        #expect(!inputs.isEmpty, "no committed inputs for FuzzBlockStream")
        var decoded = 0
        for input in inputs {
            do {
                if try BlockStreamFuzzChecks.blockStream(input.data) == .decoded { decoded += 1 }
            } catch {
                Issue.record("\(input.name): \(error)")
            }
        }
        // The seeds are the reference encoder's vectors, which must decode.
        #expect(decoded > 0)
    }
}
