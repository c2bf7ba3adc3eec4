import Foundation
import Testing
@testable import RecordSchema

/// The export writes what CloudKit adds and `cktool import-schema` expects: the `Users` type, and the default
/// grants on a type that may be public and declares none.
@Suite("CKDB export defaults")
struct CKDBExportDefaultsTests {
    static let at = SourceLocation(file: "s.records.xml", line: 1)

    /// The lines of `RECORD TYPE name (…);` in `text`, from its first line to its `);`.
    static func block(_ name: String, in text: String) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "RECORD TYPE \(name) (" }),
              let end = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == ");" })
        else { return nil }
        return Array(lines[start...end])
    }

    static func grantLines(_ block: [String]) -> [String] {
        block.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("GRANT ") }
    }

    static func field(_ name: String) -> Field {
        Field(name: name, type: .scalar(.string), isOptional: true, location: at)
    }

    @Test func grantsGoToTypesThatMayBePublicAndDeclareNone() throws {
        let schema = Schema(
            name: "S",
            zones: [Zone(name: "mine", database: .private, location: Self.at), Zone(name: "open", database: .public, location: Self.at)],
            records: [
                RecordType(name: "InDefaultZone", fields: [Self.field("a")], location: Self.at),
                RecordType(name: "InNamedDefaultZone", zone: "_defaultZone", fields: [Self.field("a")], location: Self.at),
                RecordType(name: "InPublicZone", zone: "open", fields: [Self.field("a")], location: Self.at),
                RecordType(name: "InPrivateZone", zone: "mine", fields: [Self.field("a")], location: Self.at),
                RecordType(name: "WithGrants", fields: [Self.field("a")],
                           grants: [Grant(role: "_world", permissions: [.read], location: Self.at)], location: Self.at),
            ],
            location: Self.at)
        let text = CKDBWriter.write(schema)
        let defaults = ["GRANT WRITE TO \"_creator\",", "GRANT CREATE TO \"_icloud\",", "GRANT READ TO \"_world\""]
        for name in ["InDefaultZone", "InNamedDefaultZone", "InPublicZone"] {
            #expect(Self.grantLines(try #require(Self.block(name, in: text))) == defaults, "\(name)")
        }
        // Custom zones exist only in the private and shared databases, where grants do not apply.
        #expect(Self.grantLines(try #require(Self.block("InPrivateZone", in: text))).isEmpty)
        #expect(Self.grantLines(try #require(Self.block("WithGrants", in: text))) == ["GRANT READ TO \"_world\""])
        // And the file still parses: cktool import-schema reads what cktool export-schema writes.
        #expect(throws: Never.self) { try CKDBParser.parse(text, file: "export.ckdb") }
    }

    @Test func aDeclaredUsersTypeKeepsItsFieldsAndGetsRolesAndItsGrants() throws {
        let users = RecordType(name: "Users", fields: [Self.field("nickname")], location: Self.at)
        let text = CKDBWriter.write(Schema(name: "S", records: [users], location: Self.at))
        #expect(text.components(separatedBy: "RECORD TYPE Users (").count == 2)
        let block = try #require(Self.block("Users", in: text)).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(block.contains("nickname        STRING,"))
        #expect(block.contains("roles           LIST<INT64>,"))
        #expect(Self.grantLines(block) == ["GRANT WRITE TO \"_creator\",", "GRANT READ TO \"_world\""])
    }

    @Test func exportingTwiceThroughImportIsStable() throws {
        let schema = Schema(name: "S", records: [RecordType(name: "Note", fields: [Self.field("a")], location: Self.at)], location: Self.at)
        let once = CKDBWriter.write(schema)
        let again = CKDBWriter.write(try CKDBImporter.importSchema(once, file: "once.ckdb").schema)
        #expect(again == once)
    }
}

@Suite("CKDB export defaults, real exports", .enabled(if: InteropConformance.hasCKDB, "../shared/conformance/ckdb is absent"))
struct CKDBExportDefaultsConformanceTests {
    static func exports() throws -> [(name: String, text: String)] {
        try InteropConformance.ckdbFiles.map { ($0.lastPathComponent, try InteropConformance.text($0)) }
    }

    @Test func theUsersTypeIsWrittenAsCktoolExportsIt() throws {
        let ours = try #require(CKDBExportDefaultsTests.block("Users", in: CKDBWriter.write(Schema(name: "S", location: CKDBExportDefaultsTests.at))))
        let real = try Self.exports().compactMap { CKDBExportDefaultsTests.block("Users", in: $0.text) }
        #expect(real.count >= 5)
        // Every real Users type has roles LIST<INT64>; those nobody changed (no index, the two default grants)
        // are ours, byte for byte.
        #expect(real.allSatisfy { $0.contains { $0.trimmingCharacters(in: .whitespaces) == "roles           LIST<INT64>," } })
        let untouched = real.filter { block in
            !block.contains { $0.contains("QUERYABLE") } && CKDBExportDefaultsTests.grantLines(block) == CKDBExportDefaultsTests.grantLines(ours)
        }
        #expect(untouched.count >= 2)
        #expect(untouched.allSatisfy { $0 == ours })
    }

    @Test func theDefaultGrantsAreTheOnesCloudKitGivesNewTypes() throws {
        let note = RecordType(name: "Note", fields: [CKDBExportDefaultsTests.field("a")], location: CKDBExportDefaultsTests.at)
        let text = CKDBWriter.write(Schema(name: "S", records: [note], location: CKDBExportDefaultsTests.at))
        let ours = CKDBExportDefaultsTests.grantLines(try #require(CKDBExportDefaultsTests.block("Note", in: text)))
        // The most common grant set of the real exports' own types.
        var counts: [[String]: Int] = [:]
        for (_, text) in try Self.exports() {
            let document = try CKDBParser.parse(text, file: "real.ckdb")
            for type in document.recordTypes where type.name != "Users" {
                guard let block = CKDBExportDefaultsTests.block(type.name, in: text) else { continue }
                let grants = CKDBExportDefaultsTests.grantLines(block)
                if !grants.isEmpty { counts[grants, default: 0] += 1 }
            }
        }
        let common = try #require(counts.max { $0.value < $1.value })
        #expect(common.key == ours, "\(counts)")
    }
}
