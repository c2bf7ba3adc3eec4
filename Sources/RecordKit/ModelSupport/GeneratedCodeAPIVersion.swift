/// The version of the interface between RecordKit and the code `recordgen` generates.
///
/// Every generated file names this type. When RecordKit changes what generated code relies on, this type is
/// renamed (`GeneratedCodeAPIVersion_3`, …) and the old name is kept as unavailable with a message, so a file
/// generated for another RecordKit fails to compile at that line, which says to regenerate it, instead of
/// misbehaving at run time.
public enum GeneratedCodeAPIVersion_5 {}

/// Version 4 read the fields in the byte order of their keys, one call per field, the encrypted ones after
/// `beginEncryptedFields()`; version 5 reads them the same way but lists the fields in schema order in every member:
/// the decode walk's reads are the cases of a local `switch` labelled with their positions in that read order, and
/// the field walk's writes the cases of a `switch` labelled with key-order positions, each called with those
/// positions in turn. Each model has a key-order table (``GeneratedRecordModel/fieldOrder``, which the record writer
/// appends by), the decode walk hands each value read through ``RecordFieldSource/walked(_:_:)``, and
/// `init(record:)` borrows its record and reads it through ``RecordFieldReader/read(_:versionField:onNewerVersion:)``.
@available(*, unavailable, message: "this file was generated for an older RecordKit: regenerate it with the recordgen of this RecordKit")
public enum GeneratedCodeAPIVersion_4 {}

/// Version 3 wrote every field twice (`record()` and `archived()`), read every field twice (`init(record:)` and
/// `init(archived:)`), listed the fields again in `CodingKeys`, and applied reference actions in `didSet`; version 4
/// generates one field walk (`writeFields(to:)`, on a ``RecordFieldSink``) and one decode walk
/// (`init(fieldsFrom:)`, on a ``RecordFieldSource``), `Codable` through them (``ModelCoding``), and leaves the
/// schema action of a reference to the writers.
@available(*, unavailable, message: "this file was generated for an older RecordKit: regenerate it with the recordgen of this RecordKit")
public enum GeneratedCodeAPIVersion_3 {}

/// Version 2 archived through `record()` with untyped `Reference` fields and models that were not `Codable`;
/// version 3 generates `archived()` on ``ModelArchiveWriter`` and `init(archived:)` on ``ModelArchiveReader``,
/// types reference fields (``RecordReference``, written with `schemaAction:`), and declares `Codable` with
/// `CodingKeys`.
@available(*, unavailable, message: "this file was generated for an older RecordKit: regenerate it with the recordgen of this RecordKit")
public enum GeneratedCodeAPIVersion_2 {}

/// Version 1: generated `init(record:)` ended with `reader.metadata()`; version 2 reads fields in key order and
/// ends with `reader.metadata(of: record)`.
@available(*, unavailable, message: "this file was generated for an older RecordKit: regenerate it with the recordgen of this RecordKit")
public enum GeneratedCodeAPIVersion_1 {}
