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

    /// `var title: Swift.String? = nil`: the field's local in the decode walk, nil until the source holds it.
    var localDeclaration: String {
        "var \(property): \(field.isOptional && !field.isList ? propertyType : propertyType + "?") = nil"
    }

    /// `case .title: title = try _source.read(.title)`: the field's case in the decode walk's `switch`.
    var readCase: String {
        let action = schemaAction.map { ", schemaAction: \($0)" } ?? ""
        let method = field.isList ? "readList" : field.isOptional ? "readOptional" : "read"
        return "case .\(fieldCase): \(property) = try _source.\(method)(.\(fieldCase)\(action))"
    }

    /// `_source.value(title, .title, default: "")`: the field's argument to the memberwise initializer at the end
    /// of the decode walk, where an absent field takes its default, nil or an empty list, or is missing.
    var resolvedLocal: String {
        if field.isList { return "_source.list(\(property), .\(fieldCase))" }
        if field.isOptional { return property }
        if let defaultExpression { return "_source.value(\(property), .\(fieldCase), default: \(defaultExpression))" }
        return "_source.required(\(property), .\(fieldCase))"
    }

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
