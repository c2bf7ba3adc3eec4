/// Compares the schema about to ship with the one deployed, and reports, at the new schema's locations,
/// every change that breaks CloudKit's production rules (CloudKit never deletes a deployed type or field,
/// nor changes a field's type) or RecordKit's version rules (old records must still decode; old apps must
/// still read new records).
///
/// Against a `.ckdb` baseline only what a .ckdb says is compared: types, fields, kinds, encryption, indexes.
public enum CompatibilityChecker {
    /// Every finding, sorted; errors are breaking changes.
    public static func check(_ candidate: Schema, against baseline: SchemaBaseline) -> [Diagnostic] {
        var run = CompatibilityRun(candidate: candidate, baseline: baseline)
        run.checkRecordTypes()
        if baseline.format == .recordsXML {
            run.checkEnums()
        }
        return run.diagnostics.sorted()
    }
}

/// One comparison, collecting diagnostics.
struct CompatibilityRun {
    let candidate: Schema
    let baseline: SchemaBaseline
    var diagnostics: [Diagnostic] = []

    init(candidate: Schema, baseline: SchemaBaseline) {
        self.candidate = candidate
        self.baseline = baseline
    }

    var isFullBaseline: Bool { baseline.format == .recordsXML }

    mutating func error(_ message: String, at location: SourceLocation, _ code: DiagnosticCode) {
        diagnostics.append(Diagnostic(.error, message, at: location, code: code))
    }

    mutating func warning(_ message: String, at location: SourceLocation, _ code: DiagnosticCode) {
        diagnostics.append(Diagnostic(.warning, message, at: location, code: code))
    }

    mutating func checkRecordTypes() {
        for old in baseline.schema.records {
            guard let new = candidate.record(named: old.name) else {
                // Every CloudKit container has a Users type; a .records.xml need not declare it.
                if baseline.format == .ckdb, old.name == "Users" { continue }
                error("record type '\(old.name)' (deployed at \(old.location)) was removed: CloudKit never deletes a deployed record type; keep it in the schema",
                      at: candidate.location, DiagnosticCode.recordTypeRemoved)
                continue
            }
            checkRecordType(old: old, new: new)
        }
        for new in candidate.records where baseline.schema.record(named: new.name) == nil {
            checkAddedRecordType(new)
        }
    }

    private mutating func checkAddedRecordType(_ new: RecordType) {
        guard isFullBaseline, let zone = new.zone, baseline.schema.zone(named: zone) == nil else { return }
        warning("new record type '\(new.name)' lives in zone '\(zone)', which the deployed schema does not have: the app must create the zone before saving records there",
                at: new.location, DiagnosticCode.newZone)
    }

    private mutating func checkRecordType(old: RecordType, new: RecordType) {
        if isFullBaseline {
            if new.version < old.version {
                error("version of '\(new.name)' went down from \(old.version) to \(new.version): deployed records carry version \(old.version); versions only go up",
                      at: new.location, DiagnosticCode.versionLowered)
            }
            if let oldField = old.versionField, new.versionField != oldField {
                let now = new.versionField.map { "renamed to '\($0)'" } ?? "removed"
                error("version field '\(oldField)' of '\(new.name)' was \(now): deployed records store their version under '\(oldField)'; keep that name",
                      at: new.location, DiagnosticCode.versionFieldChanged)
            }
        }
        let oldSlots = FieldSlot.slots(of: old)
        let newSlots = FieldSlot.slots(of: new)
        for name in FieldSlot.sortedNames(oldSlots) {
            guard let oldSlot = oldSlots[name] else { continue }
            guard let newSlot = newSlots[name] else {
                // A renamed or removed version field is reported once, above.
                if case .versionField = oldSlot.role { continue }
                reportRemoved(oldSlot, in: new)
                continue
            }
            compare(oldSlot, newSlot, in: new)
        }
        if isFullBaseline {
            for name in FieldSlot.sortedNames(newSlots) where oldSlots[name] == nil {
                if let field = newSlots[name]?.field { checkAddedField(field, old: old, new: new) }
            }
        }
        checkSystemIndexes(old: old, new: new)
    }

    private mutating func reportRemoved(_ old: FieldSlot, in new: RecordType) {
        let kindAttributes = old.type.kind == .list
            ? "kind=\"list\" of=\"\(old.type.valueKind)\"" : "kind=\"\(old.type.kind)\""
        if old.isRetired {
            error("retired field '\(old.name)' of '\(new.name)' (deployed at \(old.location)) was dropped: its name must stay reserved and exported; keep the <retired> element",
                  at: new.location, DiagnosticCode.fieldRemoved)
        } else {
            // Retiring takes a new version: `in` is the first version without the field.
            let retiredIn = max(new.version, deployedVersion(of: new.name) + 1)
            let raise = new.version < retiredIn ? " and raise version to \(retiredIn)" : ""
            let encrypted = old.encrypted ? " encrypted=\"true\"" : ""
            error("field '\(old.name)' of '\(new.name)' (deployed as \(old.typeText) at \(old.location)) was removed: CloudKit never deletes a deployed field; retire it with <retired name=\"\(old.name)\" \(kindAttributes) in=\"\(retiredIn)\"\(encrypted)/>\(raise)",
                  at: new.location, DiagnosticCode.fieldRemoved)
        }
    }

    /// The deployed version of a record type (1 for a .ckdb baseline, which has no versions).
    private func deployedVersion(of type: String) -> Int {
        baseline.schema.record(named: type)?.version ?? 1
    }

    private mutating func compare(_ old: FieldSlot, _ new: FieldSlot, in record: RecordType) {
        if old.type != new.type {
            let code = old.isRetired || new.isRetired ? DiagnosticCode.retiredNameReused : DiagnosticCode.kindChanged
            let what = old.isRetired ? "retired name '\(old.name)'" : "field '\(old.name)'"
            error("\(what) of '\(record.name)' was deployed as \(old.type) (at \(old.location)) and is now \(new.isRetired ? "retired as " : "")\(new.type): CloudKit never changes a deployed field's type; use a new field name",
                  at: new.location, code)
        }
        if old.encrypted != new.encrypted {
            error("field '\(old.name)' of '\(record.name)' was deployed \(old.encrypted ? "encrypted" : "unencrypted") (at \(old.location)) and is now \(new.encrypted ? "encrypted" : "unencrypted"): CloudKit cannot change a deployed field's encryption; use a new field name",
                  at: new.location, DiagnosticCode.encryptionChanged)
        }
        // After a type change, index differences are noise.
        guard old.type == new.type, let oldField = old.field, let newField = new.field else { return }
        checkIndexes(removedFrom: newField.name, in: record,
                     old: (oldField.isQueryable, oldField.isSortable, oldField.isSearchable),
                     new: (newField.isQueryable, newField.isSortable, newField.isSearchable), at: newField.location)
        guard isFullBaseline else { return }
        compareVersioned(oldField, newField, in: record)
    }
}
