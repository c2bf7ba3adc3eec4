/// Rules about the schema as a whole: names that must be unique, enums and their cases.
extension ValidationContext {
    mutating func checkSchema() {
        checkName(schema.name, of: "schema", at: place("name", of: schema.location))
        checkZonesAndRoles()
        checkEnums()
        var firstRecord: [String: RecordType] = [:]
        for record in schema.records {
            let at = place("type", of: record.location)
            checkName(record.name, of: "record type", at: at)
            if let first = firstRecord[record.name] {
                error(.duplicateRecordType, at: at,
                      "record type '\(record.name)' is declared twice (first at line \(first.location.line)): rename or remove one")
            } else {
                firstRecord[record.name] = record
            }
            checkRecord(record)
        }
        checkSwiftTypeNames()
    }

    /// RK129: zone and role names are unique; a role may not take a built-in role's name.
    private mutating func checkZonesAndRoles() {
        var zones: [String: Zone] = [:]
        for zone in schema.zones {
            if let first = zones[zone.name] {
                error(.duplicateZoneOrRole, at: place("name", of: zone.location),
                      "zone '\(zone.name)' is declared twice (first at line \(first.location.line)): remove one")
            } else {
                zones[zone.name] = zone
            }
        }
        var roles: [String: Role] = [:]
        for role in schema.roles {
            let at = place("name", of: role.location)
            if NameRules.builtInRoles.contains(role.name) {
                error(.duplicateZoneOrRole, at: at, "role '\(role.name)' is built in: remove its declaration")
            } else if let first = roles[role.name] {
                error(.duplicateZoneOrRole, at: at,
                      "role '\(role.name)' is declared twice (first at line \(first.location.line)): remove one")
            } else {
                roles[role.name] = role
                checkName(role.name, of: "role", at: at)
            }
        }
    }

    /// RK102, RK104, RK124, RK125: enums have unique names (also against record types), valid case names,
    /// and unique, well-typed raw values.
    private mutating func checkEnums() {
        var firstEnum: [String: EnumType] = [:]
        for enumType in schema.enums {
            let at = place("name", of: enumType.location)
            checkName(enumType.name, of: "enum", at: at)
            if let first = firstEnum[enumType.name] {
                error(.duplicateEnum, at: at,
                      "enum '\(enumType.name)' is declared twice (first at line \(first.location.line)): rename or remove one")
            } else if let record = recordsByName[enumType.name] {
                error(.duplicateEnum, at: at,
                      "enum '\(enumType.name)' has the name of the record type at line \(record.location.line); both become Swift types: rename one")
            } else {
                firstEnum[enumType.name] = enumType
            }
            checkCases(of: enumType)
        }
    }

    private mutating func checkCases(of enumType: EnumType) {
        var names: [String: EnumCase] = [:]
        var values: [String: EnumCase] = [:]
        for item in enumType.cases {
            let nameAt = place("name", of: item.location)
            checkName(item.name, of: "enum case", at: nameAt)
            if let first = names[item.name] {
                error(.duplicateEnumCase, at: nameAt,
                      "enum '\(enumType.name)' has case '\(item.name)' twice (first at line \(first.location.line)): rename one")
            } else {
                names[item.name] = item
            }
            let valueAt = place("value", of: item.location)
            var key = item.value
            if enumType.kind == .int64, !hasUnknownKind(enumType) {
                guard let number = Int64(item.value) else {
                    error(.invalidEnumCaseValue, at: valueAt,
                          "case '\(item.name)' of int64 enum '\(enumType.name)' has value \"\(item.value)\", which is not a 64-bit integer: write a whole number such as 0")
                    continue
                }
                key = String(number)
            }
            if let first = values[key] {
                error(.duplicateEnumCase, at: valueAt,
                      "cases '\(first.name)' and '\(item.name)' of enum '\(enumType.name)' share the value \"\(item.value)\": give each case its own value")
            } else {
                values[key] = item
            }
        }
    }
}
