import Foundation
import Testing
@testable import RecordKitGenerator

@Suite struct OutputWriterTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recordgen-writer-\(UUID().uuidString)")

    func file(_ name: String, _ body: String) -> GeneratedFile {
        GeneratedFile(name: name, contents: FileHeader.marker + "X.records.xml.\n" + body)
    }

    func modificationDate(_ name: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.modificationDate] as? Date
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = OutputWriter(directory: folder)
        let first = try writer.write([file("A.swift", "a"), file("B.swift", "b")])
        #expect(first.written == ["A.swift", "B.swift"])
        // Backdate A so a rewrite would show.
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.appendingPathComponent("A.swift").path)
        let second = try writer.write([file("A.swift", "a"), file("B.swift", "b2")])
        #expect(second.unchanged == ["A.swift"])
        #expect(second.written == ["B.swift"])
        #expect(try modificationDate("A.swift") == old)
    }

    @Test func staleGeneratedFilesGoForeignFilesStay() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = OutputWriter(directory: folder)
        _ = try writer.write([file("A.swift", "a"), file("Old.swift", "old")])
        try Data("// my own code\n".utf8).write(to: folder.appendingPathComponent("Mine.swift"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.md"))
        let summary = try writer.write([file("A.swift", "a")])
        #expect(summary.removed == ["Old.swift"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["A.swift", "Mine.swift", "README.md"])
    }
}
