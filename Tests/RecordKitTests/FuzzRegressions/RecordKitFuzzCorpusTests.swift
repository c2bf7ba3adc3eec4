import Foundation
import Testing

/// Runs every committed fuzz input of the RecordKit decoders (Tools/Fuzz/Corpus and Tools/Fuzz/Regressions)
/// through the same checks as the fuzz targets: each input decodes and survives its round trips, or is refused
/// with the codec's typed error. RecordKitChecks.swift, NativeChecksums.swift, FuzzOutcome.swift and FuzzCorpus.swift
/// here are links to Tools/Fuzz/Sources/FuzzChecks.
@Suite("Fuzz corpus and regressions: RecordKit decoders")
struct RecordKitFuzzCorpusTests {
    static let fuzzFolder = FuzzCorpus.fuzzFolder(fromRepositoryRoot: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())

    @Test("every committed input of a target decodes and round-trips, or is refused with a typed error",
          arguments: RecordKitFuzzChecks.all.keys.sorted())
    func corpus(_ target: String) throws {
        let check = try #require(RecordKitFuzzChecks.all[target])
        let inputs = FuzzCorpus.inputs(of: target, in: Self.fuzzFolder)
        #expect(!inputs.isEmpty, "no committed inputs for \(target)")
        var decoded = 0
        for input in inputs {
            do {
                if try check(input.data) == .decoded { decoded += 1 }
            } catch {
                Issue.record("\(input.name): \(error)")
            }
        }
        // Every target's seeds include values written by our own encoders, which must decode.
        #expect(decoded > 0, "no input of \(target) decoded")
    }
}
