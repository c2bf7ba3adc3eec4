import RecordKit

/// A fetched record the store cannot keep (a NUL in its name, say): skipped, so that the rest of its page and
/// the zone's token are stored.
public struct SkippedRecord: Sendable, Hashable {
    /// The record's ID, as the server sent it.
    public var id: RecordID
    /// Why the store cannot keep it.
    public var error: RecordStoreError

    /// Creates the report of a skipped record.
    public init(id: RecordID, error: RecordStoreError) {
        self.id = id
        self.error = error
    }
}

/// What applying server records did beyond storing them.
public struct ApplyReport: Sendable, Hashable {
    /// Records with a pending local save that were merged with the server record; they stay pending.
    public var merged: [RecordID] = []
    /// Records merged field by field without their model (not registered, or it could not read one of the
    /// copies): a field changed locally kept the local value. Each error says why the model was not used.
    public var mergedWithoutModel: [RecordStoreError] = []
    /// Records with a pending save whose local copy is corrupt, or whose row holds values the store never writes
    /// (``RecordStoreError/corruptColumn(_:table:column:found:)``): kept as they are and not merged; their server
    /// copy was updated. Each error names the record.
    public var unmerged: [RecordStoreError] = []
    /// Fetched records and deletions the store cannot keep: skipped, the rest stored (the token advances).
    public var skipped: [SkippedRecord] = []
    /// Local records that met a server record of another type under the same ID: records of different types
    /// never merge, so the server's record took the ID; each is the local record whole (with its pending edit),
    /// for the app to keep under a new ID if it wants.
    public var displaced: [Record] = []
    /// Local records whose unsent edit met the record's deletion on the server, under `deleteConflict="deleteWins"`:
    /// removed with their edit; each is the local record whole.
    public var discardedEdits: [Record] = []

    /// Adds another report's entries to this one.
    mutating func append(_ other: ApplyReport) {
        merged += other.merged
        mergedWithoutModel += other.mergedWithoutModel
        unmerged += other.unmerged
        skipped += other.skipped
        displaced += other.displaced
        discardedEdits += other.discardedEdits
    }
}
