import RecordSchema

/// Everything the generator prints about one field: its Swift type, its default, and the statements that read,
/// write and merge it.
struct FieldGenerator {
    let field: Field
    /// The Swift property name, escaped.
    let property: String
    /// The `enum Field` case, escaped.
    let fieldCase: String
    /// The case's explicit raw value, when the case name differs from the key.
    let explicitRawValue: String?
    /// The Swift type of one value (the element type for lists).
    let valueType: String
    /// The default value's Swift expression, for defaulted fields.
    let defaultExpression: String?

    init(field: Field, schema: Schema) {
        self.field = field
        property = SwiftNamer.propertyName(field.name)
        let caseName = SwiftNamer.fieldCase(field.name)
        fieldCase = caseName.name
        explicitRawValue = caseName.needsRawValue ? SwiftNamer.stringLiteral(field.name) : nil
        valueType = Self.valueType(of: field)
        if let text = field.defaultValue, !field.isList {
            defaultExpression = DefaultLiteral.expression(for: text, field: field, schema: schema)
        } else {
            defaultExpression = nil
        }
    }

    /// The property's full Swift type.
    var propertyType: String {
        if field.isList { return "[\(valueType)]" }
        return field.isOptional ? valueType + "?" : valueType
    }

    /// The memberwise initializer's default argument, if the parameter may be left out.
    var parameterDefault: String? {
        if field.isList { return "[]" }
        if field.isOptional { return "nil" }
        return defaultExpression
    }

    /// `var title_: Swift.String? = nil`: the field's local in the decode walk, set by its case of the walk's
    /// `switch` (an optional field's local is the property's type: nil is what the read gives for an absent field).
    var localDeclaration: String {
        "var \(local): \(field.isOptional && !field.isList ? propertyType : propertyType + "?") = nil"
    }

    /// `title_`: the field's local in the decode walk: never a keyword in backticks, and apart from the walk's own
    /// names (`_source`, `_readField`, `metadata`), which end otherwise.
    var local: String { property.replacingOccurrences(of: "`", with: "") + "_" }

    /// `title_ = try _source.value(.title, default: "")`: the field's read in the decode walk's `switch`, which
    /// reads every field into its local and then builds the model with the memberwise initializer.
    var readStatement: String {
        let target = local
        let action = schemaAction.map { ", schemaAction: \($0)" } ?? ""
        if field.isList { return "\(target) = try _source.list(.\(fieldCase)\(action))" }
        if field.isOptional { return "\(target) = try _source.optional(.\(fieldCase)\(action))" }
        if let defaultExpression { return "\(target) = try _source.value(.\(fieldCase), default: \(defaultExpression))" }
        return "\(target) = try _source.required(.\(fieldCase)\(action))"
    }

    /// `_source.walked(title_, .title)`: the field's argument to the memberwise initializer at the end of the
    /// decode walk.
    var walkedLocal: String {
        passesLocalAsIs ? local : "_source.walked(\(local), .\(fieldCase))"
    }

    /// An optional scalar's local is its value, nil when the source does not hold it; every other field goes through
    /// the throwing `walked(_:_:)`.
    var passesLocalAsIs: Bool { field.isOptional && !field.isList }

    /// `sink.set(.title, self.title)`: the field's line in the field walk.
    var writeStatement: String {
        let method = field.isList ? "setList" : "set"
        if let schemaAction { return "sink.\(method)(.\(fieldCase), self.\(property), schemaAction: \(schemaAction))" }
        let encrypted = field.isEncrypted ? ", encrypted: true" : ""
        return "sink.\(method)(.\(fieldCase), self.\(property)\(encrypted))"
    }

    /// `merged.title = merger.merge(ancestor.map { $0.title }, client.title, server.title)`.
    func mergeStatement(unionLists: Bool) -> String {
        let method = field.isList && unionLists ? "mergeUnion" : "merge"
        return "merged.\(property) = merger.\(method)(ancestor.map { $0.\(property) }, client.\(property), server.\(property))"
    }

    /// Validation has checked that the enum exists (RK115) and that no list holds lists (RK127).
    private static func valueType(of field: Field) -> String {
        if let enumName = field.enumName {
            return SwiftNamer.typeName(enumName)
        }
        switch field.type.valueKind {
        case .string:
            switch field.representation {
            case .uuid: return "Foundation.UUID"
            case .url: return "Foundation.URL"
            default: return "Swift.String"
            }
        case .int64:
            switch field.representation {
            case .int: return "Swift.Int"
            case .bool: return "Swift.Bool"
            default: return "Swift.Int64"
            }
        case .double: return "Swift.Double"
        case .timestamp: return "Foundation.Date"
        case .bytes: return "Foundation.Data"
        case .asset: return "RecordKit.Asset"
        case .reference:
            // A reference whose schema names its target is typed by it (RecordTypeGenerator+References).
            if let target = field.referenceTarget { return "RecordKit.RecordReference<\(SwiftNamer.typeName(target))>" }
            return "RecordKit.Reference"
        case .location: return "RecordKit.Location"
        case .list: return "[RecordKit.FieldValue]"  // Unreachable: RK127 refuses lists of lists.
        }
    }
}

extension Field {
    var isList: Bool {
        if case .list = type { return true }
        return false
    }
}
