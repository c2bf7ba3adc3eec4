/// The four-byte magics that start each block, read as little-endian integers.
enum BlockMagic {
    /// `bvx$`: end of stream.
    static let endOfStream: UInt32 = 0x2478_7662
    /// `bvx-`: raw bytes.
    static let uncompressed: UInt32 = 0x2d78_7662
    /// `bvx1`: LZFSE with uncompressed frequency tables.
    static let lzfseV1: UInt32 = 0x3178_7662
    /// `bvx2`: LZFSE with compressed frequency tables.
    static let lzfseV2: UInt32 = 0x3278_7662
    /// `bvxn`: LZVN.
    static let lzvn: UInt32 = 0x6e78_7662
}
