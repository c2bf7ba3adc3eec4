import Foundation

/// The value of one record field: one of CloudKit's field kinds.
public enum FieldValue: Sendable, CustomStringConvertible {
    case string(String)
    case int64(Int64)
    case double(Double)
    /// A point in time, millisecond precision on the server.
    case timestamp(Date)
    case bytes(Data)
    indirect case asset(Asset)
    indirect case reference(Reference)
    indirect case location(Location)
    /// A homogeneous list; see ``FieldList``.
    case list(FieldList)

    /// Builds a list value from loose values, rejecting mixed kinds and nested lists.
    public static func list(_ values: [FieldValue], emptyKind: FieldKind = .string) throws(RecordValueError) -> FieldValue {
        .list(try FieldList(values, emptyKind: emptyKind))
    }

    /// The value's kind; `.list` for lists.
    public var kind: FieldKind {
        switch self {
        case .string: .string
        case .int64: .int64
        case .double: .double
        case .timestamp: .timestamp
        case .bytes: .bytes
        case .asset: .asset
        case .reference: .reference
        case .location: .location
        case .list: .list
        }
    }

    /// The value's full type, with the element kind of a list.
    public var type: FieldType {
        if case let .list(list) = self { return .list(of: list.elementKind) }
        return .scalar(kind)
    }

    public var description: String {
        switch self {
        case let .string(v): "\"\(v)\""
        case let .int64(v): String(v)
        case let .double(v): String(v)
        case let .timestamp(v): v.formatted(.iso8601)
        case let .bytes(v): "\(v.count) bytes"
        case let .asset(v): "asset(\(v.fileURL?.path ?? v.fileChecksum ?? v.downloadURL ?? v.receipt ?? ""))"
        case let .reference(v): "reference(\(v.recordID.recordName), \(v.action.rawValue))"
        case let .location(v): "location(\(v.latitude), \(v.longitude))"
        case let .list(v): v.description
        }
    }
}

extension FieldValue: Hashable {
    /// Values are equal when they are of the same kind and equal; doubles and dates compare by bit pattern,
    /// so a NaN equals itself and archives round-trip to equal values.
    public static func == (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.int64(a), .int64(b)): a == b
        case let (.double(a), .double(b)): a.bitPattern == b.bitPattern
        case let (.timestamp(a), .timestamp(b)): sameDate(a, b)
        case let (.bytes(a), .bytes(b)): a == b
        case let (.asset(a), .asset(b)): a == b
        case let (.reference(a), .reference(b)): a == b
        case let (.location(a), .location(b)): a == b
        case let (.list(a), .list(b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        switch self {
        case let .string(v): hasher.combine(v)
        case let .int64(v): hasher.combine(v)
        case let .double(v): hasher.combine(v.bitPattern)
        case let .timestamp(v): hashDate(v, into: &hasher)
        case let .bytes(v): hasher.combine(v)
        case let .asset(v): hasher.combine(v)
        case let .reference(v): hasher.combine(v)
        case let .location(v): hasher.combine(v)
        case let .list(v): hasher.combine(v)
        }
    }
}
