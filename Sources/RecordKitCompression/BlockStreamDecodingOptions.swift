/// Limits for decoding a block stream from untrusted bytes.
public struct BlockStreamDecodingOptions: Sendable, Hashable {
    /// The most decoded bytes the blocks may declare in total; the decoder refuses a larger stream before it
    /// allocates anything. The default, 64 MiB, is far above a CloudKit record (1 MB of fields).
    public var maximumDecodedSize: Int

    /// Options with the given limit.
    public init(maximumDecodedSize: Int = 64 << 20) {
        self.maximumDecodedSize = maximumDecodedSize
    }
}
