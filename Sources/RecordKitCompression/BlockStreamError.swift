/// Why an Apple compression block stream (`bvx2`, `bvx1`, `bvxn`, `bvx-`, `bvx$`) could not be decoded, and where.
///
/// `offset` is the byte offset in the input of the block header, field or payload position at fault.
public struct BlockStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the input.
    public enum Reason: Sendable, Hashable {
        /// The input ends before the header or payload that was expected there.
        case truncated
        /// Four bytes that are not one of the five block magics (shown as a little-endian integer).
        case badMagic(UInt32)
        /// The blocks declare more decoded bytes than ``BlockStreamDecodingOptions/maximumDecodedSize``.
        case decodedSizeLimitExceeded(declared: UInt64, limit: Int)
        /// A header field out of the range the format allows (a count, a state, a header size).
        case badHeaderField(String)
        /// A frequency table that does not decode or whose frequencies exceed the number of states.
        case badFrequencyTable(String)
        /// A match that reaches before the first decoded byte (or a repeated distance with none before it).
        case matchDistanceOutOfRange(distance: Int, available: Int)
        /// A payload that decodes to more or fewer bytes than its block declares, or uses an undefined opcode.
        case badPayload(String)
        /// The input ends without the end-of-stream block `bvx$`.
        case missingEndOfStream
    }

    /// What is wrong.
    public let reason: Reason
    /// The byte offset in the input where it was found.
    public let offset: Int

    /// Makes an error for `reason` at `offset`.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let what: String
        switch reason {
        case .truncated:
            what = "the input ends inside a block"
        case .badMagic(let magic):
            what = "unknown block magic 0x\(String(magic, radix: 16)) (expected bvx2, bvx1, bvxn, bvx- or bvx$)"
        case .decodedSizeLimitExceeded(let declared, let limit):
            what = "the blocks declare \(declared) decoded bytes, over the limit of \(limit) (raise maximumDecodedSize)"
        case .badHeaderField(let detail):
            what = "bad block header: \(detail)"
        case .badFrequencyTable(let detail):
            what = "bad frequency table: \(detail)"
        case .matchDistanceOutOfRange(let distance, let available):
            what = "match distance \(distance) reaches before the start (\(available) bytes decoded)"
        case .badPayload(let detail):
            what = "bad block payload: \(detail)"
        case .missingEndOfStream:
            what = "the input ends without the end-of-stream block bvx$"
        }
        return "offset \(offset): \(what)"
    }
}
