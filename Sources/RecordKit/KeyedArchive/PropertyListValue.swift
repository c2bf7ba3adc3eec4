import Foundation

/// One value of a property list, as the binary plist format stores it.
///
/// Dictionaries are keyed by strings (the only keys NSKeyedArchiver writes); the reader refuses other keys
/// with a typed error. Reals and dates compare by bit pattern, so decoding then encoding gives equal values.
public enum PropertyListValue: Sendable, CustomStringConvertible {
    /// The null object (marker 0x00); NSKeyedArchiver never writes it, but the format has it.
    case null
    /// A Boolean.
    case bool(Bool)
    /// An integer that fits in 64 signed bits.
    case integer(Int64)
    /// An unsigned integer above `Int64.max`, stored in the 16-byte form.
    case unsignedInteger(UInt64)
    /// A 4- or 8-byte floating-point number (4-byte ones are widened when read).
    case real(Double)
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    /// Raw bytes.
    case data(Data)
    /// A string, stored as ASCII when it can be and as big-endian UTF-16 otherwise.
    case string(String)
    /// A keyed-archive object reference (`CF$UID`).
    case uid(UInt64)
    /// An ordered list.
    case array([PropertyListValue])
    /// A set, kept in the order it was stored.
    case set([PropertyListValue])
    /// A dictionary with string keys; the writer stores keys in byte order.
    case dictionary([String: PropertyListValue])

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer, .unsignedInteger: "integer"
        case .real: "real"
        case .date: "date"
        case .data: "data"
        case .string: "string"
        case .uid: "uid"
        case .array: "array"
        case .set: "set"
        case .dictionary: "dictionary"
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case let .bool(v): String(v)
        case let .integer(v): String(v)
        case let .unsignedInteger(v): String(v)
        case let .real(v): String(v)
        case let .date(v): "date(\(v))"
        case let .data(v): "data(\(v.count) bytes)"
        case let .string(v): "\"\(v)\""
        case let .uid(v): "uid(\(v))"
        case let .array(v): "[" + v.map(\.description).joined(separator: ", ") + "]"
        case let .set(v): "set[" + v.map(\.description).joined(separator: ", ") + "]"
        case let .dictionary(v):
            "{" + v.keys.sorted().map { "\($0): \(v[$0]?.description ?? "")" }.joined(separator: ", ") + "}"
        }
    }
}

extension PropertyListValue: Hashable {
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.unsignedInteger(a), .unsignedInteger(b)): a == b
        case let (.real(a), .real(b)): a.bitPattern == b.bitPattern
        case let (.date(a), .date(b)): a.bitPattern == b.bitPattern
        case let (.data(a), .data(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.uid(a), .uid(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.set(a), .set(b)): a == b
        case let (.dictionary(a), .dictionary(b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        switch self {
        case .null: break
        case let .bool(v): hasher.combine(v)
        case let .integer(v): hasher.combine(v)
        case let .unsignedInteger(v): hasher.combine(v)
        case let .real(v): hasher.combine(v.bitPattern)
        case let .date(v): hasher.combine(v.bitPattern)
        case let .data(v): hasher.combine(v)
        case let .string(v): hasher.combine(v)
        case let .uid(v): hasher.combine(v)
        case let .array(v): hasher.combine(v)
        case let .set(v): hasher.combine(v)
        case let .dictionary(v): hasher.combine(v)
        }
    }
}
