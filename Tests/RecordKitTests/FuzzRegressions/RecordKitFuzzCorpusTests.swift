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

    /// Regression inputs whose fix belongs to another engineer's folder, with the reason: skipped by `corpus`,
    /// and run by the disabled `openRegressions` until the fix is merged.
    ///
    /// Both are one bug: `SystemFields` compares its dates with `Date`'s IEEE `==`, and both decoders accept a
    /// NaN date there, so the decoded record is not equal to itself and no round trip can hold. (`FieldValue`
    /// compares timestamps by bit pattern; `SystemFields` does not.)
    static let open: [String: String] = [
        // A system-fields keyed archive whose second NSDate holds NS.time = NaN (bytes 23 FF FF FF FF FF FF 05 26
        // at offset 0x140); decodeRecord and contents(of:) then "disagree".
        "Regressions/FuzzKeyedArchive/nan-system-date": "KeyedArchive accepts an NSDate of NaN",
        // A native record archive: presence E6, creationDate = f64 FFFA85FED4000000 (a NaN) at offset 11.
        "Regressions/FuzzNativeRecord/nan-creation-date": "NativeArchive accepts a NaN system date",
    ]

    @Test("every committed input of a target decodes and round-trips, or is refused with a typed error",
          arguments: RecordKitFuzzChecks.all.keys.sorted())
    func corpus(_ target: String) throws {
        let check = try #require(RecordKitFuzzChecks.all[target])
        let inputs = FuzzCorpus.inputs(of: target, in: Self.fuzzFolder).filter { Self.open[$0.name] == nil }
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

    @Test("open regression inputs decode and round-trip, or are refused with a typed error",
          .disabled("open: SystemFields compares dates with IEEE == and the native and keyed decoders accept NaN dates (Model/, Archive/, KeyedArchive/ are not ours to edit)"),
          arguments: open.keys.sorted())
    func openRegressions(_ name: String) throws {
        let parts = name.split(separator: "/")
        try #require(parts.count == 3, "open inputs are named Regressions/<target>/<file>")
        let target = String(parts[1])
        let check = try #require(RecordKitFuzzChecks.all[target])
        let input = try #require(FuzzCorpus.inputs(of: target, in: Self.fuzzFolder).first { $0.name == name })
        #expect(throws: Never.self, "\(Self.open[name] ?? "")") { try check(input.data) }
    }
}
