import RecordSchema

/// Prints a model's typed query fields: `extension Book: RecordKit.QueryableRecordModel` with a `Fields`
/// namespace holding one `RecordKit.QueryField<Book, Value>` per field a query can name (every field but assets,
/// lists of assets and encrypted fields, which CloudKit never indexes), typed by the Swift type of one value and
/// carrying the indexes the schema declares, then the three system fields (`recordName`, `creationDate`,
/// `modificationDate`) with the indexes of the schema's `<systemIndex>` elements; and, for the local store's
/// queryable tables, `fieldDescriptors`: every field with its type, indexes and reference target
/// (`RecordKit.ProjectableRecordModel`).
///
/// Its own emitter, printed after the `RecordModel` extension, so the other emitters stay as they are.
struct QueryFieldsGenerator {
    let recordType: RecordType
    let fields: [FieldGenerator]
    let access: AccessLevel

    func print(into printer: inout CodePrinter) {
        let a = access.prefix
        let model = SwiftNamer.typeName(recordType.name)
        printer.line()
        printer.line("// MARK: - Query fields")
        printer.line()
        printer.block("nonisolated extension \(model): RecordKit.QueryableRecordModel, RecordKit.ProjectableRecordModel {") { p in
            p.line("/// The fields queries can name, typed by their values, with the indexes the schema declares.")
            p.block("\(a)nonisolated enum Fields {") { p in
                for field in fields where Self.isQueryable(field.field) {
                    let value = field.field.isList ? "[\(field.valueType)]" : field.valueType
                    p.line("/// `\(field.field.name)`, \(field.field.type): \(Self.describe(field.field.isQueryable, field.field.isSortable, field.field.isSearchable)).")
                    p.line("\(a)static let \(field.property) = RecordKit.QueryField<\(model), \(value)>("
                        + "\(SwiftNamer.stringLiteral(field.field.name)), indexes: \(Self.indexes(field.field.isQueryable, field.field.isSortable, field.field.isSearchable)))")
                }
                for system in Self.systemFields {
                    let index = recordType.systemIndexes.first { $0.field == system.schemaName }
                    let flags = (index?.isQueryable ?? false, index?.isSortable ?? false, index?.isSearchable ?? false)
                    p.line("/// \(system.doc) (`\(system.schemaName)`): \(Self.describe(flags.0, flags.1, flags.2)).")
                    p.line("\(a)static let \(system.property) = RecordKit.QueryField<\(model), \(system.valueType)>"
                        + ".\(system.property)(indexes: \(Self.indexes(flags.0, flags.1, flags.2)))")
                }
            }
            p.line()
            p.line("\(a)static var recordNameQueryField: RecordKit.QueryField<\(model), RecordKit.RecordID> { Fields.recordName }")
            p.line("\(a)static var modificationDateQueryField: RecordKit.QueryField<\(model), Foundation.Date> { Fields.modificationDate }")
            p.line()
            p.line("/// Every field, with its type and indexes, for the local store's queryable tables.")
            if fields.isEmpty {
                p.line("\(a)static let fieldDescriptors: [RecordKit.RecordFieldDescriptor] = []")
            } else {
                p.block("\(a)static let fieldDescriptors: [RecordKit.RecordFieldDescriptor] = [", closing: "]") { p in
                    for field in fields { p.line(Self.descriptor(field.field) + ",") }
                }
            }
        }
    }

    /// `RecordKit.RecordFieldDescriptor("title", .scalar(.string), indexes: [.queryable])`.
    private static func descriptor(_ field: Field) -> String {
        let kind = field.type.valueKind.rawValue
        var text = "RecordKit.RecordFieldDescriptor(\(SwiftNamer.stringLiteral(field.name)), "
            + (field.isList ? ".list(of: .\(kind))" : ".scalar(.\(kind))")
        if field.hasIndex { text += ", indexes: " + indexes(field.isQueryable, field.isSortable, field.isSearchable) }
        if let target = field.referenceTarget { text += ", referenceTarget: \(SwiftNamer.stringLiteral(target))" }
        if field.isEncrypted { text += ", isEncrypted: true" }
        return text + ")"
    }

    /// Whether a query may name the field at all: CloudKit indexes no asset and no encrypted field.
    static func isQueryable(_ field: Field) -> Bool {
        field.type.valueKind != .asset && !field.isEncrypted
    }

    private static let systemFields: [(property: String, schemaName: String, valueType: String, doc: String)] = [
        ("recordName", "___recordID", "RecordKit.RecordID", "The record's ID"),
        ("creationDate", "___createTime", "Foundation.Date", "When the record was first saved"),
        ("modificationDate", "___modTime", "Foundation.Date", "When the record was last saved"),
    ]

    private static func indexes(_ queryable: Bool, _ sortable: Bool, _ searchable: Bool) -> String {
        let names = [(queryable, ".queryable"), (sortable, ".sortable"), (searchable, ".searchable")].filter(\.0).map(\.1)
        return "[" + names.joined(separator: ", ") + "]"
    }

    private static func describe(_ queryable: Bool, _ sortable: Bool, _ searchable: Bool) -> String {
        let names = [(queryable, "queryable"), (sortable, "sortable"), (searchable, "searchable")].filter(\.0).map(\.1)
        return names.isEmpty ? "no index" : names.joined(separator: ", ")
    }
}
