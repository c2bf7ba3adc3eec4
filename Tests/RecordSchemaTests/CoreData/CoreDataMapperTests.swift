import Testing
@testable import RecordSchema

@Suite("Core Data mapping")
struct CoreDataMapperTests {
    static func at(_ line: Int) -> RecordSchema.SourceLocation { RecordSchema.SourceLocation(file: "contents", line: line) }

    static let model = CoreDataModel(name: "Model", entities: [
        .init(name: "Person", attributes: [
            .init(name: "name", type: "String", location: at(3)),
            .init(name: "age", type: "Integer 16", location: at(4)),
            .init(name: "photo", type: "Binary", location: at(5)),
            .init(name: "born", type: "Date", location: at(6)),
            .init(name: "id", type: "UUID", location: at(7)),
            .init(name: "secret", type: "String", allowsCloudEncryption: true, location: at(8)),
            .init(name: "scratch", type: "String", isTransient: true, location: at(9)),
        ], relationships: [
            .init(name: "employer", destination: "Company", isToMany: false, location: at(10)),
            .init(name: "pets", destination: "Pet", isToMany: true, location: at(11)),
        ], location: at(2)),
        .init(name: "Employee", parent: "Person", attributes: [
            .init(name: "salary", type: "Double", location: at(14)),
            .init(name: "active", type: "Boolean", location: at(15)),
        ], location: at(13)),
        .init(name: "Company", attributes: [.init(name: "worth", type: "Decimal", location: at(18))],
              fetchedProperties: [.init(name: "bigOnes", location: at(19))], location: at(17)),
    ], location: at(1))

    @Test("entities become CD_ record types with the container's kinds and companions")
    func mapsKinds() throws {
        let result = CoreDataCloudKitMapper.makeSchema(from: Self.model)
        let schema = result.schema
        #expect(schema.records.map(\.name) == ["CD_Person", "CD_Company"])
        #expect(schema.zones.map(\.name) == ["com.apple.coredata.cloudkit.zone"])
        let person = try #require(schema.record(named: "CD_Person"))
        #expect(person.zone == "com.apple.coredata.cloudkit.zone")
        #expect(person.fields.map(\.name) == [
            "CD_entityName", "CD_moveReceipt", "CD_moveReceipt_ckAsset", "CD_name", "CD_name_ckAsset", "CD_age", "CD_photo", "CD_photo_ckAsset", "CD_born", "CD_id",
            "CD_secret", "CD_secret_ckAsset", "CD_employer", "CD_salary", "CD_active",
        ])
        #expect(person.fields.map(\.type.description) == [
            "STRING", "BYTES", "ASSET", "STRING", "ASSET", "INT64", "BYTES", "ASSET", "TIMESTAMP", "STRING",
            "STRING", "ASSET", "STRING", "DOUBLE", "INT64",
        ])
        #expect(person.fields.allSatisfy { $0.isOptional })
        #expect(person.field(named: "CD_secret")?.isEncrypted == true)
        #expect(person.field(named: "CD_active")?.representation == .bool)
        #expect(person.field(named: "CD_id")?.representation == .uuid)
        let company = try #require(schema.record(named: "CD_Company"))
        #expect(company.field(named: "CD_worth")?.type == .scalar(.string))
    }

    @Test("what is mapped away is a warning at its location")
    func warnsAtLocations() {
        let diagnostics = CoreDataCloudKitMapper.makeSchema(from: Self.model).diagnostics
        #expect(diagnostics.compactMap(\.location?.line) == [9, 11, 18, 19])
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.code == DiagnosticCode.coreDataMapping.rawValue })
    }

    @Test("an inheritance cycle is a warning, not a silent drop or a hang")
    func inheritanceCycle() {
        let model = CoreDataModel(name: "M", entities: [
            .init(name: "A", parent: "B", location: Self.at(2)),
            .init(name: "B", parent: "A", location: Self.at(3)),
        ], location: Self.at(1))
        let result = CoreDataCloudKitMapper.makeSchema(from: model)
        #expect(result.schema.records.isEmpty)
        #expect(result.diagnostics.compactMap(\.location?.line) == [2, 3])
    }

    @Test("names CloudKit cannot take are warnings, and the rest still validates")
    func invalidNames() {
        let model = CoreDataModel(name: "M", entities: [
            .init(name: "Bad-Entity", attributes: [.init(name: "a", type: "String", location: Self.at(3))], location: Self.at(2)),
            .init(name: "Good", attributes: [.init(name: "x y", type: "String", location: Self.at(5)), .init(name: "ok", type: "Date", location: Self.at(6))], location: Self.at(4)),
        ], location: Self.at(1))
        let result = CoreDataCloudKitMapper.makeSchema(from: model)
        #expect(result.schema.records.map(\.name) == ["CD_Good"])
        #expect(result.schema.records.first?.field(named: "CD_ok") != nil)
        #expect(result.diagnostics.compactMap(\.location?.line) == [2, 5])
        #expect(SchemaValidator.validate(result.schema).isEmpty)
    }
}
