/// The schema as deployed, and what its format can say.
public struct SchemaBaseline: Sendable {
    /// Where the baseline came from, which limits what it can be compared on.
    public enum Format: Sendable, Hashable {
        /// A `.records.xml`: every rule applies.
        case recordsXML
        /// A `.ckdb` export: only types, fields, kinds, encryption and indexes are known. Its fields include
        /// version fields and retired fields, and it has CloudKit's built-in `Users` type.
        case ckdb
    }

    public var schema: Schema
    public var format: Format

    /// Creates a baseline.
    public init(schema: Schema, format: Format) {
        self.schema = schema
        self.format = format
    }
}
