import Foundation
import RecordKitGenerator
import RecordSchema
import Testing

/// The pipeline stage by stage, and `run`, the entry point `recordgen generate` calls.
@Suite struct PipelineTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recordgen-pipeline-\(UUID().uuidString)")
    let notes = ReferenceFolder.repositoryRoot.appendingPathComponent("Schemas/Notes.records.xml").path

    @Test func stagesHandTypedValuesOn() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = GeneratorPipeline()
        let loaded = pipeline.load(paths: [notes], displayPath: { _ in "Schemas/Notes.records.xml" })
        #expect(loaded.files == [notes])
        #expect(loaded.inputs.map(\.displayPath) == ["Schemas/Notes.records.xml"])
        let validation = pipeline.validate(loaded)
        #expect(validation.diagnostics.isEmpty)
        let validated = try #require(validation.validated)
        let files = pipeline.render(validated)
        #expect(files.map(\.name) == ["Note.swift"])
        let summary = try pipeline.write(files, to: folder)
        #expect(summary.written == ["Note.swift"])
        #expect(try pipeline.write(files, to: folder).unchanged == ["Note.swift"])
    }

    @Test func runWritesNothingWhenARuleFails() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let schema = folder.appendingPathComponent("Bad.records.xml")
        try Data("""
            <schema xmlns="urn:recordkit:schema:1" name="Bad">
              <record type="Note"/>
              <enum name="NOTE" kind="int64"><case name="a" value="0"/></enum>
            </schema>
            """.utf8).write(to: schema)
        let output = folder.appendingPathComponent("out")
        let run = GeneratorPipeline().run(paths: [schema.path], outputDirectory: output)
        #expect(!run.succeeded)
        #expect(run.diagnostics.map(\.code) == ["RK133"])
        #expect(run.diagnostics.first?.location?.line == 3)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func runReportsAFolderItCannotWrite() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A file where the output folder should be.
        let output = folder.appendingPathComponent("out")
        try Data().write(to: output)
        let run = GeneratorPipeline().run(paths: [notes], outputDirectory: output)
        #expect(run.diagnostics.isEmpty)
        #expect(!run.succeeded)
        #expect(run.writeError?.description.contains("cannot create the output folder") == true)
    }

    @Test func headerPathsAreNeverAbsolute() {
        #expect(HeaderPath.display("Schemas/Notes.records.xml", currentDirectory: "/work") == "Schemas/Notes.records.xml")
        #expect(HeaderPath.display("/work/app/Schemas/Notes.records.xml", currentDirectory: "/work/app") == "Schemas/Notes.records.xml")
        #expect(HeaderPath.display("/elsewhere/Notes.records.xml", currentDirectory: "/work/app") == "Notes.records.xml")
    }
}
