/// Every Swift name the generator prints goes through here: keywords get backticks, and field names that would
/// collide with a generated member get a suffix.
enum SwiftNamer {
    /// Swift keywords that need backticks as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol", "some", "any",
    ]

    /// Members a generated struct declares itself or gets from `RecordModel` (`id` is `Identifiable`'s, `CodingKeys`
    /// `Codable`'s); a field with one of these names gets a `Field` suffix. (`zoneID` is static: a field may share it.)
    static let reservedStructMembers: Set<String> = [
        "metadata", "record", "recordID", "id", "ID", "recordType", "schemaVersion", "Field", "CodingKeys", "merge", "archived", "init",
        "hashValue", "hash", "self", "Self", "Type", "Protocol",
    ]

    /// Members of `enum Field` (a `RawRepresentable` and `CaseIterable` enum) a case must not shadow.
    static let reservedFieldCases: Set<String> = ["rawValue", "allCases", "hashValue", "init", "AllCases", "RawValue"]

    /// Members of a generated enum a case must not shadow.
    static let reservedEnumCases: Set<String> = ["rawValue", "knownCases", "allCases", "AllCases", "hashValue", "init", "fieldKind", "fieldValue"]

    /// An identifier, in backticks when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The Swift property name of a field.
    static func propertyName(_ fieldName: String) -> String {
        identifier(reservedStructMembers.contains(fieldName) ? fieldName + "Field" : fieldName)
    }

    /// The `enum Field` case of a field, and whether its raw value must be spelled out.
    static func fieldCase(_ fieldName: String) -> (name: String, needsRawValue: Bool) {
        reservedFieldCases.contains(fieldName) ? (fieldName + "Field", true) : (identifier(fieldName), false)
    }

    /// The name of a generated enum's case.
    static func enumCase(_ caseName: String) -> String {
        identifier(reservedEnumCases.contains(caseName) ? caseName + "Case" : caseName)
    }

    /// A type name (record types and enums are declared under their schema names).
    static func typeName(_ name: String) -> String { identifier(name) }

    /// A Swift string literal holding `text`.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
