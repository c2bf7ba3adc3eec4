import Testing
@testable import RecordSchema

/// Each compatibility rule with a pair of schemas: the deployed one (`old`) and a changed one (`new`).
@Suite("Compatibility rules")
struct CompatTests {
    static func at(_ line: Int) -> RecordSchema.SourceLocation { SourceLocation(file: "new.records.xml", line: line, column: 3) }

    /// The deployed schema: a versioned Note (version 2) in a zone, and an enum.
    static func deployed() -> Schema {
        Schema(
            name: "Notes",
            zones: [Zone(name: "notes", database: .private, location: at(2))],
            enums: [EnumType(name: "Priority", kind: .int64, cases: [
                EnumCase(name: "low", value: "0", location: at(4)),
                EnumCase(name: "high", value: "1", location: at(5)),
            ], location: at(3))],
            records: [RecordType(
                name: "Note", version: 2, zone: "notes", versionField: "version",
                fields: [
                    Field(name: "title", type: .scalar(.string), defaultValue: "", isQueryable: true, isSearchable: true, location: at(10)),
                    Field(name: "tags", type: .list(of: .string), since: 2, location: at(11)),
                    Field(name: "secret", type: .scalar(.string), isOptional: true, isEncrypted: true, location: at(12)),
                    Field(name: "folder", type: .scalar(.reference), referenceTarget: "Folder", isOptional: true, location: at(13)),
                    Field(name: "priority", type: .scalar(.int64), enumName: "Priority", defaultValue: "low", location: at(14)),
                ],
                retired: [RetiredField(name: "color", type: .scalar(.string), retiredIn: 2, location: at(15))],
                systemIndexes: [SystemFieldIndex(field: "___modTime", isQueryable: true, isSortable: true, location: at(16))],
                location: at(9))],
            location: at(1))
    }

    static func check(_ change: (inout Schema) -> Void, format: SchemaBaseline.Format = .recordsXML) -> [Diagnostic] {
        var new = deployed()
        change(&new)
        return CompatibilityChecker.check(new, against: SchemaBaseline(schema: deployed(), format: format))
    }

    static func note(_ schema: inout Schema, _ edit: (inout RecordType) -> Void) {
        edit(&schema.records[0])
    }

    static func field(_ schema: inout Schema, _ name: String, _ edit: (inout Field) -> Void) {
        note(&schema) { record in
            if let index = record.fields.firstIndex(where: { $0.name == name }) { edit(&record.fields[index]) }
        }
    }

    private func expectOnly(_ diagnostics: [Diagnostic], _ code: String, _ severity: Diagnostic.Severity, line: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(diagnostics.map(\.code) == [code], "\(diagnostics.map { $0.description })", sourceLocation: sourceLocation)
        #expect(diagnostics.first?.severity == severity, sourceLocation: sourceLocation)
        #expect(diagnostics.first?.location == Self.at(line), sourceLocation: sourceLocation)
    }

    @Test func identicalSchemaPasses() {
        #expect(Self.check { _ in }.isEmpty)
    }

    @Test func compatibleChangesPass() {
        let diagnostics = Self.check { schema in
            Self.note(&schema) { record in
                record.version = 3
                record.fields.append(Field(name: "pinned", type: .scalar(.int64), defaultValue: "0", since: 3, location: Self.at(20)))
                record.fields.append(Field(name: "place", type: .scalar(.location), isOptional: true, since: 3, location: Self.at(21)))
                // Retiring a field is how a field leaves the model.
                record.fields.removeAll { $0.name == "secret" }
                record.retired.append(RetiredField(name: "secret", type: .scalar(.string), retiredIn: 3, encrypted: true, location: Self.at(22)))
            }
            Self.field(&schema, "title") { $0.isSortable = true }
            schema.enums[0].cases.append(EnumCase(name: "urgent", value: "2", location: Self.at(6)))
            schema.records.append(RecordType(name: "Folder", zone: "notes", location: Self.at(30)))
        }
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.description })")
    }

    @Test func recordTypeRemoved() {
        expectOnly(Self.check { $0.records.removeAll() }, DiagnosticCode.recordTypeRemoved.rawValue, .error, line: 1)
    }

    @Test func fieldRemoved() {
        let diagnostics = Self.check { schema in Self.note(&schema) { $0.fields.removeAll { $0.name == "tags" } } }
        expectOnly(diagnostics, DiagnosticCode.fieldRemoved.rawValue, .error, line: 9)
        #expect(diagnostics.first?.message.contains("<retired name=\"tags\" kind=\"list\" of=\"string\" in=\"3\"/> and raise version to 3") == true)
    }

    @Test func retiredFieldDropped() {
        expectOnly(Self.check { schema in Self.note(&schema) { $0.retired.removeAll() } }, DiagnosticCode.fieldRemoved.rawValue, .error, line: 9)
    }

    @Test func kindChanged() {
        expectOnly(Self.check { Self.field(&$0, "title") { $0.type = .scalar(.bytes); $0.isSearchable = false; $0.isQueryable = true } },
                   DiagnosticCode.kindChanged.rawValue, .error, line: 10)
    }

    @Test func listElementKindChanged() {
        expectOnly(Self.check { Self.field(&$0, "tags") { $0.type = .list(of: .int64) } }, DiagnosticCode.kindChanged.rawValue, .error, line: 11)
    }

    @Test func encryptionChanged() {
        expectOnly(Self.check { Self.field(&$0, "secret") { $0.isEncrypted = false } }, DiagnosticCode.encryptionChanged.rawValue, .error, line: 12)
    }

    @Test func retiredNameReusedWithAnotherKind() {
        let diagnostics = Self.check { schema in
            Self.note(&schema) { record in
                record.version = 3
                record.retired.removeAll()
                record.fields.append(Field(name: "color", type: .scalar(.int64), isOptional: true, since: 3, location: Self.at(25)))
            }
        }
        expectOnly(diagnostics, DiagnosticCode.retiredNameReused.rawValue, .error, line: 25)
    }

    @Test func retiredWithAnotherKind() {
        expectOnly(Self.check { Self.note(&$0) { $0.retired[0].type = .scalar(.bytes) } }, DiagnosticCode.retiredNameReused.rawValue, .error, line: 15)
    }

    @Test func versionLowered() {
        let diagnostics = Self.check { schema in
            Self.note(&schema) { $0.version = 1 }
            Self.field(&schema, "tags") { $0.since = 1 }
        }
        #expect(diagnostics.map(\.code).sorted() == [DiagnosticCode.versionLowered.rawValue, DiagnosticCode.sinceChanged.rawValue].sorted())
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func fieldAddedWithoutRaisingVersion() {
        let diagnostics = Self.check { schema in
            Self.note(&schema) { $0.fields.append(Field(name: "pinned", type: .scalar(.int64), isOptional: true, since: 2, location: Self.at(20))) }
        }
        expectOnly(diagnostics, DiagnosticCode.fieldAddedWithoutVersion.rawValue, .error, line: 20)
    }

    @Test func fieldAddedWithDeployedSince() {
        let diagnostics = Self.check { schema in
            Self.note(&schema) { record in
                record.version = 3
                record.fields.append(Field(name: "pinned", type: .scalar(.int64), isOptional: true, since: 2, location: Self.at(20)))
            }
        }
        expectOnly(diagnostics, DiagnosticCode.fieldAddedWithoutVersion.rawValue, .error, line: 20)
        #expect(diagnostics.first?.message.contains("since=\"3\"") == true)
    }

    @Test func sinceChanged() {
        let diagnostics = Self.check { schema in
            Self.note(&schema) { $0.version = 3 }
            Self.field(&schema, "tags") { $0.since = 3 }
        }
        expectOnly(diagnostics, DiagnosticCode.sinceChanged.rawValue, .error, line: 11)
    }

    @Test func enumCaseRemoved() {
        expectOnly(Self.check { $0.enums[0].cases.removeLast() }, DiagnosticCode.enumCaseRemoved.rawValue, .error, line: 3)
    }

    @Test func enumCaseRenamedKeepingItsValuePasses() {
        #expect(Self.check { $0.enums[0].cases[1].name = "important" }.isEmpty)
    }

    @Test func enumRawValueChanged() {
        expectOnly(Self.check { $0.enums[0].cases[1].value = "5" }, DiagnosticCode.enumValueChanged.rawValue, .error, line: 5)
    }

    @Test func versionFieldRenamed() {
        expectOnly(Self.check { Self.note(&$0) { $0.versionField = "schemaVersion" } }, DiagnosticCode.versionFieldChanged.rawValue, .error, line: 9)
    }

    @Test func newRequiredFieldWithoutDefault() {
        let diagnostics = Self.check { schema in
            Self.note(&schema) { record in
                record.version = 3
                record.fields.append(Field(name: "pinned", type: .scalar(.int64), since: 3, location: Self.at(20)))
            }
        }
        expectOnly(diagnostics, DiagnosticCode.requiredWithoutDefault.rawValue, .error, line: 20)
    }

    @Test func optionalFieldBecameRequired() {
        expectOnly(Self.check { Self.field(&$0, "secret") { $0.isOptional = false } }, DiagnosticCode.becameRequired.rawValue, .error, line: 12)
    }

    @Test func indexRemovedWarns() {
        expectOnly(Self.check { Self.field(&$0, "title") { $0.isSearchable = false } }, DiagnosticCode.indexRemoved.rawValue, .warning, line: 10)
    }

    @Test func systemIndexRemovedWarns() {
        expectOnly(Self.check { Self.note(&$0) { $0.systemIndexes.removeAll() } }, DiagnosticCode.indexRemoved.rawValue, .warning, line: 9)
    }

    @Test func defaultChangedWarns() {
        expectOnly(Self.check { Self.field(&$0, "title") { $0.defaultValue = "Untitled" } }, DiagnosticCode.defaultChanged.rawValue, .warning, line: 10)
    }

    @Test func referenceTargetChangedWarns() {
        expectOnly(Self.check { Self.field(&$0, "folder") { $0.referenceTarget = "Notebook" } }, DiagnosticCode.referenceTargetChanged.rawValue, .warning, line: 13)
    }

    @Test func recordTypeInNewZoneWarns() {
        let diagnostics = Self.check { schema in
            schema.zones.append(Zone(name: "shared-notes", database: .private, location: Self.at(2)))
            schema.records.append(RecordType(name: "Folder", zone: "shared-notes", location: Self.at(30)))
        }
        expectOnly(diagnostics, DiagnosticCode.newZone.rawValue, .warning, line: 30)
    }
}
