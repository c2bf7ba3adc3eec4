import Foundation
import Testing

/// The build plugin's plan: which files are schemas, what each generates, and which layouts are refused.
@Suite struct SchemaPlanTests {
    let package = URL(fileURLWithPath: "/work/App")
    let output = URL(fileURLWithPath: "/build/plugins/outputs/App/RecordGenPlugin/GeneratedSources")

    func file(_ path: String) -> URL { package.appendingPathComponent(path) }

    @Test func eachSchemaBecomesOneFileInTheOutputFolderInPathOrder() throws {
        let notes = file("Sources/App/Notes.records.xml")
        let zebras = file("Sources/App/Zoo/Zebras.records.xml")
        let files = [
            file("Sources/App/main.swift"), zebras, notes, file("Sources/App/README.md"), file("Sources/App/Notes.xml"),
        ]
        let plan = try SchemaPlan(files: files, outputDirectory: output, displayRoot: package)
        #expect(plan.entries.map(\.schema) == [notes, zebras])
        #expect(plan.entries.map(\.output) == [
            output.appendingPathComponent("Notes.swift"), output.appendingPathComponent("Zebras.swift"),
        ])
        #expect(plan.entries.allSatisfy { $0.output.deletingLastPathComponent().filePath == output.filePath })
    }

    @Test func theTargetsConfigurationIsFoundByItsExactName() throws {
        let config = file("Sources/App/recordgen-config.json")
        let files = [
            file("Sources/App/Notes.records.xml"), config, file("Sources/App/other-config.json"),
            file("Sources/App/Recordgen-Config.json"),
        ]
        let plan = try SchemaPlan(files: files, outputDirectory: output, displayRoot: package)
        #expect(plan.configuration == config)
        let without = try SchemaPlan(files: [file("Sources/App/Notes.records.xml")], outputDirectory: output, displayRoot: package)
        #expect(without.configuration == nil)
    }

    @Test func twoConfigurationsInOneTargetAreRefusedNamingBoth() {
        let files = [
            file("Sources/App/Notes.records.xml"), file("Sources/App/recordgen-config.json"),
            file("Sources/App/Sub/recordgen-config.json"),
        ]
        #expect {
            try SchemaPlan(files: files, outputDirectory: output, displayRoot: package)
        } throws: { error in
            guard case .multipleConfigurations(let first, let second, let at)? = error as? PluginError else { return false }
            // Paths in byte order: "Sub/" sorts before "recordgen-config.json".
            return first == "Sources/App/Sub/recordgen-config.json" && second == "Sources/App/recordgen-config.json"
                && at == files[1].filePath && "\(error)".contains(first) && "\(error)".contains(second)
        }
    }

    @Test func theOutputIsNamedAfterTheSchemaStem() {
        #expect(SchemaPlan.outputFileName(forSchema: file("Sources/App/Notes.records.xml")) == "Notes.swift")
    }

    @Test func aTargetWithoutSchemasPlansNothing() throws {
        let files = [file("Sources/App/main.swift")]
        let plan = try SchemaPlan(files: files, outputDirectory: output, displayRoot: package)
        #expect(plan.entries.isEmpty)
    }

    @Test func twoSchemasWithOneStemAreRefusedNamingBoth() {
        let files = [file("Sources/App/A/Notes.records.xml"), file("Sources/App/B/Notes.records.xml")]
        #expect {
            try SchemaPlan(files: files, outputDirectory: output, displayRoot: package)
        } throws: { error in
            guard case .duplicateOutput(let name, let first, let second, let at)? = error as? PluginError else {
                return false
            }
            let message = "\(error)"
            return name == "Notes.swift" && first == "Sources/App/A/Notes.records.xml"
                && second == "Sources/App/B/Notes.records.xml" && at == files[1].filePath
                && message.contains(first) && message.contains(second)
        }
    }

    @Test func stemsThatDifferOnlyInCaseAreRefused() {
        let files = [file("Sources/App/A/Notes.records.xml"), file("Sources/App/B/notes.records.xml")]
        #expect(throws: PluginError.self) {
            try SchemaPlan(files: files, outputDirectory: output, displayRoot: package)
        }
    }

    @Test func anOutputNamedLikeASourceFileIsRefused() {
        let files = [file("Sources/App/Views/notes.swift"), file("Sources/App/Notes.records.xml")]
        #expect {
            try SchemaPlan(files: files, outputDirectory: output, displayRoot: package)
        } throws: { error in
            guard case .outputShadowsSource(let name, let schema, let source, _)? = error as? PluginError else {
                return false
            }
            return name == "Notes.swift" && schema == "Sources/App/Notes.records.xml"
                && source == "Sources/App/Views/notes.swift"
        }
    }

    @Test func committedModelsBesideTheBuildPluginAreRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let schema = try folder.write("Sources/App/Notes.records.xml", "<schema/>")
        let model = try folder.write("Sources/App/Generated/Note.swift", RecordGenOutputFileNames.generatedFileMarker + "Notes.records.xml.\n")
        #expect {
            try SchemaPlan(files: [schema, model], outputDirectory: output, displayRoot: folder.url)
        } throws: { error in
            guard case .generatedTwice(let schemaPath, let generated, _)? = error as? PluginError else { return false }
            return schemaPath == "Sources/App/Notes.records.xml" && generated == "Sources/App/Generated"
        }
    }

    @Test func aHandWrittenFileInAFolderNamedGeneratedIsFine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let schema = try folder.write("Sources/App/Notes.records.xml", "<schema/>")
        let mine = try folder.write("Sources/App/Generated/Helpers.swift", "// mine\n")
        let plan = try SchemaPlan(files: [schema, mine], outputDirectory: output, displayRoot: folder.url)
        #expect(plan.entries.count == 1)
    }

    @Test func pathsInMessagesAreRelativeToTheRootWhenInsideIt() {
        func display(_ path: String) -> String {
            SchemaPlan.display(URL(fileURLWithPath: path), relativeTo: package)
        }
        #expect(display("/work/App/Sources/App/Notes.records.xml") == "Sources/App/Notes.records.xml")
        #expect(display("/elsewhere/X.records.xml") == "/elsewhere/X.records.xml")
        #expect(display("/work/Application/X.records.xml") == "/work/Application/X.records.xml", "not a parent")
    }
}
