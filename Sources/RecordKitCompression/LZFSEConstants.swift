/// The fixed parameters of LZFSE blocks, from the published format (lzfse_internal.h of the reference).
enum LZFSEConstants {
    static let lSymbols = 20
    static let mSymbols = 20
    static let dSymbols = 64
    static let literalSymbols = 256
    static let lStates = 64
    static let mStates = 64
    static let dStates = 256
    static let literalStates = 1024
    static let matchesPerBlock = 10_000
    static let literalsPerBlock = 4 * matchesPerBlock

    /// Size of a `bvx1` header: the fields, the four tables as 16-bit values, padded to 4 bytes as C lays it out.
    static let v1HeaderSize = 772
    /// The fixed part of a `bvx2` header: magic, raw size, three packed 64-bit fields.
    static let v2FixedHeaderSize = 32

    static let lExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8]
    static let lBaseValue: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 28, 60]
    static let mExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11]
    static let mBaseValue: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 56, 312]
    static let dExtraBits: [UInt8] = [
        0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7,
        8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14, 14, 15, 15, 15, 15,
    ]
    static let dBaseValue: [Int32] = [
        0, 1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 28, 36, 44, 52, 60, 76, 92, 108, 124, 156, 188, 220,
        252, 316, 380, 444, 508, 636, 764, 892, 1020, 1276, 1532, 1788, 2044, 2556, 3068, 3580,
        4092, 5116, 6140, 7164, 8188, 10236, 12284, 14332, 16380, 20476, 24572, 28668, 32764, 40956, 49148, 57340,
        65532, 81916, 98300, 114684, 131068, 163836, 196604, 229372,
    ]
}
