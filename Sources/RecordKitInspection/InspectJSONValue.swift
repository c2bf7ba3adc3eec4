import Foundation
@_spi(RecordKitTools) import RecordKit

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

    /// The document as text, with a final newline, printed by RecordKit's JSON writer.
    var printed: String {
        var writer = JSONWriter(indentation: 2)
        write(to: &writer)
        return writer.text + "\n"
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case let .object(members):
            writer.beginObject()
            for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.key(key)
                members[key]?.write(to: &writer)
            }
            writer.endObject()
        case let .array(elements):
            writer.beginArray()
            for element in elements {
                writer.element()
                element.write(to: &writer)
            }
            writer.endArray()
        case let .string(text):
            writer.string(text)
        case let .integer(value):
            writer.int64(value)
        case let .double(value):
            // JSON has no NaN or infinity: they are written as strings.
            if value.isNaN {
                writer.string("nan")
            } else if value.isInfinite {
                writer.string(value < 0 ? "-inf" : "inf")
            } else {
                writer.double(value)
            }
        case let .bool(value):
            writer.bool(value)
        case .null:
            writer.null()
        }
    }
}
