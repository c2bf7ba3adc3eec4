import Foundation
import Testing

/// Runs every committed fuzz input of the schema readers (Tools/Fuzz/Corpus and Tools/Fuzz/Regressions)
/// through the same checks as the fuzz targets: each input reads and survives the writers' round trips, or is
/// refused with diagnostics. SchemaChecks.swift, FuzzOutcome.swift and FuzzCorpus.swift here are links to
/// Tools/Fuzz/Sources/FuzzChecks.
@Suite("Fuzz corpus and regressions: schema readers")
struct SchemaFuzzCorpusTests {
    static let fuzzFolder = FuzzCorpus.fuzzFolder(fromRepositoryRoot: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())

    @Test("every committed input of a target reads and round-trips, or is refused with diagnostics",
          arguments: SchemaFuzzChecks.all.keys.sorted())
    func corpus(_ target: String) throws {
        let check = try #require(SchemaFuzzChecks.all[target])
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
        #expect(decoded > 0, "no input of \(target) decoded")
    }
}
