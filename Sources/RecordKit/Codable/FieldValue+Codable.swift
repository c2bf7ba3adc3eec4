import Foundation

/// JSON shape: the kind, then the value: `{"type": "string", "value": "yellow"}`, `{"type": "int64", "value": 3}`.
/// A list names its element kind in `of`, as the schema language does: `{"type": "list", "of": "int64", "value":
/// [1, 2]}`, so an empty list keeps its kind.
///
/// `type` is a ``FieldKind`` name. Values: `string` a string, `int64` and `double` numbers (a NaN or infinite double
/// needs the encoder's non-conforming float strategy, as any `Double` does), `timestamp` a date and `bytes` data, in
/// the encoder's date and data strategies (the defaults round-trip exactly), `asset`, `reference` and `location`
/// objects (see ``Asset``, ``Reference``, ``Location``). An unknown `type`, a value of another kind, or a list of
/// lists is a typed `DecodingError` at the member's coding path.
///
/// It is self-describing because it holds what no model declares: the fields a model kept without knowing them
/// (``RecordMetadata/unknownFields``) must read back as the same kind.
extension FieldValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, of, value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(FieldKind.self, forKey: .type) {
        case .string: self = .string(try container.decode(String.self, forKey: .value))
        case .int64: self = .int64(try container.decode(Int64.self, forKey: .value))
        case .double: self = .double(try container.decode(Double.self, forKey: .value))
        case .timestamp: self = .timestamp(try container.decode(Date.self, forKey: .value))
        case .bytes: self = .bytes(try container.decode(Data.self, forKey: .value))
        case .asset: self = .asset(try container.decode(Asset.self, forKey: .value))
        case .reference: self = .reference(try container.decode(Reference.self, forKey: .value))
        case .location: self = .location(try container.decode(Location.self, forKey: .value))
        case .list:
            let elementKind = try container.decode(FieldKind.self, forKey: .of)
            self = .list(try FieldList.decode(elementKind, from: container, forKey: .value))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .type)
        switch self {
        case let .string(value): try container.encode(value, forKey: .value)
        case let .int64(value): try container.encode(value, forKey: .value)
        case let .double(value): try container.encode(value, forKey: .value)
        case let .timestamp(value): try container.encode(value, forKey: .value)
        case let .bytes(value): try container.encode(value, forKey: .value)
        case let .asset(value): try container.encode(value, forKey: .value)
        case let .reference(value): try container.encode(value, forKey: .value)
        case let .location(value): try container.encode(value, forKey: .value)
        case let .list(list):
            try container.encode(list.elementKind, forKey: .of)
            try list.encodeElements(into: &container, forKey: .value)
        }
    }
}

/// JSON shape: the kind's name (`"string"`, `"int64"`, …); any other string is `DecodingError.dataCorrupted`.
extension FieldKind: Codable {}

extension FieldList {
    /// Reads the elements of a list of `kind` from the array under `key`. A list of lists is refused.
    fileprivate static func decode<Key: CodingKey>(
        _ kind: FieldKind, from container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> FieldList {
        switch kind {
        case .string: .string(try container.decode([String].self, forKey: key))
        case .int64: .int64(try container.decode([Int64].self, forKey: key))
        case .double: .double(try container.decode([Double].self, forKey: key))
        case .timestamp: .timestamp(try container.decode([Date].self, forKey: key))
        case .bytes: .bytes(try container.decode([Data].self, forKey: key))
        case .asset: .asset(try container.decode([Asset].self, forKey: key))
        case .reference: .reference(try container.decode([Reference].self, forKey: key))
        case .location: .location(try container.decode([Location].self, forKey: key))
        case .list:
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription: "a list of lists: CloudKit lists hold scalar values only"))
        }
    }

    /// Writes the elements as an array under `key`.
    fileprivate func encodeElements<Key: CodingKey>(into container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case let .string(values): try container.encode(values, forKey: key)
        case let .int64(values): try container.encode(values, forKey: key)
        case let .double(values): try container.encode(values, forKey: key)
        case let .timestamp(values): try container.encode(values, forKey: key)
        case let .bytes(values): try container.encode(values, forKey: key)
        case let .asset(values): try container.encode(values, forKey: key)
        case let .reference(values): try container.encode(values, forKey: key)
        case let .location(values): try container.encode(values, forKey: key)
        }
    }
}

/// JSON shape: an object with a member per field, named by the field's key, holding a ``FieldValue``:
/// `{"color": {"type": "string", "value": "yellow"}}`. Decoding keeps the fields in key order, as always.
extension RecordFields: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldNameKey.self)
        self.init(minimumCapacity: container.allKeys.count)
        for key in container.allKeys {
            self[key.stringValue] = try container.decode(FieldValue.self, forKey: key)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldNameKey.self)
        for (key, value) in self {
            try container.encode(value, forKey: FieldNameKey(stringValue: key))
        }
    }
}
