import Foundation
import RecordSchema

/// Turns a field's `default=` text into a Swift expression of the field's type.
///
/// The text is parsed by ``SchemaDefault``, the same parse validation runs (RK115, RK117), so what validation
/// accepts the generator can print. The renderer only sees validated schemas; should a default still not parse,
/// it is left out (the parameter becomes required) rather than printed as code that would not compile.
enum DefaultLiteral {
    static func expression(for text: String, field: Field, schema: Schema) -> String? {
        let enumType = field.enumName.flatMap { schema.enumType(named: $0) }
        if field.enumName != nil, enumType == nil { return nil }
        guard let value = try? SchemaDefault.parse(text, for: field, enumType: enumType) else { return nil }
        switch value {
        case let .enumCase(name):
            return "." + SwiftNamer.enumCase(name)
        case let .string(string):
            switch field.representation {
            case .uuid: return uuid(string)
            case .url: return "RecordKit.GeneratedDefaults.url(\(SwiftNamer.stringLiteral(string)))"
            default: return SwiftNamer.stringLiteral(string)
            }
        case let .int64(number):
            return String(number)
        case let .double(number):
            return "\(number)"
        case let .timestamp(date):
            return "Foundation.Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
        case let .bytes(data):
            return "Foundation.Data([" + data.map(hexLiteral).joined(separator: ", ") + "])"
        case let .bool(flag):
            return flag ? "true" : "false"
        }
    }

    /// A UUID literal spelled as its 16 bytes, so it needs no failable parse at run time.
    private static func uuid(_ text: String) -> String {
        // SchemaDefault has checked the text; the zero UUID is never reached.
        let uuid = UUID(uuidString: text) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        return "Foundation.UUID(uuid: (" + bytes.map(hexLiteral).joined(separator: ", ") + "))"
    }

    /// `0x0f`: a byte as a two-digit hexadecimal literal.
    private static func hexLiteral(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0x0" + digits : "0x" + digits
    }
}
