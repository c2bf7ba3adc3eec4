import Foundation
import Testing

/// The command plugin's view of a target: its schemas, its other sources, and generated files that would
/// take a hand-written file's name.
@Suite struct GenerationJobTests {
    @Test func theJobSeparatesSchemasFromOtherSourcesAndFindsClashes() {
        let target = URL(fileURLWithPath: "/work/App/Sources/App", isDirectory: true)
        let files = [
            target.appendingPathComponent("main.swift"),
            target.appendingPathComponent("Notes.records.xml"),
            target.appendingPathComponent("Generated/Note.swift"),
            target.appendingPathComponent("Views/priority.swift"),
        ]
        let job = GenerationJob(
            targetName: "App", files: files, destination: target.appendingPathComponent("Generated", isDirectory: true)
        )
        #expect(job.schemas == [target.appendingPathComponent("Notes.records.xml")])
        #expect(job.sources.map(\.lastPathComponent) == ["main.swift", "priority.swift"])
        #expect(job.clash(with: "Note.swift") == nil, "last run's output is replaced, not a clash")
        #expect(job.clash(with: "Priority.swift") == target.appendingPathComponent("Views/priority.swift"))
    }

    @Test func onlyFilesWithTheGeneratorsHeaderCountAsGenerated() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let header = RecordGenOutputFileNames.generatedFileMarker
        try folder.write("Generated/Note.swift", header + "Notes.records.xml.\n")
        try folder.write("Generated/Folder.swift", header + "Showcase.records.xml.\n")
        try folder.write("Generated/Extensions.swift", "extension Note {}\n")
        try folder.write("Generated/Edited.swift", "// My notes on the generated code. DO NOT EDIT.\n")
        try folder.write("Generated/notes.txt", "DO NOT EDIT")
        let job = GenerationJob(
            targetName: "App", files: [], destination: folder.url.appendingPathComponent("Generated", isDirectory: true)
        )
        #expect(job.generatedFileNames() == ["Folder.swift", "Note.swift"])
    }

    @Test func aMissingGeneratedFolderHoldsNothing() {
        let job = GenerationJob(
            targetName: "App", files: [], destination: URL(fileURLWithPath: "/nonexistent/Generated", isDirectory: true)
        )
        #expect(job.generatedFileNames().isEmpty)
    }
}

/// Schemas a manifest excludes from the target are still found by the command plugin.
@Suite struct ExcludedSchemaTests {
    @Test func schemasUnderTheTargetFolderAreFoundIncludingNestedOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Sources/App/Notes.records.xml", "<schema/>")
        try folder.write("Sources/App/Model/Tasks.records.xml", "<schema/>")
        try folder.write("Sources/App/main.swift", "")
        try folder.write("Sources/App/notes.xml", "")
        let target = folder.url.appendingPathComponent("Sources/App")
        let found = GenerationJob.schemas(under: target).map { SchemaPlan.display($0, relativeTo: target) }
        #expect(found == ["Model/Tasks.records.xml", "Notes.records.xml"])
    }

    @Test func aSchemaListedTwiceCountsOnce() {
        let schema = URL(fileURLWithPath: "/work/App/Sources/App/Notes.records.xml")
        let job = GenerationJob(
            targetName: "App", files: [schema], extraFiles: [schema],
            destination: URL(fileURLWithPath: "/work/App/Sources/App/Generated", isDirectory: true)
        )
        #expect(job.schemas == [schema])
    }

    @Test func theConfigurationIsFoundEvenWhenExcludedFromTheTarget() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Sources/App/Notes.records.xml", "<schema/>")
        let config = try folder.write("Sources/App/recordgen-config.json", "{}")
        try folder.write("Sources/App/main.swift", "")
        let target = folder.url.appendingPathComponent("Sources/App")
        // The manifest excludes both files: the target's own list shows only main.swift.
        let job = GenerationJob(
            targetName: "App", files: [target.appendingPathComponent("main.swift")],
            extraFiles: GenerationJob.inputs(under: target), destination: target.appendingPathComponent("Generated")
        )
        #expect(job.schemas.map(\.lastPathComponent) == ["Notes.records.xml"])
        #expect(try job.configuration(displayRoot: folder.url)?.filePath == config.filePath)
    }

    @Test func twoConfigurationsAreRefused() {
        let target = URL(fileURLWithPath: "/work/App/Sources/App", isDirectory: true)
        let job = GenerationJob(
            targetName: "App",
            files: [target.appendingPathComponent("recordgen-config.json"), target.appendingPathComponent("A/recordgen-config.json")],
            destination: target.appendingPathComponent("Generated")
        )
        #expect(throws: PluginError.self) { try job.configuration(displayRoot: URL(fileURLWithPath: "/work/App")) }
    }
}
