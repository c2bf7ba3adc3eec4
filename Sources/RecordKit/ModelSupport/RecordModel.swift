import Foundation

/// A Swift model of one record type, as `recordgen` generates it from a schema.
///
/// A model reads a ``Record`` through the version gate (``init(record:)``), writes one back with everything it
/// read and did not understand (``record()``), and merges the two sides of a conflict
/// (``merge(ancestor:client:server:)``). A model is `Identifiable` by its record ID, so SwiftUI's `ForEach` and
/// `models.map(\.id)` work on it directly.
public protocol RecordModel: Sendable, Hashable, Identifiable where ID == RecordID {
    /// The record's field keys, one case per field the model declares.
    associatedtype Field: RecordFieldKey

    /// The CloudKit record type name.
    static var recordType: String { get }
    /// The version of the record type this model was generated from.
    static var schemaVersion: Int { get }
    /// What wins when an unsent local edit meets the record's deletion on the server (the schema's
    /// `deleteConflict`); ``DeleteConflictRule/editWins`` unless the model says otherwise.
    static var deleteConflict: DeleteConflictRule { get }
    /// The last-writer-wins clock field, and who sets it on a local save (the schema's `<merge clock=… stamp=…>`);
    /// nil when the type has no clock.
    static var mergeClock: MergeClock? { get }

    /// The record ID, system fields, unknown fields and decoded version.
    var metadata: RecordMetadata { get set }

    /// Reads a record, checking its version and the kind of every field.
    ///
    /// Borrowed, as generated models declare it: a call through the protocol (the store reading a model type it
    /// was given) passes the record without a copy. A model that declares `init(record: Record)` still conforms.
    init(record: borrowing Record) throws(RecordDecodingError)

    /// The record: the model's fields, the fields it kept without knowing them, its system fields, and the
    /// version field set to the larger of the model's version and the version it was read from.
    func record() -> Record

    /// Three-way merge of a conflict: a field changed on one side only takes that side's value; a field changed
    /// on both sides is resolved by the schema's `<merge>` rule. The result keeps the server's metadata, so it can
    /// be saved over the server's record.
    static func merge(ancestor: Self?, client: Self, server: Self) -> Self

    /// The model as a native archive of its record (see `RecordModel+Archive.swift`); generated models write it
    /// directly, without building the record, through ``ModelArchiveWriter``.
    func archived() throws(RecordModelArchiveError) -> Data

    /// Reads a model from an archive made by ``archived()``; generated models read it directly, without building
    /// the record, through ``ModelArchiveReader``, with the results and errors of ``init(archivedViaRecord:)``.
    init(archived data: Data) throws(RecordModelArchiveError)
}

/// A model `recordgen` generated: its fields in two walks that every codec shares. `init(record:)`,
/// `init(archived:)` and `init(from:)` (`Codable`) read through ``init(fieldsFrom:)``; `record()`, `archived()` and
/// `encode(to:)` write through ``writeFields(to:)``. Generated members list the fields in schema order; both walks
/// take them in the byte order of the keys (the decode walk reads the encrypted ones last), calling a `switch` in
/// schema order with each position in turn. A hand-written ``RecordModel`` need not adopt it.
public protocol GeneratedRecordModel: RecordModel {
    /// The model's fields in the byte order of their keys, built once (a `static let`): ``RecordFieldWriter``
    /// appends the fields the walk hands it in this order without comparing keys.
    static var fieldOrder: FieldOrder<Field> { get }

    /// The decode walk: reads every declared field from `source`, then the metadata.
    init<Source: RecordFieldSource>(fieldsFrom source: inout Source) throws(Source.Failure) where Source.Model == Self

    /// The field walk: hands every declared field to `sink`.
    func writeFields<Sink: RecordFieldSink>(to sink: inout Sink) where Sink.Model == Self
}

extension RecordModel {
    /// ``DeleteConflictRule/editWins``: the default of the schema's `deleteConflict`.
    public static var deleteConflict: DeleteConflictRule { .editWins }

    /// No clock, unless the model names one.
    public static var mergeClock: MergeClock? { nil }

    /// The record's ID.
    public var recordID: RecordID { metadata.recordID }

    /// The record's ID: a model is identified by the record it maps to.
    public var id: RecordID { metadata.recordID }
}

/// The field keys of a generated model: `enum Field: String, CaseIterable`.
public protocol RecordFieldKey: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}

extension RecordFieldKey {
    /// The declared field whose key has the bytes of `key`; nil for any other key. `init(rawValue:)` compares with
    /// `==`, which also holds for a canonical equivalent of other bytes (U+212A KELVIN SIGN for "K"): another key in
    /// CloudKit and in archives, which the readers keep as a field the model does not know.
    @inlinable
    static func declared(byKey key: String) -> Self? {
        guard let field = Self(rawValue: key), FieldKeyOrder.compare(field.rawValue, key) == 0 else { return nil }
        return field
    }
}

/// What wins when an unsent local edit of a record meets its deletion on the server (the schema's
/// `<record deleteConflict=…>`). A local deletion that meets a server edit always wins: the deletion is sent and
/// the record is gone everywhere.
public enum DeleteConflictRule: String, Sendable, Hashable, CaseIterable {
    /// The edit wins: the record is created again from the local value, on every device (the default).
    case editWins
    /// The deletion wins: the local record and its pending edit are removed, and the discarded edit is reported.
    case deleteWins
}

/// The timestamp field that orders writes for last-writer-wins, and who sets it when the app saves a record.
public struct MergeClock: Sendable, Hashable {
    /// Who sets the clock field on a local save (the schema's `stamp`).
    public enum Stamp: String, Sendable, Hashable, CaseIterable {
        /// The store stamps it with the latest of the app's value, the store's clock, and the clock of the last
        /// server copy plus one millisecond: a device with a slow clock still wins with a later edit, and an app
        /// that forgets to set the field cannot break last-writer-wins.
        case store
        /// The store keeps the app's value.
        case app
    }

    /// The clock field's record key.
    public let field: String
    /// Who sets it on a local save.
    public let stamp: Stamp

    /// A clock in `field`, set as `stamp` says.
    public init(field: String, stamp: Stamp) {
        self.field = field
        self.stamp = stamp
    }
}

/// What a model does with a record written by a newer version of the app (the schema's `onNewerVersion`).
public enum NewerVersionRule: String, Sendable, Hashable, CaseIterable {
    /// Throw ``RecordDecodingError/newerVersion(recordType:recordName:versionField:found:supported:)``.
    case reject
    /// Read what the model knows and keep the rest for the round trip.
    case preserve
}
