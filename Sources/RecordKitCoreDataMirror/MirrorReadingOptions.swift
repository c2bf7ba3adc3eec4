import RecordKitCompression

/// Limits for reading a mirror store.
public struct MirrorReadingOptions: Sendable, Hashable {
    /// Limits for each record's block stream.
    public var blockStream: BlockStreamDecodingOptions

    /// Options with the given block stream limits.
    public init(blockStream: BlockStreamDecodingOptions = BlockStreamDecodingOptions()) {
        self.blockStream = blockStream
    }
}
