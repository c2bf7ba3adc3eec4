import Foundation
import RecordKitLocalCloudKit
import Testing

/// Runs every committed input of FuzzEmulatorRequest (Tools/Fuzz/Corpus and Tools/Fuzz/Regressions) through the
/// fuzz target's own check: each gets a CloudKit-shaped answer. EmulatorRequestChecks.swift and FuzzCorpus.swift
/// here are links to Tools/Fuzz/Sources.
@Suite("Fuzz corpus and regressions: the local CloudKit's request path")
struct EmulatorFuzzCorpusTests {
    static let fuzzFolder = FuzzCorpus.fuzzFolder(fromRepositoryRoot: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func everyCommittedInputGetsACloudKitShapedAnswer() async throws {
        let inputs = FuzzCorpus.inputs(of: "FuzzEmulatorRequest", in: Self.fuzzFolder)
        #expect(inputs.count >= 10, "the seed corpus of FuzzEmulatorRequest is missing")
        var succeeded = 0
        for input in inputs {
            #expect(await EmulatorRequestChecks.check(input.data) == nil, "\(input.name)")
            let status = await EmulatorRequestChecks.cloudKit().handle(EmulatorRequestChecks.request(from: input.data)).status
            if (200..<300).contains(status) { succeeded += 1 }
        }
        // The seeds reach the operations behind the authentication, not only the refusals.
        #expect(succeeded >= 8, "only \(succeeded) seeds were answered with a success")
    }
}
