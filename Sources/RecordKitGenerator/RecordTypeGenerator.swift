import RecordSchema

/// Prints the model of one record type, laid out as protoc-gen-swift lays out a message: first the struct a
/// reader of the model wants (its doc comment, `enum Field`, the stored properties; then, in an extension, the
/// initializer with defaults and `Codable`), then, under `// MARK: - RecordKit support`, an extension that adopts `RecordModel`
/// with the codecs, the two field walks they share, and `merge(ancestor:client:server:)`.
struct RecordTypeGenerator {
    let recordType: RecordType
    let fields: [FieldGenerator]
    let access: AccessLevel
    /// The zone the record type declares, nil for the default zone.
    let zone: Zone?
    private let typeName: String

    init(recordType: RecordType, schema: Schema, access: AccessLevel) {
        self.recordType = recordType
        self.access = access
        typeName = SwiftNamer.typeName(recordType.name)
        zone = recordType.zone.flatMap(schema.zone(named:))
        fields = recordType.fields.map { FieldGenerator(field: $0, schema: schema) }
    }

    func print(into printer: inout CodePrinter) {
        let a = access.prefix
        printer.docComment(recordType.doc)
        if DocText.lines(recordType.doc).count > 0 { printer.line("///") }
        printer.line("/// Record type `\(recordType.name)`, version \(recordType.version).")
        printer.block("\(a)nonisolated struct \(typeName): Swift.Hashable, Swift.Sendable, Swift.Codable {") { p in
            printFieldEnum(into: &p)
            printZoneConstant(into: &p)
            printProperties(into: &p)
        }
        printer.line()
        // The initializers live in an extension so that Swift still synthesizes the memberwise initializer, which
        // the decode walk and `init(recordID:…)` end with: it builds the model in place, no copy.
        printer.block("nonisolated extension \(typeName) {") { p in
            printMemberwiseInit(into: &p)
            printCodable(into: &p)
        }
        printer.line()
        printer.line("// MARK: - RecordKit support")
        printer.line()
        printer.block("nonisolated extension \(typeName): RecordKit.GeneratedRecordModel {") { p in
            p.line("\(a)static let recordType: Swift.String = \(SwiftNamer.stringLiteral(recordType.name))")
            p.line("\(a)static let schemaVersion: Swift.Int = \(recordType.version)")
            if recordType.deleteConflict == .deleteWins {
                p.line("\(a)static let deleteConflict: RecordKit.DeleteConflictRule = .deleteWins")
            }
            if let merge = recordType.merge, let clock = merge.clock, let stamp = merge.effectiveStamp {
                p.line("\(a)static let mergeClock: RecordKit.MergeClock? = RecordKit.MergeClock(field: \(SwiftNamer.stringLiteral(clock)), stamp: .\(stamp.rawValue))")
            }
            p.line("\(a)static let fieldOrder: RecordKit.FieldOrder<Field> = RecordKit.FieldOrder()")
            p.line()
            let walks = FieldWalkGenerator(
                recordType: recordType, fieldsInSchemaOrder: fields, keyOrderPositions: keyOrderPositions,
                decodeOrderPositions: decodeOrderPositions, access: access)
            walks.printCodecs(into: &p)
            p.line()
            walks.printWalks(into: &p)
            p.line()
            MergeGenerator(recordType: recordType, fields: fields, access: access).print(into: &p)
        }
        QueryFieldsGenerator(recordType: recordType, fields: fields, access: access).print(into: &printer)
    }

    private func printFieldEnum(into p: inout CodePrinter) {
        p.line("/// The record's field keys.")
        if fields.isEmpty {
            // Swift refuses a raw type on an enum without cases: spell the conformance out.
            p.block("\(access.prefix)nonisolated enum Field: RecordKit.RecordFieldKey {") { p in
                p.line("\(access.prefix)init?(rawValue: Swift.String) { nil }")
                p.line("\(access.prefix)var rawValue: Swift.String { switch self {} }")
            }
            p.line()
            return
        }
        p.block("\(access.prefix)nonisolated enum Field: Swift.String, RecordKit.RecordFieldKey {") { p in
            for field in fields {
                p.line("case \(field.fieldCase)" + (field.explicitRawValue.map { " = \($0)" } ?? ""))
            }
        }
        p.line()
    }

    private func printProperties(into p: inout CodePrinter) {
        for field in fields {
            p.docComment(field.field.doc)
            for note in notes(on: field) { p.line("/// " + note) }
            p.line("\(access.prefix)var \(field.property): \(field.propertyType)")
        }
        p.line("/// The record ID, system fields, fields this version does not know, and the version read.")
        p.line("\(access.prefix)var metadata: RecordKit.RecordMetadata")
    }

    /// Facts a reader of the model wants that the schema says outside `<doc>`.
    private func notes(on field: FieldGenerator) -> [String] {
        var notes: [String] = []
        if let target = field.field.referenceTarget {
            let action = field.schemaAction.map { "; a reference without an action of its own takes the schema's, `\($0.dropFirst())`" } ?? ""
            notes.append("Refers to `\(target)` records\(action).")
        }
        if field.field.isEncrypted { notes.append("Encrypted end to end (stored in the record's encrypted fields).") }
        if field.field.since > 1 {
            let absent = field.field.isList ? "`[]`" : field.field.isOptional ? "`nil`" : "`\(field.defaultExpression ?? "")`"
            notes.append("Added in version \(field.field.since): \(absent) in records of older versions.")
        }
        return notes
    }

    private func printMemberwiseInit(into p: inout CodePrinter) {
        p.line("/// Creates a new `\(recordType.name)` record; the ID defaults to a new UUID in the type's zone.")
        let zone = recordType.zone.map(SwiftNamer.stringLiteral) ?? "nil"
        var parameters = ["recordID: RecordKit.RecordID = RecordKit.RecordID.unique(inZone: \(zone))"]
        for field in fields {
            parameters.append("\(field.property): \(field.propertyType)" + (field.parameterDefault.map { " = \($0)" } ?? ""))
        }
        p.line("\(access.prefix)init(")
        p.indent()
        for (index, parameter) in parameters.enumerated() {
            p.line(parameter + (index == parameters.count - 1 ? "" : ","))
        }
        p.outdent()
        // Assigns each property rather than calling the synthesized memberwise initializer: the decode walk makes
        // that call, and one call listing every field per model is enough.
        p.block(") {") { p in
            for field in fields { p.line("self.\(CodePrinter.assignedName(field.property)) = \(field.property)") }
            p.line("self.metadata = RecordKit.RecordMetadata(recordID: recordID)")
        }
    }

    /// Each field's position (in schema order) among the fields sorted by the UTF-8 bytes of their keys, as
    /// `RecordFields` keeps them.
    var keyOrderPositions: [Int] {
        let keyOrder = fields.indices.sorted { fields[$0].field.name.utf8.lexicographicallyPrecedes(fields[$1].field.name.utf8) }
        var positions = [Int](repeating: 0, count: fields.count)
        for (position, index) in keyOrder.enumerated() { positions[index] = position }
        return positions
    }

    /// Each field's position (in schema order) in the decode walk's read order: the unencrypted fields sorted by
    /// the UTF-8 bytes of their keys, then the encrypted ones.
    var decodeOrderPositions: [Int] {
        let readOrder = fields.indices.sorted { left, right in
            let (a, b) = (fields[left].field, fields[right].field)
            if a.isEncrypted != b.isEncrypted { return !a.isEncrypted }
            return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
        }
        var positions = [Int](repeating: 0, count: fields.count)
        for (position, index) in readOrder.enumerated() { positions[index] = position }
        return positions
    }
}
