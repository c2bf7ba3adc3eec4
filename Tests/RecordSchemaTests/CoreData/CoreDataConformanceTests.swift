import Foundation
import Testing
@testable import RecordSchema

extension InteropConformance {
    static var coreDataModels: [URL] { files(in: "xcdatamodel", suffix: ".contents.xml") }
    static var hasCoreData: Bool { !coreDataModels.isEmpty }
}

@Suite("Core Data conformance", .enabled(if: InteropConformance.hasCoreData, "../shared/conformance/xcdatamodel is absent"))
struct CoreDataConformanceTests {
    @Test("every conformance model imports with CD_ names and kinds, and validates", arguments: InteropConformance.coreDataModels)
    func importsAndValidates(_ url: URL) throws {
        let outcome = SchemaImport.run(path: url.path, format: .coreData, outputPath: "out.records.xml")
        let errors = outcome.diagnostics.filter { $0.severity == .error || $0.location?.file == "out.records.xml" }
        #expect(errors.isEmpty, "\(errors.map { $0.description })")
        let schema = try #require(outcome.schema)
        #expect(!schema.records.isEmpty)
        #expect(schema.zones.map(\.name) == ["com.apple.coredata.cloudkit.zone"])
        let contents = try InteropConformance.text(url)
        for record in schema.records {
            #expect(record.name.hasPrefix("CD_"))
            #expect(record.field(named: "CD_entityName")?.type == .scalar(.string))
            #expect(record.fields.allSatisfy { $0.name.hasPrefix("CD_") && $0.isOptional })
            // Every field comes from an attribute or relationship of the model (or is a companion).
            for field in record.fields where !["CD_entityName", "CD_moveReceipt", "CD_moveReceipt_ckAsset"].contains(field.name) {
                let property = String(field.name.dropFirst(3)).replacingOccurrences(of: "_ckAsset", with: "")
                #expect(contents.contains("name=\"\(property)\""), "\(field.name)")
            }
        }
        // Every warning points into the model file.
        #expect(outcome.diagnostics.allSatisfy { $0.location?.file == url.path && ($0.location?.line ?? 0) > 0 })
    }

    /// DESIGN.md's table of NSPersistentCloudKitContainer kinds, written out independently of the mapper.
    static let documentedKinds: [String: (String, companion: Bool)] = [
        "Integer 16": ("INT64", false), "Integer 32": ("INT64", false), "Integer 64": ("INT64", false),
        "Boolean": ("INT64", false), "Double": ("DOUBLE", false), "Float": ("DOUBLE", false),
        "Date": ("TIMESTAMP", false), "UUID": ("STRING", false), "URI": ("STRING", false),
        "String": ("STRING", true), "Binary": ("BYTES", true), "Transformable": ("BYTES", true),
    ]

    @Test("every stored attribute of every conformance model has its CD_ field of the documented kind", arguments: InteropConformance.coreDataModels)
    func everyAttributeKind(_ url: URL) throws {
        let model = try #require(CoreDataModelReader.read(contentsOf: url.path).model)
        let schema = try #require(CoreDataImporter.importModel(contentsOf: url.path).schema)
        func root(_ entity: CoreDataModel.Entity) -> CoreDataModel.Entity {
            var current = entity
            while let parent = current.parent.flatMap({ model.entity(named: $0) }) { current = parent }
            return current
        }
        for entity in model.entities {
            let record = try #require(schema.record(named: "CD_" + root(entity).name))
            for attribute in entity.attributes where !attribute.isTransient {
                guard let (kind, companion) = Self.documentedKinds[attribute.type] else { continue }
                let field = record.field(named: "CD_" + attribute.name)
                #expect(field?.type.description == kind, "\(entity.name).\(attribute.name)")
                #expect((record.field(named: "CD_\(attribute.name)_ckAsset")?.type == .scalar(.asset)) == companion, "\(entity.name).\(attribute.name)")
            }
            for relationship in entity.relationships {
                let field = record.field(named: "CD_" + relationship.name)
                #expect(relationship.isToMany ? field == nil : field?.type == .scalar(.string), "\(entity.name).\(relationship.name)")
            }
        }
    }
}

@Suite("Core Data model bundles")
struct CoreDataBundleTests {
    @Test(".xcdatamodeld picks the version .xccurrentversion names; sub-entities fold into the root")
    func currentVersion() throws {
        let bundle = InteropConformance.fixture("Journal.xcdatamodeld").path
        let outcome = SchemaImport.run(path: bundle, format: .coreData, outputPath: "Journal.records.xml")
        #expect(!outcome.diagnostics.contains { $0.severity == .error }, "\(outcome.diagnostics.map { $0.description })")
        let schema = try #require(outcome.schema)
        #expect(schema.name == "Journal_2")
        #expect(schema.records.map(\.name) == ["CD_Entry", "CD_Journal"])
        let entry = try #require(schema.record(named: "CD_Entry"))
        #expect(entry.fields.map(\.name) == [
            "CD_entityName", "CD_moveReceipt", "CD_moveReceipt_ckAsset", "CD_text", "CD_text_ckAsset", "CD_mood", "CD_secret", "CD_secret_ckAsset", "CD_journal",
            "CD_photo", "CD_photo_ckAsset",
        ])
        #expect(entry.field(named: "CD_secret")?.isEncrypted == true)
        #expect(entry.field(named: "CD_journal")?.type == .scalar(.string))
        // The to-many side has no field, and says so where it is declared.
        let toMany = try #require(outcome.diagnostics.first { $0.message.contains("to-many relationship 'entries'") })
        #expect(toMany.severity == .warning)
        #expect(toMany.location == RecordSchema.SourceLocation(file: bundle + "/Journal 2.xcdatamodel/contents", line: 14, column: 9))
        #expect(outcome.xml?.contains("<zone name=\"com.apple.coredata.cloudkit.zone\" database=\"private\"/>") == true)
    }

    @Test("the version folder and its contents file import the same")
    func versionFolderAndContents() throws {
        let folder = InteropConformance.fixture("Journal.xcdatamodeld/Journal.xcdatamodel").path
        let fromFolder = try #require(CoreDataImporter.importModel(contentsOf: folder).schema)
        let fromFile = try #require(CoreDataImporter.importModel(contentsOf: folder + "/contents").schema)
        #expect(fromFolder.name == "Journal" && fromFile.name == "Journal")
        #expect(SchemaShape(fromFolder) == SchemaShape(fromFile))
    }

    @Test("a missing model and bad XML are located errors")
    func unreadable() {
        let missing = CoreDataImporter.importModel(contentsOf: "/nonexistent/Model.xcdatamodeld")
        #expect(missing.schema == nil && missing.diagnostics.first?.code == DiagnosticCode.coreDataUnreadable.rawValue)
        let bad = CoreDataModelReader.read(bytes: Array("<model><entity name=\"A\"></model>".utf8), file: "contents", modelName: "M")
        #expect(bad.model == nil)
        #expect(bad.diagnostics.first?.severity == .error)
        #expect(bad.diagnostics.first?.location?.file == "contents")
    }
}
