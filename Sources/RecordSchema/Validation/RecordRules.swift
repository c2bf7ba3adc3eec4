/// Rules about one record type: its zone, version field, fields, retired fields, merge rule and grants.
extension ValidationContext {
    mutating func checkRecord(_ record: RecordType) {
        checkZone(of: record)
        checkVersionField(of: record)
        var firstField: [String: Field] = [:]
        for field in record.fields {
            if let first = firstField[field.name] {
                error(.duplicateField, at: place("name", of: field.location),
                      "record type '\(record.name)' declares field '\(field.name)' twice (first at line \(first.location.line)): rename or remove one")
            } else {
                firstField[field.name] = field
            }
            checkField(field, in: record)
        }
        checkRetired(of: record, fields: firstField)
        if let merge = record.merge { checkMerge(merge, of: record, fields: firstField) }
        checkGrants(of: record)
    }

    /// RK123: a record type's zone is declared (or is the default zone).
    private mutating func checkZone(of record: RecordType) {
        guard let zone = record.zone, zone != NameRules.defaultZone, schema.zone(named: zone) == nil else { return }
        let declared = schema.zones.map(\.name)
        let hint = declared.isEmpty ? "declare it with <zone name=\"\(zone)\" database=\"private\"/>"
            : "declare it, or use one of: \(declared.joined(separator: ", "))"
        error(.unknownZone, at: place("zone", of: record.location),
              "record type '\(record.name)' is in zone '\(zone)', which the schema does not declare: \(hint)")
    }

    /// RK104-RK106, RK119, RK130: the version field is a storable name that no field uses; `reject` needs one.
    private mutating func checkVersionField(of record: RecordType) {
        guard let versionField = record.versionField else {
            if record.onNewerVersion == .reject {
                error(.rejectNeedsVersionField, at: place("onNewerVersion", of: record.location),
                      "record type '\(record.name)' rejects newer versions but has no versionField to read the version from: add versionField=\"version\"")
            }
            return
        }
        let at = place("versionField", of: record.location)
        checkFieldName(versionField, of: "version field", at: at)
        if let field = record.field(named: versionField) {
            error(.versionFieldCollision, at: at,
                  "versionField '\(versionField)' is also the field at line \(field.location.line); the version is written there: remove that <field> if it holds the version (RecordKit reads and writes it), or name another versionField")
        } else if let retired = record.retired.first(where: { $0.name == versionField }) {
            error(.versionFieldCollision, at: at,
                  "versionField '\(versionField)' is also the retired field at line \(retired.location.line), whose old values would be read as versions: choose another name")
        }
    }

    /// RK104-RK106, RK121, RK128: retired names are storable, not fields, retired once, in 2...version.
    private mutating func checkRetired(of record: RecordType, fields: [String: Field]) {
        var firstRetired: [String: RetiredField] = [:]
        for retired in record.retired {
            let nameAt = place("name", of: retired.location)
            checkFieldName(retired.name, of: "retired field", at: nameAt)
            if let field = fields[retired.name] {
                error(.retiredNameInUse, at: nameAt,
                      "'\(retired.name)' is retired but is also the field at line \(field.location.line): remove the <retired> or the <field>")
            } else if let first = firstRetired[retired.name] {
                error(.retiredNameInUse, at: nameAt,
                      "'\(retired.name)' is retired twice (first at line \(first.location.line)): keep one <retired>")
            } else {
                firstRetired[retired.name] = retired
            }
            let inIsKnown = !hasUnknownVersion(record) && !damage.isDamaged("in", of: retired.location)
            if inIsKnown, retired.retiredIn < 2 || retired.retiredIn > record.version {
                let range = record.version >= 2 ? "2...\(record.version)" : "none: record type '\(record.name)' is at version 1, so nothing can be retired yet"
                error(.retiredVersionOutOfRange, at: place("in", of: retired.location),
                      "'\(retired.name)' is retired in version \(retired.retiredIn), outside the versions a field can be retired in (\(range)): set in= to the version that dropped it")
            }
        }
    }

    /// RK120: last writer wins needs a clock, and the clock is a timestamp field of the record type.
    private mutating func checkMerge(_ merge: MergeRule, of record: RecordType, fields: [String: Field]) {
        // A strategy or clock the XSD refused leaves nothing sure to check.
        if damage.isDamaged(merge.location) { return }
        guard let clock = merge.clock else {
            if merge.stamp != nil {
                error(.invalidMergeClock, at: place("stamp", of: merge.location),
                      "stamp says who sets the merge clock, and '\(record.name)' has none: add clock=\"…\" naming a timestamp field, or remove stamp")
            }
            if merge.strategy == .lastWriterWins {
                error(.invalidMergeClock, at: merge.location,
                      "last writer wins needs a clock: add clock=\"…\" naming a timestamp field of '\(record.name)'")
            }
            return
        }
        let at = place("clock", of: merge.location)
        guard merge.strategy == .lastWriterWins else {
            warning(.invalidMergeClock, at: at, "clock is used only by lastWriterWins; \(merge.strategy.rawValue) ignores it: remove it")
            if merge.stamp != nil {
                warning(.invalidMergeClock, at: place("stamp", of: merge.location),
                        "stamp is used only with a lastWriterWins clock; \(merge.strategy.rawValue) ignores it: remove it")
            }
            return
        }
        guard let field = fields[clock] else {
            let timestamps = record.fields.filter { $0.type == .scalar(.timestamp) }.map(\.name)
            let hint = timestamps.isEmpty ? "add a timestamp field to be the clock" : "use one of: \(timestamps.joined(separator: ", "))"
            error(.invalidMergeClock, at: at, "merge clock '\(clock)' is not a field of '\(record.name)': \(hint)")
            return
        }
        if field.type != .scalar(.timestamp), !hasUnknownKind(field) {
            error(.invalidMergeClock, at: at,
                  "merge clock '\(clock)' is \(withArticle(field.type.kind.description)) field; the clock must be a timestamp field")
        }
    }

    /// RK122: every grant names a declared or built-in role.
    private mutating func checkGrants(of record: RecordType) {
        for grant in record.grants
        where !NameRules.builtInRoles.contains(grant.role) && !schema.roles.contains(where: { $0.name == grant.role }) {
            error(.unknownRole, at: place("role", of: grant.location),
                  "grant names role '\(grant.role)', which is neither declared nor built in (_creator, _icloud, _world): add <role name=\"\(grant.role)\"/> to the schema")
        }
    }
}
