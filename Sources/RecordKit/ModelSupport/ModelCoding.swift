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

/// Hands the walk the declared fields the JSON holds, in key order, and decodes each.
struct ModelDecodingSource<Model: GeneratedRecordModel>: RecordFieldSource {
    typealias Failure = any Error
    let container: KeyedDecodingContainer<ModelCodingKey<Model.Field>>
    let table = Model.fieldOrder.table
    var tableIndex = 0

    init(container: KeyedDecodingContainer<ModelCodingKey<Model.Field>>) {
        self.container = container
    }

    mutating func nextField() -> Model.Field? {
        while tableIndex < table.count {
            let field = table[tableIndex]
            tableIndex += 1
            if container.contains(.field(field)) { return field }
        }
        return nil
    }

    func read<T: RecordFieldValue>(_ field: Model.Field) throws -> T {
        try container.decode(T.self, forKey: .field(field))
    }

    func readOptional<T: RecordFieldValue>(_ field: Model.Field) throws -> T? {
        try container.decodeIfPresent(T.self, forKey: .field(field))
    }

    func readList<T: RecordFieldValue>(_ field: Model.Field) throws -> [T] {
        try container.decode([T].self, forKey: .field(field))
    }

    // Absent fields: decoding them again throws the container's own "key not found" error, as the synthesised
    // `Codable` of earlier versions did. A defaulted or list field must be present: the default is a record's rule.

    func required<T: RecordFieldValue>(_ read: T?, _ field: Model.Field) throws -> T {
        if let read { return read }
        return try self.read(field)
    }

    func value<T: RecordFieldValue>(_ read: T?, _ field: Model.Field, default defaultValue: @autoclosure () -> T) throws -> T {
        if let read { return read }
        return try self.read(field)
    }

    func list<T: RecordFieldValue>(_ read: [T]?, _ field: Model.Field) throws -> [T] {
        if let read { return read }
        return try readList(field)
    }

    func metadata() throws -> RecordMetadata {
        try container.decode(RecordMetadata.self, forKey: .metadata)
    }
}
