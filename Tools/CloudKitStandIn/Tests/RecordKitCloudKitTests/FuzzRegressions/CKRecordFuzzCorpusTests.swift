import Foundation
import Testing

/// Runs every committed input of the bridge's fuzz target (Tools/Fuzz/Corpus/FuzzCKRecordValues and
/// Tools/Fuzz/Regressions/FuzzCKRecordValues) through the same check as the target, on this stand-in.
/// CKRecordChecks.swift and CKRecordInput.swift here are links to Tools/Fuzz/CloudKitBridge/Sources, FuzzOutcome.swift
/// and FuzzCorpus.swift to Tools/Fuzz/Sources.
@Suite("Fuzz corpus and regressions: CKRecord values through the bridge")
struct CKRecordFuzzCorpusTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz", isDirectory: true)

    @Test("every committed input is read, written back and read again, or refused with a typed error",
          arguments: CKRecordChecks.all.keys.sorted())
    func corpus(_ target: String) throws {
        let check = try #require(CKRecordChecks.all[target])
        let inputs = FuzzCorpus.inputs(of: target, in: Self.fuzzFolder)
        #expect(inputs.count >= 5, "too few committed inputs for \(target) in \(Self.fuzzFolder.path)")
        var outcomes: [String: FuzzOutcome] = [:]
        for input in inputs {
            do {
                outcomes[input.name] = try check(input.data)
            } catch {
                Issue.record("\(input.name): \(error)")
            }
        }
        // The Showcase note, written in CloudKit's form by our seed writer, reads through the model path.
        #expect(outcomes["Corpus/\(target)/showcase-note"] == .decoded, "\(outcomes)")
        #expect(outcomes.values.contains { if case .rejected = $0 { true } else { false } }, "the mixed list must be refused")
    }
}
