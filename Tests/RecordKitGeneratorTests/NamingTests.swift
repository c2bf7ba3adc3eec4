import Testing
@testable import RecordKitGenerator

@Suite struct NamingTests {
    @Test func keywordsGetBackticks() {
        #expect(SwiftNamer.identifier("default") == "`default`")
        #expect(SwiftNamer.identifier("class") == "`class`")
        #expect(SwiftNamer.identifier("title") == "title")
    }

    @Test func fieldsNamedLikeGeneratedMembersGetASuffix() {
        #expect(SwiftNamer.propertyName("record") == "recordField")
        #expect(SwiftNamer.propertyName("metadata") == "metadataField")
        #expect(SwiftNamer.fieldCase("rawValue") == ("rawValueField", true))
        #expect(SwiftNamer.fieldCase("record") == ("record", false))
        #expect(SwiftNamer.enumCase("knownCases") == "knownCasesCase")
        // `id` is Identifiable's (the record ID), `allCases` CaseIterable's.
        #expect(SwiftNamer.propertyName("id") == "idField")
        #expect(SwiftNamer.enumCase("allCases") == "allCasesCase")
        // `CodingKeys` is Codable's; `zoneID` is a static member, which an instance property may share.
        #expect(SwiftNamer.propertyName("CodingKeys") == "CodingKeysField")
        #expect(SwiftNamer.propertyName("zoneID") == "zoneID")
    }

    @Test func stringLiteralsEscape() {
        #expect(SwiftNamer.stringLiteral("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u{1}""#)
        #expect(SwiftNamer.stringLiteral("café") == "\"café\"")
    }

    @Test func outputFileNames() {
        #expect(RecordGenOutputFileNames.fileName(forType: "Note") == "Note.swift")
        #expect(RecordGenOutputFileNames.fileName(forSchemaAt: "Schemas/Notes.records.xml") == "Notes.swift")
        #expect(RecordGenOutputFileNames.fileName(forSchemaFileName: "Notes.records.xml") == "Notes.swift")
        #expect(RecordGenOutputFileNames.fileName(forSchemaAt: "/abs/App.ckdb") == "App.swift")
        #expect(RecordGenOutputFileNames.schemaStem(".records.xml") == ".records")
        #expect(RecordGenOutputFileNames.firstCollision(in: ["Note.swift", "Folder.swift", "note.swift"]) == "note.swift")
        #expect(RecordGenOutputFileNames.firstCollision(in: ["A.swift", "B.swift"]) == nil)
    }

    /// The one collision rule the generator and the plugins share: every later claim of a name, with both owners.
    @Test func collisionsNameBothClaimants() {
        let claims = [("Note.swift", 1), ("Folder.swift", 2), ("NOTE.swift", 3), ("note.swift", 4)].map { (fileName: $0.0, owner: $0.1) }
        let found = RecordGenOutputFileNames.collisions(in: claims)
        #expect(found.map(\.fileName) == ["NOTE.swift", "note.swift"])
        #expect(found.map(\.first) == [1, 1])
        #expect(found.map(\.second) == [3, 4])
        #expect(RecordGenOutputFileNames.collide("Priority.swift", "priority.swift"))
        #expect(!RecordGenOutputFileNames.collide("Priority.swift", "Priority.swift.orig"))
    }

    /// The one marker: what the generator writes first is what the plugins and the writer recognise.
    @Test func generatedFilesAreRecognisedByTheirFirstLines() throws {
        let file = try GeneratorPipeline().generate([GeneratorInput(schema: SchemaFixtures.notes, displayPath: "N.records.xml")])[0]
        #expect(RecordGenOutputFileNames.isGeneratedFile(head: file.contents))
        #expect(!RecordGenOutputFileNames.isGeneratedFile(head: "// My notes. DO NOT EDIT.\n"))
        #expect(!RecordGenOutputFileNames.isGeneratedFile(head: "\n" + file.contents))
    }

    @Test func docTextIsTidied() {
        #expect(DocText.lines("\n    First line.\n      Second.  \n\n") == ["First line.", "Second."])
        #expect(DocText.lines(nil) == [])
        #expect(DocText.lines("   ") == [])
    }

    @Test func printerIndentsAndLeavesBlankLinesBare() {
        var printer = CodePrinter()
        printer.block("struct A {") { p in
            p.line("let a = 1")
            p.line()
            p.docComment("Doc.\n\nMore.")
        }
        #expect(printer.text == "struct A {\n    let a = 1\n\n    /// Doc.\n    ///\n    /// More.\n}\n")
    }
}
