/// A coding key for any string: the field names of ``RecordFields`` in their JSON objects.
struct FieldNameKey: CodingKey, Hashable {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }

    init?(intValue: Int) { nil }
}

extension DecodingError {
    /// The error for a value that decodes but is not valid (a latitude of 91, an asset that names no file):
    /// `dataCorrupted` at the value's coding path, saying why.
    static func invalidValue(_ error: RecordValueError, in decoder: any Decoder) -> DecodingError {
        .dataCorrupted(Context(codingPath: decoder.codingPath, debugDescription: error.description))
    }
}
