import Foundation

/// `Codable` for generated models, through their field walks: each field under its record key (the model's
/// `Field` is the coding key), the metadata under `___metadata`, a name no field can have. Generated `encode(to:)`
/// and `init(from:)` call ``encode(_:to:)`` and ``decode(_:from:)``.
///
/// A required, defaulted or list field must be present in the JSON; an optional one may be absent.
public enum ModelCoding {
    /// Writes `model` into `encoder`.
    public static func encode<Model: GeneratedRecordModel>(_ model: Model, to encoder: any Encoder) throws {
        var sink = ModelEncodingSink<Model>(container: encoder.container(keyedBy: ModelCodingKey<Model.Field>.self))
        model.writeFields(to: &sink)
        if let error = sink.error { throw error }
        try sink.container.encode(model.metadata, forKey: .metadata)
    }

    /// Reads a model from `decoder`.
    public static func decode<Model: GeneratedRecordModel>(_ type: Model.Type, from decoder: any Decoder) throws -> Model {
        var source = ModelDecodingSource<Model>(container: try decoder.container(keyedBy: ModelCodingKey<Model.Field>.self))
        return try Model(fieldsFrom: &source)
    }
}

/// The JSON keys of a model: a field's record key, or `___metadata`.
public enum ModelCodingKey<Field: RecordFieldKey>: CodingKey {
    case field(Field)
    case metadata

    static var metadataKey: String { "___metadata" }

    public var stringValue: String {
        switch self {
        case let .field(field): field.rawValue
        case .metadata: Self.metadataKey
        }
    }

    public init?(stringValue: String) {
        if stringValue == Self.metadataKey {
            self = .metadata
        } else if let field = Field(rawValue: stringValue) {
            self = .field(field)
        } else {
            return nil
        }
    }

    public var intValue: Int? { nil }

    public init?(intValue: Int) { nil }
}

/// Encodes each field the walk hands over; the first error stops the encoding once the walk is done.
struct ModelEncodingSink<Model: RecordModel>: RecordFieldSink {
    var container: KeyedEncodingContainer<ModelCodingKey<Model.Field>>
    var error: (any Error)?

    mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T, encrypted: Bool) {
        attempt { try $0.encode(value, forKey: .field(field)) }
    }

    mutating func set<T: RecordFieldValue>(_ field: Model.Field, _ value: T?, encrypted: Bool) {
        attempt { try $0.encodeIfPresent(value, forKey: .field(field)) }
    }

    mutating func setList<T: RecordFieldValue>(_ field: Model.Field, _ values: [T], encrypted: Bool) {
        attempt { try $0.encode(values, forKey: .field(field)) }
    }

    // A typed reference is encoded as the model holds it: the schema action is the writers' to apply.

    mutating func set<Target>(_ field: Model.Field, _ value: RecordReference<Target>, schemaAction: Reference.Action) {
        set(field, value, encrypted: false)
    }

    mutating func set<Target>(_ field: Model.Field, _ value: RecordReference<Target>?, schemaAction: Reference.Action) {
        set(field, value, encrypted: false)
    }

    mutating func setList<Target>(_ field: Model.Field, _ values: [RecordReference<Target>], schemaAction: Reference.Action) {
        setList(field, values, encrypted: false)
    }

    private mutating func attempt(_ body: (inout KeyedEncodingContainer<ModelCodingKey<Model.Field>>) throws -> Void) {
        guard error == nil else { return }
        do { try body(&container) } catch { self.error = error }
    }
}

/// Decodes each field the walk asks for.
struct ModelDecodingSource<Model: RecordModel>: RecordFieldSource {
    typealias Failure = any Error
    let container: KeyedDecodingContainer<ModelCodingKey<Model.Field>>

    func required<T: RecordFieldValue>(_ field: Model.Field) throws -> T {
        try container.decode(T.self, forKey: .field(field))
    }

    /// Present, as the synthesised `Codable` of earlier versions required: the default is a record's rule.
    func value<T: RecordFieldValue>(_ field: Model.Field, default defaultValue: T) throws -> T {
        try container.decode(T.self, forKey: .field(field))
    }

    func optional<T: RecordFieldValue>(_ field: Model.Field) throws -> T? {
        try container.decodeIfPresent(T.self, forKey: .field(field))
    }

    func list<T: RecordFieldValue>(_ field: Model.Field) throws -> [T] {
        try container.decode([T].self, forKey: .field(field))
    }

    /// The value the walk read; nil (a field the walk skipped) is the container's "key not found" error.
    func walked<T>(_ value: T?, _ field: Model.Field) throws -> T {
        guard let value else {
            throw DecodingError.keyNotFound(
                ModelCodingKey<Model.Field>.field(field),
                DecodingError.Context(codingPath: container.codingPath, debugDescription: "The decode walk skipped \(field.rawValue).")
            )
        }
        return value
    }

    func metadata() throws -> RecordMetadata {
        try container.decode(RecordMetadata.self, forKey: .metadata)
    }
}
