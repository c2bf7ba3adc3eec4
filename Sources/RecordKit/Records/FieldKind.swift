/// The kinds of value a CloudKit field can hold.
public enum FieldKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case string, int64, double, timestamp, bytes, asset, reference, location, list

    public var description: String { rawValue }
}

/// The type of a field's value: a scalar kind, or a list of a scalar kind.
public enum FieldType: Sendable, Hashable, CustomStringConvertible {
    case scalar(FieldKind)
    case list(of: FieldKind)

    /// Written as CloudKit's schema language writes it: `STRING`, `LIST<INT64>`.
    public var description: String {
        switch self {
        case let .scalar(kind): kind.rawValue.uppercased()
        case let .list(element): "LIST<\(element.rawValue.uppercased())>"
        }
    }
}
