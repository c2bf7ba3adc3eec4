import Foundation
import Testing

/// Runs every committed input of the store's fuzz target (Tools/Fuzz/Corpus/FuzzStoreRow and
/// Tools/Fuzz/Regressions/FuzzStoreRow) through the same check as the target: the row is read back through
/// every store read without a crash, each failure a typed error naming the record. StoreRowChecks.swift,
/// StoreRowInput.swift, FuzzOutcome.swift and FuzzCorpus.swift here are links to Tools/Fuzz/Sources.
@Suite("Fuzz corpus and regressions: the store's rows")
struct StoreFuzzCorpusTests {
    static let fuzzFolder = FuzzCorpus.fuzzFolder(fromRepositoryRoot: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())

    @Test("every committed input of a store target is read back, or refused with a typed error",
          arguments: StoreRowChecks.all.keys.sorted())
    func corpus(_ target: String) throws {
        let check = try #require(StoreRowChecks.all[target])
        let inputs = FuzzCorpus.inputs(of: target, in: Self.fuzzFolder)
        #expect(inputs.count >= 5, "too few committed inputs for \(target)")
        var outcomes: [String: FuzzOutcome] = [:]
        for input in inputs {
            do {
                outcomes[input.name] = try check(input.data)
            } catch {
                Issue.record("\(input.name): \(error)")
            }
        }
        // The seeds written by the store's own encoders read back as models.
        #expect(outcomes.values.contains(.decoded), "no input of \(target) decoded")
    }
}
