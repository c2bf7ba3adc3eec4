import Foundation
import Testing
@testable import RecordSchema

/// A deployed schema that is missing or cannot be read is RK208 at its path, whatever its format; one that reads
/// but does not parse keeps the located findings of its format; the schema about to ship is checked either way.
@Suite struct CompatBaselineReadingTests {
    static let candidate = InteropConformance.fixture("Compatible.records.xml").path

    private func check(_ baseline: String, candidate: String = candidate) -> [Diagnostic] {
        CompatibilityCheck.run(baselinePath: baseline, candidatePath: candidate)
    }

    @Test(arguments: ["Nowhere/prod.ckdb", "Nowhere/Deployed.records.xml"])
    func aMissingBaselineIsRK208AtItsPath(_ path: String) throws {
        let diagnostics = check(path)
        #expect(diagnostics.map(\.code) == ["RK208"], "\(diagnostics)")
        let only = try #require(diagnostics.first)
        #expect(only.location == SourceLocation(file: path, line: 1, column: 1))
        #expect(only.message.contains("no such file"))
        #expect(only.description.hasPrefix("\(path):1:1: error: cannot read the deployed schema \(path)"))
    }

    @Test func aFolderOrNonUTF8BaselineIsRK208() throws {
        let folder = NSTemporaryDirectory() + "recordkit-baseline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/deployed.ckdb", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(check(folder + "/deployed.ckdb").map(\.code) == ["RK208"])
        let binary = folder + "/binary.ckdb"
        try Data([0x44, 0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: binary))
        let diagnostics = check(binary)
        #expect(diagnostics.map(\.code) == ["RK208"])
        #expect(diagnostics.first?.message.contains("not UTF-8") == true)
    }

    @Test func theCandidateIsStillCheckedWhenTheBaselineIsMissing() throws {
        let folder = NSTemporaryDirectory() + "recordkit-baseline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let candidate = folder + "/New.records.xml"
        try Data("<schema xmlns=\"urn:recordkit:schema:1\" name=\"N\"><record type=\"A\" zone=\"z\"/></schema>".utf8)
            .write(to: URL(fileURLWithPath: candidate))
        let diagnostics = check("missing.ckdb", candidate: candidate)
        #expect(Set(diagnostics.map(\.code)) == ["RK208", "RK123"], "\(diagnostics)")
    }

    @Test func aBaselineThatReadsButDoesNotParseKeepsItsLocatedFindings() throws {
        let folder = NSTemporaryDirectory() + "recordkit-baseline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("DEFINE SCHEMA\nRECORD TYPE Note (\n  body TEXT\n);\n".utf8).write(to: URL(fileURLWithPath: folder + "/prod.ckdb"))
        let ckdb = check(folder + "/prod.ckdb")
        #expect(ckdb.map(\.code) == ["RK201"])
        #expect(ckdb.first?.location == SourceLocation(file: folder + "/prod.ckdb", line: 3, column: 8))
        try Data("<schema>\n<a>\n</schema>".utf8).write(to: URL(fileURLWithPath: folder + "/Old.records.xml"))
        let xml = check(folder + "/Old.records.xml")
        #expect(xml.first?.code == "RK003")
        #expect(xml.first?.location?.line == 3)
    }
}
