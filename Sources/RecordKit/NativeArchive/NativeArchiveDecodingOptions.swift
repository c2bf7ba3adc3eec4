/// Limits that keep hostile or corrupt archives from exhausting memory or time.
///
/// Every length and count in an archive is also checked against the bytes that are left before anything is
/// allocated, so memory use stays proportional to the input; these limits bound the input itself.
public struct NativeArchiveDecodingOptions: Sendable, Hashable {
    /// The most bytes one decode reads into memory: a whole archive passed as `Data`, or one frame (record)
    /// of a streamed record list.
    public var maximumSize: Int
    /// The deepest nesting accepted: a record is at depth 1, its field values at depth 2, list elements at
    /// depth 3. The format cannot nest deeper than 3; a lower limit refuses lists (2) or fields (1).
    public var maximumDepth: Int
    /// The most fields one record may have, encrypted and unencrypted together.
    public var maximumFieldCount: Int
    /// The most elements one list field may have, and the most zones one sync state may have.
    public var maximumListCount: Int
    /// The most records one record list may have.
    public var maximumRecordCount: Int

    /// Creates options; the defaults suit archives the app wrote itself.
    public init(
        maximumSize: Int = 64 << 20,
        maximumDepth: Int = 8,
        maximumFieldCount: Int = 10_000,
        maximumListCount: Int = 1_000_000,
        maximumRecordCount: Int = 10_000_000
    ) {
        self.maximumSize = maximumSize
        self.maximumDepth = maximumDepth
        self.maximumFieldCount = maximumFieldCount
        self.maximumListCount = maximumListCount
        self.maximumRecordCount = maximumRecordCount
    }
}
