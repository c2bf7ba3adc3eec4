import Foundation
import RecordKit

/// A record and its native archive, as a write path holds them between encoding the archive and writing the row.
///
/// A struct, not a tuple: reading a tuple's element out of an array (or through a pointer) copies the whole tuple,
/// retaining and releasing every string and array of the record, where a struct's field is read in place. In the
/// initial sync that copy cost about 600 instructions per record each time the projection looked at a record.
struct ArchivedRecord {
    var record: RecordKit.Record
    var bytes: Data
    /// The model type whose `record()` made the record (a local save's), nil for a record from elsewhere (a fetched
    /// page's): the projection of a model's own record is its own values, with no decode through the model (see
    /// ``ProjectedType/modelType``).
    var madeBy: ObjectIdentifier? = nil
}
