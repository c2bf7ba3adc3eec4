import Foundation
import Testing
@testable import RecordSchema

/// The schemas the repository ships, and the XSD the tool embeds.
@Suite struct ShippedSchemaTests {
    @Test func everyShippedSchemaValidatesClean() {
        let result = SchemaLoader.load(paths: [TestPaths.schemas])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        #expect(result.files.count >= 4)
        #expect(result.schemas.count == result.files.count)
    }

    @Test func embeddedXSDIsTheFileInSchemas() throws {
        let file = try String(contentsOfFile: TestPaths.schemas + "/RecordSchema.xsd", encoding: .utf8)
        // A multi-line literal drops the file's last newline.
        let expected = file.hasSuffix("\n") ? String(file.dropLast()) : file
        #expect(EmbeddedSchemaXSD.text == expected, "Schemas/RecordSchema.xsd changed: run Scripts/embed-xsd.sh")
    }

    @Test func embeddedXSDCompiles() {
        #expect(SchemaXSD.shared.isUsable, "\(SchemaXSD.shared.compileErrors)")
    }

    @Test func theNotesSchemaIsTheArticlesNoteApp() throws {
        let read = SchemaReader.read(contentsOf: TestPaths.schemas + "/Notes.records.xml")
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(diagnostics.isEmpty)
        let notes = try #require(schema)
        #expect(notes.zones == [Zone(name: "note-zone", database: .private, location: notes.zones[0].location)])
        let note = try #require(notes.record(named: "Note"))
        #expect(note.fields.map(\.name) == ["text", "modified"])
        #expect(note.field(named: "text")?.type == .scalar(.asset))
        #expect(note.field(named: "modified")?.type == .scalar(.timestamp))
        #expect((note.version, note.versionField, note.onNewerVersion) == (1, "version", .reject))
        #expect(note.merge.map { ($0.strategy, $0.clock) } ?? (.serverWins, nil) == (.lastWriterWins, "modified"))
    }

    @Test func theShowcaseUsesEveryKindAndOption() throws {
        let read = SchemaReader.read(contentsOf: TestPaths.schemas + "/Examples/Showcase.records.xml")
        let (schema, diagnostics) = (read.schema, read.diagnostics)
        #expect(diagnostics.isEmpty)
        let showcase = try #require(schema)
        let fields = showcase.records.flatMap(\.fields)
        #expect(Set(fields.map(\.type.kind)) == Set(SchemaFieldKind.allCases))
        #expect(Set(fields.compactMap { if case let .list(of) = $0.type { of } else { nil } }) == Set(SchemaFieldKind.elementKinds))
        #expect(Set(fields.compactMap(\.representation)) == Set(Field.SwiftRepresentation.allCases))
        #expect(Set(fields.compactMap(\.referenceAction)) == Set(Field.ReferenceAction.allCases))
        #expect(Set(showcase.zones.map(\.database)) == Set(Zone.Database.allCases))
        #expect(Set(showcase.enums.map(\.kind)) == Set(EnumType.RawKind.allCases))
        #expect(Set(showcase.records.map(\.onNewerVersion)) == Set(RecordType.NewerVersionPolicy.allCases))
        #expect(Set(showcase.records.compactMap(\.merge?.strategy)) == Set(MergeRule.Strategy.allCases))
        #expect(Set(showcase.records.compactMap(\.merge?.lists)) == Set(MergeRule.ListPolicy.allCases))
        #expect(fields.contains { $0.isEncrypted } && fields.contains { $0.isSearchable })
        #expect(fields.contains { $0.isQueryable } && fields.contains { $0.isSortable })
        #expect(fields.contains { $0.since > 1 } && fields.contains { $0.defaultValue != nil } && fields.contains { $0.isOptional })
        #expect(showcase.records.contains { !$0.retired.isEmpty } && showcase.records.contains { !$0.systemIndexes.isEmpty })
        #expect(Set(showcase.records.flatMap(\.grants).map(\.role)).isSuperset(of: NameRules.builtInRoles))
        #expect(!showcase.roles.isEmpty)
    }

    @Test func theEvolutionPairIsOneSchemaAtTwoVersions() throws {
        let folder = TestPaths.schemas + "/Examples/Evolution"
        let v1 = try #require(SchemaReader.read(contentsOf: folder + "/Tasks.v1.records.xml").schema)
        let v2 = try #require(SchemaReader.read(contentsOf: folder + "/Tasks.v2.records.xml").schema)
        #expect(v1.name == v2.name)
        #expect(v1.record(named: "Task")?.version == 1)
        #expect(v2.record(named: "Task")?.version == 2)
        #expect(v2.record(named: "Task")?.retired.map(\.name) == ["color"])
    }

    @Test func readmeDocumentsEveryCodeAndItsExampleIsValid() throws {
        let readme = try String(contentsOfFile: TestPaths.schemas + "/README.md", encoding: .utf8)
        // The table lists exactly the codes of DiagnosticCode, in its order, each with its name and meaning.
        let documented = readme.split(separator: "\n").filter { $0.hasPrefix("| RK") }.map(String.init)
        let expected = DiagnosticCode.allCases.map { "| \($0.rawValue) | `\($0)` | \($0.meaning) |" }
        let undocumented = expected.filter { !documented.contains($0) }
        let unknown = documented.filter { !expected.contains($0) }
        #expect(undocumented.isEmpty && unknown.isEmpty, "DiagnosticCode lacks \(unknown); Schemas/README.md lacks \(undocumented)")
        #expect(documented == expected, "Schemas/README.md lists the codes in another order than DiagnosticCode")
        let example = try #require(readme.components(separatedBy: "```xml\n").dropFirst().first?.components(separatedBy: "```").first)
        let result = SchemaLoader.load(data: Data(example.utf8), path: "README.md")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.schemas.first?.records.first?.fields.count == 6)
    }
}
