/// A CloudKit field kind as the schema language names it.
public enum SchemaFieldKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case string, int64, double, timestamp, bytes, asset, reference, location, list

    /// The kinds a list may hold: every kind but `list`.
    public static let elementKinds: [SchemaFieldKind] = allCases.filter { $0 != .list }

    public var description: String { rawValue }
}

/// A field's full type: a scalar kind, or a list with its element kind.
public enum SchemaFieldType: Sendable, Hashable, CustomStringConvertible {
    case scalar(SchemaFieldKind)
    case list(of: SchemaFieldKind)

    /// The outer kind (`.list` for lists).
    public var kind: SchemaFieldKind {
        switch self {
        case let .scalar(kind): kind
        case .list: .list
        }
    }

    /// The kind of each value: the scalar kind, or a list's element kind.
    public var valueKind: SchemaFieldKind {
        switch self {
        case let .scalar(kind): kind
        case let .list(element): element
        }
    }

    /// As CloudKit's schema language writes it: `STRING`, `LIST<INT64>`.
    public var description: String {
        switch self {
        case let .scalar(kind): kind.rawValue.uppercased()
        case let .list(element): "LIST<\(element.rawValue.uppercased())>"
        }
    }
}
