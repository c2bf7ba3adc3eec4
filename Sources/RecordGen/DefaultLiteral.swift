import Foundation
import RecordSchema

/// Turns a field's `default=` text into a Swift expression of the field's type.
///
/// Validation has checked the text already; what it cannot express as Swift (a URL default, say) is a
/// ``GeneratorError`` rather than code that would not compile.
enum DefaultLiteral {
    static func expression(for text: String, field: Field, schema: Schema) throws(GeneratorError) -> String {
        if let enumName = field.enumName {
            guard let enumType = schema.enumType(named: enumName), enumType.enumCase(named: text) != nil else {
                throw invalid(text, field, "a case of enum \(enumName)")
            }
            return "." + SwiftNamer.enumCase(text)
        }
        switch field.type.valueKind {
        case .string:
            switch field.representation {
            case .uuid: return try uuid(text, field)
            case .url:
                guard let url = URL(string: text), url.scheme != nil else { throw invalid(text, field, "an absolute URL") }
                return "RecordKit.GeneratedDefaults.url(\(SwiftNamer.stringLiteral(text)))"
            default: return SwiftNamer.stringLiteral(text)
            }
        case .int64:
            if field.representation == .bool {
                switch text {
                case "true", "1": return "true"
                case "false", "0": return "false"
                default: throw invalid(text, field, "a Bool (true, false, 1 or 0)")
                }
            }
            guard let value = Int64(text) else { throw invalid(text, field, "an int64") }
            return String(value)
        case .double:
            guard let value = Double(text) else { throw invalid(text, field, "a double") }
            if value.isNaN { return "Swift.Double.nan" }
            if value.isInfinite { return value < 0 ? "-Swift.Double.infinity" : "Swift.Double.infinity" }
            return "\(value)"
        case .timestamp:
            return "Foundation.Date(timeIntervalSince1970: \(try seconds(text, field)))"
        case .bytes:
            guard let data = Data(base64Encoded: text) else { throw invalid(text, field, "base64 bytes") }
            return "Foundation.Data([" + data.map { "0x" + hex($0) }.joined(separator: ", ") + "])"
        case .asset, .reference, .location, .list:
            throw GeneratorError("field '\(field.name)' of kind \(field.type) cannot have a default", at: field.location)
        }
    }

    /// Seconds since 1970 from a number of seconds or an ISO 8601 date (`2024-01-31T12:00:00Z`).
    private static func seconds(_ text: String, _ field: Field) throws(GeneratorError) -> String {
        if let value = Double(text), value.isFinite { return "\(value)" }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return "\(date.timeIntervalSince1970)" }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return "\(date.timeIntervalSince1970)" }
        throw invalid(text, field, "an ISO 8601 date or a number of seconds since 1970")
    }

    /// A UUID literal spelled as its 16 bytes, so it needs no failable parse at run time.
    private static func uuid(_ text: String, _ field: Field) throws(GeneratorError) -> String {
        guard let uuid = UUID(uuidString: text) else { throw invalid(text, field, "a UUID") }
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        return "Foundation.UUID(uuid: (" + bytes.map { "0x" + hex($0) }.joined(separator: ", ") + "))"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
    }

    private static func invalid(_ text: String, _ field: Field, _ expected: String) -> GeneratorError {
        GeneratorError("default \(SwiftNamer.stringLiteral(text)) of field '\(field.name)' is not \(expected)", at: field.location)
    }
}
