import Foundation

/// A homogeneous list of scalar values, the only kind of list CloudKit stores.
///
/// One case per element kind, so a mixed list cannot be represented; ``init(_:emptyKind:)`` builds one from loose
/// ``FieldValue``s and rejects mixed or nested input with a typed error.
public enum FieldList: Sendable, CustomStringConvertible {
    case string([String])
    case int64([Int64])
    case double([Double])
    case timestamp([Date])
    case bytes([Data])
    case asset([Asset])
    case reference([Reference])
    case location([Location])

    /// Builds a list from values of one scalar kind. An empty input gives an empty list of strings
    /// unless `emptyKind` says otherwise.
    public init(_ values: [FieldValue], emptyKind: FieldKind = .string) throws(RecordValueError) {
        guard let first = values.first else {
            self = FieldList.empty(of: emptyKind) ?? .string([])
            return
        }
        let kind = first.kind
        for (index, value) in values.enumerated() {
            if case .list = value { throw .nestedList(index: index) }
            if value.kind != kind { throw .heterogeneousList(index: index, expected: kind, found: value.kind) }
        }
        switch kind {
        case .string: self = .string(values.compactMap { if case let .string(v) = $0 { v } else { nil } })
        case .int64: self = .int64(values.compactMap { if case let .int64(v) = $0 { v } else { nil } })
        case .double: self = .double(values.compactMap { if case let .double(v) = $0 { v } else { nil } })
        case .timestamp: self = .timestamp(values.compactMap { if case let .timestamp(v) = $0 { v } else { nil } })
        case .bytes: self = .bytes(values.compactMap { if case let .bytes(v) = $0 { v } else { nil } })
        case .asset: self = .asset(values.compactMap { if case let .asset(v) = $0 { v } else { nil } })
        case .reference: self = .reference(values.compactMap { if case let .reference(v) = $0 { v } else { nil } })
        case .location: self = .location(values.compactMap { if case let .location(v) = $0 { v } else { nil } })
        case .list: throw .nestedList(index: 0)
        }
    }

    /// An empty list of the given element kind; nil for `.list`, which cannot be an element kind.
    public static func empty(of kind: FieldKind) -> FieldList? {
        switch kind {
        case .string: .string([])
        case .int64: .int64([])
        case .double: .double([])
        case .timestamp: .timestamp([])
        case .bytes: .bytes([])
        case .asset: .asset([])
        case .reference: .reference([])
        case .location: .location([])
        case .list: nil
        }
    }

    /// The kind of every element.
    public var elementKind: FieldKind {
        switch self {
        case .string: .string
        case .int64: .int64
        case .double: .double
        case .timestamp: .timestamp
        case .bytes: .bytes
        case .asset: .asset
        case .reference: .reference
        case .location: .location
        }
    }

    /// The number of elements.
    public var count: Int {
        switch self {
        case let .string(v): v.count
        case let .int64(v): v.count
        case let .double(v): v.count
        case let .timestamp(v): v.count
        case let .bytes(v): v.count
        case let .asset(v): v.count
        case let .reference(v): v.count
        case let .location(v): v.count
        }
    }

    /// The elements as loose values.
    public var values: [FieldValue] {
        switch self {
        case let .string(v): v.map(FieldValue.string)
        case let .int64(v): v.map(FieldValue.int64)
        case let .double(v): v.map(FieldValue.double)
        case let .timestamp(v): v.map(FieldValue.timestamp)
        case let .bytes(v): v.map(FieldValue.bytes)
        case let .asset(v): v.map(FieldValue.asset)
        case let .reference(v): v.map(FieldValue.reference)
        case let .location(v): v.map(FieldValue.location)
        }
    }

    public var description: String { "[" + values.map(\.description).joined(separator: ", ") + "]" }
}

extension FieldList: Hashable {
    /// Lists are equal when they hold the same kind and equal elements; doubles compare by bit pattern,
    /// so a NaN equals itself and archives round-trip to equal values.
    public static func == (lhs: FieldList, rhs: FieldList) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.int64(a), .int64(b)): a == b
        case let (.double(a), .double(b)): a.map(\.bitPattern) == b.map(\.bitPattern)
        case let (.timestamp(a), .timestamp(b)): a.map(\.timeIntervalSinceReferenceDate.bitPattern) == b.map(\.timeIntervalSinceReferenceDate.bitPattern)
        case let (.bytes(a), .bytes(b)): a == b
        case let (.asset(a), .asset(b)): a == b
        case let (.reference(a), .reference(b)): a == b
        case let (.location(a), .location(b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elementKind)
        switch self {
        case let .string(v): hasher.combine(v)
        case let .int64(v): hasher.combine(v)
        case let .double(v): hasher.combine(v.map(\.bitPattern))
        case let .timestamp(v): hasher.combine(v.map(\.timeIntervalSinceReferenceDate.bitPattern))
        case let .bytes(v): hasher.combine(v)
        case let .asset(v): hasher.combine(v)
        case let .reference(v): hasher.combine(v)
        case let .location(v): hasher.combine(v)
        }
    }
}

extension FieldList {
    /// A list of `kind` from values of that kind; values of another kind are left out (callers build the
    /// values from one Swift type, so there are none).
    static func homogeneous(_ values: [FieldValue], kind: FieldKind) -> FieldList {
        switch kind {
        case .string: .string(values.compactMap { if case let .string(v) = $0 { v } else { nil } })
        case .int64: .int64(values.compactMap { if case let .int64(v) = $0 { v } else { nil } })
        case .double: .double(values.compactMap { if case let .double(v) = $0 { v } else { nil } })
        case .timestamp: .timestamp(values.compactMap { if case let .timestamp(v) = $0 { v } else { nil } })
        case .bytes: .bytes(values.compactMap { if case let .bytes(v) = $0 { v } else { nil } })
        case .asset: .asset(values.compactMap { if case let .asset(v) = $0 { v } else { nil } })
        case .reference: .reference(values.compactMap { if case let .reference(v) = $0 { v } else { nil } })
        case .location, .list: .location(values.compactMap { if case let .location(v) = $0 { v } else { nil } })
        }
    }
}
