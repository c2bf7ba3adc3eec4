/// Writes a schema as `.records.xml` text in the schema language (namespace `urn:recordkit:schema:1`),
/// in the schema's own order: doc, zones, roles, enums, record types; in each record type doc, fields,
/// retired fields, merge rule, grants, system-field indexes. Attributes that hold their default are left out.
public enum RecordsXMLWriter {
    /// The XML text of `schema`; `comments` become XML comments after the root element opens (an import
    /// uses them to say where the schema came from).
    public static func write(_ schema: Schema, comments: [String] = []) -> String {
        var printer = XMLPrinter()
        printer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        printer.open("schema", [("xmlns", "urn:recordkit:schema:1"), ("name", schema.name)])
        for comment in comments { printer.comment(comment) }
        if let doc = schema.doc { printer.textElement("doc", doc) }
        for zone in schema.zones {
            printer.empty("zone", [("name", zone.name), ("database", zone.database.rawValue)])
        }
        for role in schema.roles {
            printer.empty("role", [("name", role.name)])
        }
        for enumType in schema.enums {
            printer.open("enum", [("name", enumType.name), ("kind", enumType.kind.rawValue)])
            if let doc = enumType.doc { printer.textElement("doc", doc) }
            for enumCase in enumType.cases {
                if let doc = enumCase.doc {
                    printer.open("case", [("name", enumCase.name), ("value", enumCase.value)])
                    printer.textElement("doc", doc)
                    printer.close("case")
                } else {
                    printer.empty("case", [("name", enumCase.name), ("value", enumCase.value)])
                }
            }
            printer.close("enum")
        }
        for record in schema.records {
            write(record, to: &printer)
        }
        printer.close("schema")
        return printer.text
    }

    private static func flag(_ value: Bool) -> String? { value ? "true" : nil }

    private static func write(_ record: RecordType, to printer: inout XMLPrinter) {
        printer.open("record", [
            ("type", record.name),
            ("version", String(record.version)),
            ("zone", record.zone),
            ("versionField", record.versionField),
            ("onNewerVersion", record.onNewerVersion == .preserve ? nil : record.onNewerVersion.rawValue),
            ("deleteConflict", record.deleteConflict == .editWins ? nil : record.deleteConflict.rawValue),
        ])
        if let doc = record.doc { printer.textElement("doc", doc) }
        for field in record.fields { write(field, to: &printer) }
        for retired in record.retired {
            printer.empty("retired", [("name", retired.name)] + kindAttributes(retired.type) + [
                ("in", String(retired.retiredIn)),
                ("encrypted", flag(retired.encrypted)),
            ])
        }
        if let merge = record.merge {
            printer.empty("merge", [
                ("strategy", merge.strategy.rawValue),
                ("clock", merge.clock),
                ("lists", merge.lists == .strategy ? nil : merge.lists.rawValue),
                ("stamp", merge.stamp?.rawValue),
            ])
        }
        for grant in record.grants {
            printer.empty("grant", [("role", grant.role)] + Grant.Permission.allCases.map { permission in
                (permission.rawValue, flag(grant.permissions.contains(permission)))
            })
        }
        for index in record.systemIndexes {
            printer.empty("systemIndex", [
                ("field", index.field),
                ("queryable", flag(index.isQueryable)),
                ("sortable", flag(index.isSortable)),
                ("searchable", flag(index.isSearchable)),
            ])
        }
        printer.close("record")
    }

    private static func kindAttributes(_ type: SchemaFieldType) -> XMLPrinter.Attributes {
        switch type {
        case let .scalar(kind): [("kind", kind.rawValue)]
        case let .list(element): [("kind", "list"), ("of", element.rawValue)]
        }
    }

    private static func write(_ field: Field, to printer: inout XMLPrinter) {
        let attributes: XMLPrinter.Attributes = [("name", field.name)] + kindAttributes(field.type) + [
            ("as", field.representation?.rawValue),
            ("enum", field.enumName),
            ("to", field.referenceTarget),
            ("action", field.referenceAction?.rawValue),
            ("optional", flag(field.isOptional)),
            ("default", field.defaultValue),
            ("since", field.since == 1 ? nil : String(field.since)),
            ("queryable", flag(field.isQueryable)),
            ("sortable", flag(field.isSortable)),
            ("searchable", flag(field.isSearchable)),
            ("encrypted", flag(field.isEncrypted)),
        ]
        if let doc = field.doc {
            printer.open("field", attributes)
            printer.textElement("doc", doc)
            printer.close("field")
        } else {
            printer.empty("field", attributes)
        }
    }
}
