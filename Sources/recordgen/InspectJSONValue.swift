import Foundation

/// A JSON document for `recordgen inspect --json`, printed deterministically: keys sorted by byte order,
/// two-space indentation, integers exact, non-finite doubles as the strings `nan`, `inf`, `-inf`.
indirect enum InspectJSONValue: Equatable {
    case object([String: InspectJSONValue])
    case array([InspectJSONValue])
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case null

    /// An object from members whose nil values are left out.
    static func members(_ pairs: KeyValuePairs<String, InspectJSONValue?>) -> InspectJSONValue {
        var object: [String: InspectJSONValue] = [:]
        for (key, value) in pairs {
            if let value { object[key] = value }
        }
        return .object(object)
    }

    /// A string value, or nil (a member left out) for nil.
    static func text(_ text: String?) -> InspectJSONValue? { text.map(InspectJSONValue.string) }

    /// The document as text, with a final newline.
    var printed: String {
        var out = ""
        write(to: &out, indent: "")
        out += "\n"
        return out
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case let .object(members):
            if members.isEmpty {
                out += "{}"
                return
            }
            let inner = indent + "  "
            out += "{\n"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                out += inner
                Self.writeString(key, to: &out)
                out += ": "
                members[key]?.write(to: &out, indent: inner)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case let .array(elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            let inner = indent + "  "
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += inner
                element.write(to: &out, indent: inner)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case let .string(text):
            Self.writeString(text, to: &out)
        case let .integer(value):
            out += String(value)
        case let .double(value):
            if value.isNaN {
                out += "\"nan\""
            } else if value.isInfinite {
                out += value < 0 ? "\"-inf\"" : "\"inf\""
            } else {
                out += String(value)
            }
        case let .bool(value):
            out += value ? "true" : "false"
        case .null:
            out += "null"
        }
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
