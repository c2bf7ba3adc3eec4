/// Turns the element tree of an XSD-valid schema file into the `Schema` model.
///
/// The XSD has already checked element order, required attributes and every enumerated value, so most
/// conversions here cannot fail; when one does (a hand-built tree, or an XSD edited without the builder), the
/// builder reports RK006 at the attribute and carries on. It also reports the two rules the model cannot hold:
/// a list without `of` (or `of` on a non-list, RK127) and a second `<merge>` (RK131).
///
/// On a file the XSD refused, `damage` says what it refused: such an attribute is read as absent (its default),
/// a refused `kind` or `of` as a string field whose kind the rules know to be unknown, and nothing is reported
/// twice.
struct SchemaModelBuilder {
    let locator: AttributeLocator?
    let damage: XSDDamage
    private(set) var diagnostics: [Diagnostic] = []

    init(locator: AttributeLocator?, damage: XSDDamage = XSDDamage()) {
        self.locator = locator
        self.damage = damage
    }

    mutating func schema(from root: XMLElementNode) -> Schema {
        var schema = Schema(name: root.attribute("name") ?? "", doc: doc(of: root), location: root.location)
        for child in root.children {
            switch child.name {
            case "zone":
                let database = enumValue(Zone.Database.self, "database", of: child) ?? .private
                schema.zones.append(Zone(name: child.attribute("name") ?? "", database: database, location: child.location))
            case "role":
                schema.roles.append(Role(name: child.attribute("name") ?? "", location: child.location))
            case "enum":
                schema.enums.append(enumType(from: child))
            case "record":
                schema.records.append(record(from: child))
            default:
                break
            }
        }
        return schema
    }

    // MARK: Elements

    private mutating func enumType(from node: XMLElementNode) -> EnumType {
        let cases = node.children.filter { $0.name == "case" }.map { item in
            EnumCase(name: item.attribute("name") ?? "", value: item.attribute("value") ?? "", doc: doc(of: item), location: item.location)
        }
        return EnumType(
            name: node.attribute("name") ?? "",
            kind: enumValue(EnumType.RawKind.self, "kind", of: node) ?? .int64,
            doc: doc(of: node),
            cases: cases,
            location: node.location
        )
    }

    private mutating func record(from node: XMLElementNode) -> RecordType {
        var record = RecordType(
            name: node.attribute("type") ?? "",
            doc: doc(of: node),
            version: integer("version", of: node) ?? 1,
            zone: node.attribute("zone"),
            versionField: node.attribute("versionField"),
            onNewerVersion: enumValue(RecordType.NewerVersionPolicy.self, "onNewerVersion", of: node) ?? .preserve,
            deleteConflict: enumValue(RecordType.DeleteConflict.self, "deleteConflict", of: node) ?? .editWins,
            location: node.location
        )
        for child in node.children {
            switch child.name {
            case "field":
                record.fields.append(field(from: child))
            case "retired":
                record.retired.append(RetiredField(
                    name: child.attribute("name") ?? "",
                    type: fieldType(of: child),
                    retiredIn: integer("in", of: child) ?? 1,
                    encrypted: boolean("encrypted", of: child),
                    location: child.location
                ))
            case "grant":
                let permissions = Grant.Permission.allCases.filter { boolean($0.rawValue, of: child) }
                record.grants.append(Grant(role: child.attribute("role") ?? "", permissions: permissions, location: child.location))
            case "systemIndex":
                record.systemIndexes.append(SystemFieldIndex(
                    field: child.attribute("field") ?? "",
                    isQueryable: boolean("queryable", of: child),
                    isSortable: boolean("sortable", of: child),
                    isSearchable: boolean("searchable", of: child),
                    location: child.location
                ))
            case "merge":
                if let first = record.merge {
                    report(.multipleMergeRules, at: child.location,
                           "record type '\(record.name)' has a second <merge>; the first is at line \(first.location.line): keep one")
                } else {
                    record.merge = MergeRule(
                        strategy: enumValue(MergeRule.Strategy.self, "strategy", of: child) ?? .serverWins,
                        clock: child.attribute("clock"),
                        lists: enumValue(MergeRule.ListPolicy.self, "lists", of: child) ?? .strategy,
                        stamp: enumValue(MergeRule.Stamp.self, "stamp", of: child),
                        location: child.location
                    )
                }
            default:
                break
            }
        }
        return record
    }

    private mutating func field(from node: XMLElementNode) -> Field {
        Field(
            name: node.attribute("name") ?? "",
            type: fieldType(of: node),
            doc: doc(of: node),
            representation: enumValue(Field.SwiftRepresentation.self, "as", of: node),
            enumName: node.attribute("enum"),
            referenceTarget: node.attribute("to"),
            referenceAction: enumValue(Field.ReferenceAction.self, "action", of: node),
            isOptional: boolean("optional", of: node),
            defaultValue: node.attribute("default"),
            since: integer("since", of: node) ?? 1,
            isQueryable: boolean("queryable", of: node),
            isSortable: boolean("sortable", of: node),
            isSearchable: boolean("searchable", of: node),
            isEncrypted: boolean("encrypted", of: node),
            location: node.location
        )
    }

    /// `kind` and `of` together; a list without `of` is read as a list of strings after reporting RK127.
    private mutating func fieldType(of node: XMLElementNode) -> SchemaFieldType {
        let name = node.attribute("name") ?? ""
        if damage.isDamaged("kind", of: node.location) || damage.isDamaged("of", of: node.location) {
            return .scalar(.string)
        }
        let kind = enumValue(SchemaFieldKind.self, "kind", of: node) ?? .string
        let element = enumValue(SchemaFieldKind.self, "of", of: node)
        if kind == .list {
            guard let element, element != .list else {
                report(.listElementKind, at: place("kind", of: node),
                       "list field '\(name)' does not say what it holds: add of=\"string\" (or another kind but list)")
                return .list(of: .string)
            }
            return .list(of: element)
        }
        if element != nil {
            report(.listElementKind, at: place("of", of: node),
                   "field '\(name)' is \(withArticle(kind.description)), not a list, so it takes no of=: remove it, or make the field kind=\"list\"")
        }
        return .scalar(kind)
    }

    // MARK: Attributes

    private func doc(of node: XMLElementNode) -> String? {
        guard let doc = node.children.first(where: { $0.name == "doc" }) else { return nil }
        let lines = doc.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmedXMLSpace }
        let text = lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed().joined(separator: "\n")
        return text.isEmpty ? nil : text
    }

    private func boolean(_ name: String, of node: XMLElementNode) -> Bool {
        guard let value = node.attribute(name)?.trimmedXMLSpace, !damage.isDamaged(name, of: node.location) else { return false }
        return value == "true" || value == "1"
    }

    private mutating func integer(_ name: String, of node: XMLElementNode) -> Int? {
        guard let text = node.attribute(name), !damage.isDamaged(name, of: node.location) else { return nil }
        guard let value = Int(text.trimmedXMLSpace) else {
            report(.schemaLanguageViolation, at: place(name, of: node), "\(name)=\"\(text)\" is not a whole number")
            return nil
        }
        return value
    }

    private mutating func enumValue<T: RawRepresentable>(_ type: T.Type, _ name: String, of node: XMLElementNode) -> T?
    where T.RawValue == String {
        guard let text = node.attribute(name), !damage.isDamaged(name, of: node.location) else { return nil }
        guard let value = T(rawValue: text.trimmedXMLSpace) else {
            report(.schemaLanguageViolation, at: place(name, of: node), "\(name)=\"\(text)\" is not one of the values the schema language allows")
            return nil
        }
        return value
    }

    private func place(_ attribute: String, of node: XMLElementNode) -> SourceLocation {
        locator?.location(ofAttribute: attribute, of: node.location) ?? node.location
    }

    private mutating func report(_ code: DiagnosticCode, at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(.error, message, at: location, code: code))
    }
}

extension String {
    /// Without leading and trailing XML white space (space, tab, CR, LF), as XSD's whitespace="collapse"
    /// reads attribute values. Much cheaper than Foundation's trimming, and the common case (nothing to trim)
    /// copies nothing.
    var trimmedXMLSpace: String {
        let bytes = utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return self }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
