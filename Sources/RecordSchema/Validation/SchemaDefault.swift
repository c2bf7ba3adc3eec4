import Foundation

/// A field's `default=` parsed against its kind, shared by validation (RK117, RK118) and the generator.
public enum SchemaDefault: Sendable, Hashable {
    /// A string (also for `as="uuid"` and `as="url"`, whose text has been checked).
    case string(String)
    /// An int64 (also for `as="int"`).
    case int64(Int64)
    /// A finite double.
    case double(Double)
    /// A timestamp written in ISO 8601 (`2024-05-01T12:00:00Z`, fractional seconds allowed).
    case timestamp(Date)
    /// Bytes written in base64.
    case bytes(Data)
    /// `true` or `false`, for an int64 field read `as="bool"`.
    case bool(Bool)
    /// The name of a case of the field's enum.
    case enumCase(String)

    /// Why a default does not parse.
    public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Fields of this kind take no default (asset, reference, location, list).
        case notAllowed(SchemaFieldType)
        /// The text is not a value of the kind; `expected` says what would be.
        case invalid(text: String, expected: String)
        /// The text names no case of the enum.
        case unknownCase(text: String, enumName: String, cases: [String])

        public var description: String {
            switch self {
            case let .notAllowed(type):
                "a \(Self.kindName(type)) field takes no default"
            case let .invalid(text, expected):
                "default \"\(text)\" is not \(expected)"
            case let .unknownCase(text, enumName, cases):
                "default \"\(text)\" is not a case of enum \(enumName) (its cases: \(cases.joined(separator: ", ")))"
            }
        }

        private static func kindName(_ type: SchemaFieldType) -> String {
            switch type {
            case let .scalar(kind): kind.rawValue
            case let .list(element): "list of \(element.rawValue)"
            }
        }
    }

    /// Parses `text` as the default of `field`; `enumType` is the field's enum, when it names one.
    public static func parse(_ text: String, for field: Field, enumType: EnumType? = nil) throws(ParseError) -> SchemaDefault {
        guard case let .scalar(kind) = field.type, ![.asset, .reference, .location].contains(kind) else {
            throw .notAllowed(field.type)
        }
        if let enumType {
            guard enumType.enumCase(named: text) != nil else {
                throw .unknownCase(text: text, enumName: enumType.name, cases: enumType.cases.map(\.name))
            }
            return .enumCase(text)
        }
        switch (kind, field.representation) {
        case (.string, .uuid?):
            guard UUID(uuidString: text) != nil else { throw .invalid(text: text, expected: "a UUID such as 123E4567-E89B-12D3-A456-426614174000") }
            return .string(text)
        case (.string, .url?):
            guard let url = URL(string: text), url.scheme != nil else { throw .invalid(text: text, expected: "an absolute URL such as https://example.com") }
            return .string(text)
        case (.string, _):
            return .string(text)
        case (.int64, .bool?):
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw .invalid(text: text, expected: "true or false")
            }
        case (.int64, _):
            guard let value = Int64(text) else { throw .invalid(text: text, expected: "a 64-bit integer such as 0 or -12") }
            return .int64(value)
        case (.double, _):
            guard let value = Double(text), value.isFinite else { throw .invalid(text: text, expected: "a finite number such as 0.5") }
            return .double(value)
        case (.timestamp, _):
            guard let date = parseTimestamp(text) else {
                throw .invalid(text: text, expected: "an ISO 8601 date and time such as 2024-05-01T12:00:00Z")
            }
            return .timestamp(date)
        case (.bytes, _):
            guard let data = Data(base64Encoded: text) else { throw .invalid(text: text, expected: "base64, such as AAEC") }
            return .bytes(data)
        case (.asset, _), (.reference, _), (.location, _), (.list, _):
            throw .notAllowed(field.type)
        }
    }

    /// ISO 8601 with a time zone, with or without fractional seconds.
    static func parseTimestamp(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
