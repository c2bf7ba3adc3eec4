import Foundation
import Testing
@testable import RecordSchema

/// Mangled schema files: the reader never traps, and every failure is a located, coded diagnostic.
@Suite struct MutationTests {
    /// A small deterministic generator (SplitMix64), so a failure reproduces.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func mutatedShowcaseNeverTrapsAndAlwaysExplains() throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestPaths.schemas + "/Examples/Showcase.records.xml")))
        let interesting = Array("<>/=\"'&;!?[]-x0 \n".utf8)
        var random = SplitMix64(state: 2026)
        for round in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = interesting.randomElement(using: &random) ?? 0
                case 1: bytes.remove(at: position)
                default: bytes.insert(interesting.randomElement(using: &random) ?? 0, at: position)
                }
            }
            let result = SchemaLoader.load(data: Data(bytes), path: "M\(round).records.xml")
            if result.schemas.isEmpty {
                #expect(result.hasErrors, "round \(round): no schema and no error")
            }
            for diagnostic in result.diagnostics {
                #expect(diagnostic.location?.file == "M\(round).records.xml")
                #expect((diagnostic.location?.line ?? 0) >= 1)
                #expect(DiagnosticCode(rawValue: diagnostic.code) != nil)
            }
        }
    }

    @Test func thousandsOfErrorsAreCapped() {
        let fields = String(repeating: "<field name=\"x\" kind=\"nope\"/>\n", count: 1_000)
        let xml = "<schema xmlns=\"urn:recordkit:schema:1\" name=\"S\"><record type=\"A\">\n\(fields)</record></schema>"
        let result = SchemaLoader.load(data: Data(xml.utf8), path: "Many.records.xml")
        #expect(result.diagnostics.filter { $0.severity == .error }.count <= LibXMLErrorSink.maximumEntries)
        #expect(result.diagnostics.contains { $0.severity == .note && $0.message.contains("more problems") })
    }
}
