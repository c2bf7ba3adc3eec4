import Foundation
import Testing

/// Runs every committed input of the model-archive fuzz target (Tools/Fuzz/Corpus/FuzzModelArchive and
/// Tools/Fuzz/Regressions/FuzzModelArchive) through the same check as the target: the Showcase models read
/// each archive directly and through a Record alike. ModelArchiveChecks.swift, NativeChecksums.swift,
/// FuzzOutcome.swift and FuzzCorpus.swift here are links to Tools/Fuzz/Sources.
@Suite("Fuzz corpus and regressions: models read from native archives")
struct ModelArchiveFuzzCorpusTests {
    static let fuzzFolder = FuzzCorpus.fuzzFolder(fromRepositoryRoot: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())

    @Test("every committed input reads alike through both paths, or both refuse it alike",
          arguments: ModelArchiveChecks.all.keys.sorted())
    func corpus(_ target: String) throws {
        let check = try #require(ModelArchiveChecks.all[target])
        let inputs = FuzzCorpus.inputs(of: target, in: Self.fuzzFolder)
        #expect(inputs.count >= 4, "too few committed inputs for \(target)")
        var decoded = 0
        for input in inputs {
            do {
                if try check(input.data) == .decoded { decoded += 1 }
            } catch {
                Issue.record("\(input.name): \(error)")
            }
        }
        // The seeds are archives of Showcase records written by our encoder: models read them.
        #expect(decoded >= 4, "only \(decoded) inputs of \(target) read as a model")
    }
}
