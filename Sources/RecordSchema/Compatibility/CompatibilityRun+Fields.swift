import Foundation

/// The version rules for fields, and index checks.
extension CompatibilityRun {
    mutating func compareVersioned(_ old: Field, _ new: Field, in record: RecordType) {
        if old.since != new.since {
            error("since of field '\(new.name)' of '\(record.name)' changed from \(old.since) to \(new.since): records written at versions in between would be misread; keep since=\"\(old.since)\"",
                  at: new.location, DiagnosticCode.sinceChanged)
        }
        if !old.isRequired, new.isRequired {
            error("field '\(new.name)' of '\(record.name)' became required without a default: deployed records that lack it will no longer decode; add a default or keep it optional",
                  at: new.location, DiagnosticCode.becameRequired)
        }
        if old.defaultValue != new.defaultValue {
            warning("default of field '\(new.name)' of '\(record.name)' changed from \(describe(old.defaultValue)) to \(describe(new.defaultValue)): records that lack the field now read differently on old and new app versions",
                    at: new.location, DiagnosticCode.defaultChanged)
        }
        if old.referenceTarget != new.referenceTarget {
            warning("reference field '\(new.name)' of '\(record.name)' now points at \(describe(new.referenceTarget)) instead of \(describe(old.referenceTarget)): deployed records still point at the old type",
                    at: new.location, DiagnosticCode.referenceTargetChanged)
        }
    }

    private func describe(_ value: String?) -> String { value.map { "'\($0)'" } ?? "none" }

    mutating func checkAddedField(_ field: Field, old: RecordType, new: RecordType) {
        if new.version <= old.version {
            error("field '\(field.name)' was added to '\(new.name)' without raising its version (still \(new.version)): raise version to \(old.version + 1) and set since=\"\(old.version + 1)\" on the new field",
                  at: field.location, DiagnosticCode.fieldAddedWithoutVersion)
        } else if field.since <= old.version {
            error("new field '\(field.name)' of '\(new.name)' has since=\"\(field.since)\", a version already deployed: set since=\"\(new.version)\", the new version",
                  at: field.location, DiagnosticCode.fieldAddedWithoutVersion)
        }
        if field.isRequired {
            error("new field '\(field.name)' of '\(new.name)' is required without a default: records written by deployed versions lack it and will not decode; add a default or make it optional",
                  at: field.location, DiagnosticCode.requiredWithoutDefault)
        }
    }

    mutating func checkIndexes(
        removedFrom name: String, in record: RecordType,
        old: (queryable: Bool, sortable: Bool, searchable: Bool),
        new: (queryable: Bool, sortable: Bool, searchable: Bool),
        at location: SourceLocation
    ) {
        var lost: [String] = []
        if old.queryable, !new.queryable { lost.append("queryable") }
        if old.searchable, !new.searchable { lost.append("searchable") }
        if old.sortable, !new.sortable { lost.append("sortable") }
        guard !lost.isEmpty else { return }
        warning("index removed from '\(name)' of '\(record.name)' (\(lost.joined(separator: ", "))): queries and subscriptions deployed apps make on it will fail",
                at: location, DiagnosticCode.indexRemoved)
    }

    mutating func checkSystemIndexes(old: RecordType, new: RecordType) {
        for oldIndex in old.systemIndexes {
            let newIndex = new.systemIndexes.first { $0.field == oldIndex.field }
            checkIndexes(
                removedFrom: oldIndex.field, in: new,
                old: (oldIndex.isQueryable, oldIndex.isSortable, oldIndex.isSearchable),
                new: (newIndex?.isQueryable ?? false, newIndex?.isSortable ?? false, newIndex?.isSearchable ?? false),
                at: newIndex?.location ?? new.location)
        }
    }

    mutating func checkEnums() {
        for old in baseline.schema.enums {
            guard let new = candidate.enumType(named: old.name) else { continue }
            for oldCase in old.cases {
                if let newCase = new.enumCase(named: oldCase.name) {
                    if !sameRawValue(oldCase.value, newCase.value, kind: new.kind) {
                        error("raw value of case '\(oldCase.name)' of enum '\(new.name)' changed from '\(oldCase.value)' to '\(newCase.value)': deployed records store the raw value; keep '\(oldCase.value)'",
                              at: newCase.location, DiagnosticCode.enumValueChanged)
                    }
                } else if !new.cases.contains(where: { sameRawValue($0.value, oldCase.value, kind: new.kind) }) {
                    error("case '\(oldCase.name)' (raw value '\(oldCase.value)') was removed from enum '\(new.name)': deployed records may hold it; keep the case",
                          at: new.location, DiagnosticCode.enumCaseRemoved)
                }
            }
        }
    }

    /// Raw values compare as numbers for int64 enums (`01` is `1`), as text otherwise.
    private func sameRawValue(_ a: String, _ b: String, kind: EnumType.RawKind) -> Bool {
        if kind == .int64, let x = Int64(a.trimmingCharacters(in: .whitespaces)), let y = Int64(b.trimmingCharacters(in: .whitespaces)) {
            return x == y
        }
        return a == b
    }
}
