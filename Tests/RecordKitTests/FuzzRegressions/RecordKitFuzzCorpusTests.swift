import Foundation
import Testing

/// Runs every committed fuzz input of the RecordKit decoders (Tools/Fuzz/Corpus and Tools/Fuzz/Regressions)
/// through the same checks as the fuzz targets: each input decodes and survives its round trips, or is refused
/// with the codec's typed error. RecordKitChecks.swift, FuzzOutcome.swift and FuzzCorpus.swift here are links
/// to Tools/Fuzz/Sources/FuzzChecks.
@Suite("Fuzz corpus and regressions: RecordKit decoders")
struct RecordKitFuzzCorpusTests {
    static let fuzzFolder = FuzzCorpus.fuzzFolder(fromRepositoryRoot: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())

    /// Regression inputs whose fix belongs to another engineer's folder: skipped by `corpus`, each with its
    /// own disabled test below until the fix is merged.
    static let open: Set<String> = [nanDate]

    /// A system-fields archive whose second `NSDate` (a record date) holds `NS.time` = NaN (bytes
    /// `23 FF FF FF FF FF FF 05 26` at offset 0x140): the keyed reader accepts it, and the record is then not
    /// equal to itself (`Date`'s `==` is IEEE), so `decodeRecord` and `contents(of:)` "disagree" and no round
    /// trip can hold.
    static let nanDate = "Regressions/FuzzKeyedArchive/nan-system-date"

    @Test("every committed input of a target decodes and round-trips, or is refused with a typed error",
          arguments: RecordKitFuzzChecks.all.keys.sorted())
    func corpus(_ target: String) throws {
        let check = try #require(RecordKitFuzzChecks.all[target])
        let inputs = FuzzCorpus.inputs(of: target, in: Self.fuzzFolder).filter { !Self.open.contains($0.name) }
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

    @Test("a keyed archive with a NaN NSDate is refused, or its record equals itself",
          .disabled("open: KeyedArchive accepts NS.time = NaN (Sources/RecordKit/KeyedArchive, not ours to edit)"))
    func nanDateInKeyedArchive() throws {
        let input = try #require(FuzzCorpus.inputs(of: "FuzzKeyedArchive", in: Self.fuzzFolder).first { $0.name == Self.nanDate })
        #expect(throws: Never.self) { try RecordKitFuzzChecks.keyedArchive(input.data) }
    }
}
