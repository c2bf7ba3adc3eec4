import Foundation
import Testing
@testable import RecordSchema

@Suite("CKDB conformance", .enabled(if: InteropConformance.hasCKDB, "../shared/conformance/ckdb is absent"))
struct CKDBConformanceTests {
    @Test("every conformance .ckdb imports without warnings", arguments: InteropConformance.ckdbFiles)
    func imports(_ url: URL) throws {
        let result = try CKDBImporter.importSchema(try InteropConformance.text(url), file: url.lastPathComponent)
        #expect(!result.schema.records.isEmpty)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
    }

    @Test("exporting the import gives the same types, fields, kinds and indexes", arguments: InteropConformance.ckdbFiles)
    func roundTrips(_ url: URL) throws {
        let text = try InteropConformance.text(url)
        let original = try CKDBParser.parse(text, file: url.lastPathComponent)
        let imported = try CKDBImporter.importSchema(text, file: url.lastPathComponent)
        let exported = CKDBWriter.write(imported.schema)
        let reparsed = try CKDBParser.parse(exported, file: "export.ckdb")
        // Hand-written files may lack the Users type and grants, which CloudKit adds and the export writes.
        #expect(CKDBShape(original).completedByCloudKit() == CKDBShape(reparsed))
        #expect(Set(original.roles.map(\.name)) == Set(reparsed.roles.map(\.name)))
    }

    /// cktool's own exports come back byte for byte: same order, padding, quoting and grants.
    /// (moolah's `schema.ckdb` is left out: it was edited by hand after export, its types are out of
    /// byte order and its padding is uneven.)
    static let untouchedExports = [
        "AlexW00__hibi__schema.ckdb", "Tom4259__SwiftUIFeatureBugReport__Schema.ckdb",
        "ajsutton__moolah-native__schema-prod-baseline.ckdb", "jestatsio__reolens__schema.ckdb",
        "pagoda8__Walking-Buddy__cloudkit-schema.ckdb",
    ]

    @Test("cktool exports are reproduced byte for byte", arguments: InteropConformance.ckdbFiles.filter {
        untouchedExports.contains($0.lastPathComponent)
    })
    func reproducesCktoolLayout(_ url: URL) throws {
        let text = try InteropConformance.text(url)
        let imported = try CKDBImporter.importSchema(text, file: url.lastPathComponent)
        let exported = CKDBWriter.write(imported.schema)
        #expect(exported.trimmingCharacters(in: .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

extension CKDBShape {
    /// What CloudKit adds to a schema it imports, as the real exports show: a `Users` type with `roles` and its
    /// two grants, and the default grants on every type that has none (every imported type is in the default
    /// zone, so it may be public).
    func completedByCloudKit() -> CKDBShape {
        var shape = self
        if shape.types["Users"] == nil { shape.types["Users"] = [:] }
        for name in shape.types.keys {
            if name == "Users" {
                if shape.types[name]?["roles"] == nil {
                    shape.types[name]?["roles"] = FieldShape(type: "LIST<INT64>", queryable: false, sortable: false, searchable: false)
                }
                if shape.grants[name, default: [:]].isEmpty { shape.grants[name] = ["_creator": [.write], "_world": [.read]] }
            } else if shape.grants[name, default: [:]].isEmpty {
                shape.grants[name] = ["_creator": [.write], "_icloud": [.create], "_world": [.read]]
            }
        }
        return shape
    }
}

/// What a round trip must keep: per type (by name), the user fields with their types and indexes, the
/// indexed system fields, and each role's permissions.
struct CKDBShape: Equatable {
    struct FieldShape: Equatable {
        var type: String
        var queryable: Bool, sortable: Bool, searchable: Bool
    }

    var types: [String: [String: FieldShape]]
    var grants: [String: [String: Set<Grant.Permission>]]

    init(_ document: CKDBDocument) {
        var types: [String: [String: FieldShape]] = [:]
        var grants: [String: [String: Set<Grant.Permission>]] = [:]
        for type in document.recordTypes {
            var fields: [String: FieldShape] = [:]
            for field in type.fields {
                let shape = FieldShape(type: field.type.description, queryable: field.isQueryable, sortable: field.isSortable, searchable: field.isSearchable)
                // System fields are implicit: only their indexes carry information.
                if field.name.hasPrefix("___"), !(shape.queryable || shape.sortable || shape.searchable) { continue }
                fields[field.name] = shape
            }
            types[type.name] = fields
            var byRole: [String: Set<Grant.Permission>] = [:]
            for grant in type.grants { byRole[grant.role, default: []].formUnion(grant.permissions) }
            grants[type.name] = byRole
        }
        self.types = types
        self.grants = grants
    }
}

@Suite("CKDB damaged input", .enabled(if: InteropConformance.hasCKDB, "../shared/conformance/ckdb is absent"))
struct CKDBDamagedInputTests {
    /// Every prefix of a real file (cut every 97 bytes) either parses (a cut between two statements) or fails with
    /// a location inside the text; some cuts must fail, or the located-error checks never ran.
    @Test("a truncated file parses or fails with a location inside the text", arguments: InteropConformance.ckdbFiles)
    func truncated(_ url: URL) throws {
        let bytes = Array(try InteropConformance.text(url).utf8)
        let lineCount = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        var failures = 0
        for cut in stride(from: 0, to: bytes.count, by: 97) {
            let text = String(decoding: bytes[..<cut], as: UTF8.self)
            do {
                _ = try CKDBParser.parse(text, file: "cut.ckdb")
            } catch {
                failures += 1
                #expect(error.location.line >= 1 && error.location.line <= lineCount)
                #expect(error.location.column >= 1)
                #expect(error.message.contains("expected") || error.message.contains("unterminated"))
            }
        }
        #expect(failures > 0, "no cut of \(url.lastPathComponent) failed, so no error location was checked")
    }
}

extension CKDBDamagedInputTests {
    /// Bytes flipped at seeded random places (a fixed seed: the same cases every run) never crash the parser;
    /// every failure is located inside the text.
    @Test("mutated files parse or fail with a located error", arguments: InteropConformance.ckdbFiles)
    func mutated(_ url: URL) throws {
        let original = Array(try InteropConformance.text(url).utf8)
        var generator = SeededGenerator(seed: UInt64(original.count))
        let replacements = Array("\"'(),;<>/*-\n xA_0é".utf8)
        var failures = 0
        for _ in 0..<30 {
            var bytes = original
            for _ in 0..<3 {
                let index = Int(generator.next() % UInt64(bytes.count))
                bytes[index] = replacements[Int(generator.next() % UInt64(replacements.count))]
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                _ = try CKDBImporter.importSchema(text, file: "mutated.ckdb")
            } catch {
                failures += 1
                #expect(error.location.line >= 1 && error.location.line <= lineCount)
                #expect(error.location.column >= 1)
            }
        }
        #expect(failures > 0, "no mutation of \(url.lastPathComponent) failed, so no error location was checked")
    }
}

/// A small deterministic generator (SplitMix64), so mutation tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
