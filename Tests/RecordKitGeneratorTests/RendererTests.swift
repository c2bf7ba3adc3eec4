import Testing
import RecordSchema
@testable import RecordKitGenerator

@Suite struct RendererTests {
    static let notes = GeneratorInput(schema: SchemaFixtures.notes, displayPath: "Schemas/Notes.records.xml")

    @Test func outputIsDeterministic() throws {
        let first = try GeneratorPipeline().generate([Self.notes, GeneratorInput(schema: SchemaFixtures.coverage, displayPath: "c.records.xml")])
        let second = try GeneratorPipeline().generate([Self.notes, GeneratorInput(schema: SchemaFixtures.coverage, displayPath: "c.records.xml")])
        #expect(first == second)
        #expect(first.map(\.name) == ["Note.swift", "Folder.swift", "Priority.swift", "Article.swift", "Receipt.swift", "Plain.swift", "Empty.swift", "Awkward.swift", "Status.swift"])
    }

    @Test func everyFileStartsWithTheHeader() throws {
        for file in try GeneratorPipeline().generate([Self.notes]) {
            #expect(file.contents.hasPrefix(FileHeader.marker + "Schemas/Notes.records.xml.\n"))
            #expect(file.contents.contains("private typealias RegenerateIfThisFailsToCompile = RecordKit.GeneratedCodeAPIVersion_5"))
            #expect(!file.contents.contains("/work/"), "no absolute paths")
        }
    }

    @Test func filePerSchemaHoldsEverythingInOneFile() throws {
        let files = try GeneratorPipeline(layout: .filePerSchema).generate([Self.notes])
        #expect(files.map(\.name) == ["Notes.swift"])
        let text = try #require(files.first?.contents)
        #expect(text.contains("public nonisolated struct Note:"))
        #expect(text.contains("public nonisolated enum Priority:"))
        #expect(text.components(separatedBy: "import RecordKit").count == 2, "one header")
    }

    @Test func internalAccessPrintsNoModifier() throws {
        let files = try GeneratorPipeline(access: .internal).generate([Self.notes])
        for file in files { #expect(!file.contents.contains("public ")) }
        #expect(files[0].contents.contains("\nnonisolated struct Note: Swift.Hashable, Swift.Sendable, Swift.Codable {"))
        #expect(files[0].contents.contains("\nnonisolated extension Note: RecordKit.GeneratedRecordModel {\n    static let recordType"))
    }

    /// protoc-gen-swift's order: the type a reader wants first, the RecordKit plumbing after a MARK.
    @Test func theStructComesFirstAndTheRecordModelExtensionAfter() throws {
        let text = try #require(try GeneratorPipeline().generate([Self.notes]).first?.contents)
        let landmarks = [
            "/// A note, synced across", "public nonisolated struct Note: Swift.Hashable, Swift.Sendable, Swift.Codable {",
            "public nonisolated enum Field:", "public var metadata:", "public init(\n", "\n}\n\n// MARK: - RecordKit support\n\n",
            "nonisolated extension Note: RecordKit.GeneratedRecordModel {", "public static let recordType", "public init(record:",
            "public func record()", "public init<Source: RecordKit.RecordFieldSource>(fieldsFrom",
            "public func writeFields<Sink: RecordKit.RecordFieldSink>", "public static func merge(",
        ]
        let positions = try landmarks.map { landmark in try #require(text.range(of: landmark)?.lowerBound, "\(landmark)") }
        #expect(positions == positions.sorted())
        #expect(text.components(separatedBy: "// MARK: - RecordKit support").count == 2)
    }

    @Test func standardTypesAreQualified() throws {
        let text = try #require(try GeneratorPipeline().generate([Self.notes]).first?.contents)
        #expect(text.contains("public var modified: Foundation.Date"))
        #expect(text.contains("public var title: Swift.String"))
        #expect(text.contains("public var pinned: Swift.Bool"))
        #expect(text.contains("public var uuid: Foundation.UUID"))
        #expect(text.contains("public var folder: RecordKit.RecordReference<Folder>?\n"), "a plain stored property, no observer")
        #expect(text.contains("public var tags: [Swift.String]"))
    }

    @Test func docCommentsComeFromTheSchema() throws {
        let text = try #require(try GeneratorPipeline().generate([Self.notes]).first?.contents)
        #expect(text.contains("/// A note, synced across a person's devices.\n///\n/// Record type `Note`, version 2.\npublic nonisolated struct Note"))
    }

    @Test func twoSchemasDeclaringOneTypeCollide() throws {
        let error = #expect(throws: ValidationFailure.self) {
            try GeneratorPipeline().generate([Self.notes, GeneratorInput(schema: SchemaFixtures.notes, displayPath: "Other.records.xml")])
        }
        let collisions = try #require(error?.diagnostics.filter { $0.code == DiagnosticCode.outputNameCollision.rawValue })
        // Sorted by position: Priority (line 5), Note (9), Folder (25), each at the second schema's declaration.
        #expect(collisions.map(\.message.first) == ["P", "N", "F"], "\(collisions)")
        #expect(collisions.allSatisfy { $0.message.contains("from both Schemas/Notes.records.xml and Other.records.xml") })
        #expect(collisions.map(\.location?.line) == [5, 9, 25])
    }

    @Test func oneFilePerSchemaCollidesOnTheSchemaName() throws {
        let other = GeneratorInput(schema: SchemaFixtures.coverage, displayPath: "Elsewhere/notes.records.xml")
        let error = #expect(throws: ValidationFailure.self) {
            try GeneratorPipeline(layout: .filePerSchema).generate([Self.notes, other])
        }
        #expect(error?.diagnostics.map(\.code) == ["RK401"])
        #expect(error?.diagnostics.first?.message.hasPrefix("notes.swift would be generated from both") == true)
        #expect(try GeneratorPipeline(layout: .filePerType).generate([Self.notes, other]).count > 2, "distinct types, distinct files")
    }

    @Test(arguments: [
        ("x", Field(name: "d", type: .scalar(.double), defaultValue: "x", location: SchemaFixtures.here()), "is not a finite number"),
        ("u", Field(name: "u", type: .scalar(.string), representation: .url, defaultValue: "no scheme", location: SchemaFixtures.here()), "not an absolute URL"),
        ("e", Field(name: "e", type: .scalar(.int64), enumName: "Missing", defaultValue: "a", location: SchemaFixtures.here()), "Missing"),
    ])
    func unrenderableDefaultsAreValidationErrors(_ label: String, field: Field, message: String) {
        let schema = Schema(name: "S", records: [RecordType(name: "R", fields: [field], location: SchemaFixtures.here())], location: SchemaFixtures.here())
        let error = #expect(throws: ValidationFailure.self) {
            try GeneratorPipeline().generate([GeneratorInput(schema: schema, displayPath: "S.records.xml")])
        }
        #expect(error?.diagnostics.contains { $0.message.contains(message) } == true, "\(label): \(String(describing: error))")
        #expect(error?.description.hasPrefix("Fixture.records.xml:1:1: error:") == true)
    }

    @Test func defaultsRenderAsSwift() throws {
        let here = SchemaFixtures.here()
        let schema = Schema(name: "S", records: [
            RecordType(name: "R", fields: [
                Field(name: "a", type: .scalar(.double), defaultValue: "1e3", location: here),
                Field(name: "b", type: .scalar(.timestamp), defaultValue: "2001-01-01T00:00:00Z", location: here),
                Field(name: "c", type: .scalar(.bytes), defaultValue: "AQI=", location: here),
                Field(name: "d", type: .scalar(.string), representation: .uuid, defaultValue: "00000000-0000-0000-0000-0000000000FF", location: here),
                Field(name: "e", type: .scalar(.int64), representation: .bool, defaultValue: "true", location: here),
            ], location: here),
        ], location: here)
        let text = try #require(try GeneratorPipeline().generate([GeneratorInput(schema: schema, displayPath: "S.records.xml")]).first?.contents)
        #expect(text.contains("a: Swift.Double = 1000.0"))
        #expect(text.contains("b: Foundation.Date = Foundation.Date(timeIntervalSince1970: 978307200.0)"))
        #expect(text.contains("c: Foundation.Data = Foundation.Data([0x01, 0x02])"))
        #expect(text.contains("d: Foundation.UUID = Foundation.UUID(uuid: (0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff))"))
        #expect(text.contains("e: Swift.Bool = true"))
    }
}

@Suite struct TypeNameTests {
    @Test(arguments: ["Field", "Swift", "Foundation", "RecordKit"])
    func enumsThatGeneratedCodeCannotReachAreRefused(name: String) {
        let here = SchemaFixtures.here()
        let schema = Schema(name: "S", enums: [EnumType(name: name, kind: .int64, cases: [], location: here)], location: here)
        let error = #expect(throws: ValidationFailure.self) { try GeneratorPipeline().generate([GeneratorInput(schema: schema, displayPath: "S.records.xml")]) }
        #expect(error?.diagnostics.map(\.code).contains("RK132") == true)
    }

    @Test func recordTypesNamedLikeAModuleAreRefused() {
        let here = SchemaFixtures.here()
        let schema = Schema(name: "S", records: [RecordType(name: "Foundation", location: here)], location: here)
        let error = #expect(throws: ValidationFailure.self) { try GeneratorPipeline().generate([GeneratorInput(schema: schema, displayPath: "S.records.xml")]) }
        #expect(error?.diagnostics.map(\.code) == ["RK132"])
    }

    @Test func aListOfListsIsAValidationError() {
        let here = SchemaFixtures.here()
        let field = Field(name: "grid", type: .list(of: .list), location: here)
        let schema = Schema(name: "S", records: [RecordType(name: "R", fields: [field], location: here)], location: here)
        let error = #expect(throws: ValidationFailure.self) { try GeneratorPipeline().generate([GeneratorInput(schema: schema, displayPath: "S.records.xml")]) }
        #expect(error?.diagnostics.map(\.code) == ["RK127"])
    }
}
