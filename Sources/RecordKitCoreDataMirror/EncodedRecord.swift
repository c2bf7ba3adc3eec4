import Foundation
import RecordKit
import RecordKitCompression

/// `ANSCKRECORDMETADATA.ZENCODEDRECORD`: one prefix byte, then (0x01) an Apple compression block stream or
/// (0x00) the bytes as they are, holding an NSKeyedArchiver archive of the whole `CKRecord`. Only 0x01 has been
/// seen in a real store; 0x00 is read as uncompressed because that is the only other layout the prefix can mark,
/// and any other byte is refused.
public enum EncodedRecord {
    /// Why an encoded record could not be decoded.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The blob is empty.
        case empty
        /// A prefix byte other than 0x00 (stored) or 0x01 (compressed).
        case unknownPrefix(UInt8)
        /// The block stream after the prefix is damaged (its offset counts from the first byte after the prefix).
        case blockStream(BlockStreamError)
        /// The decompressed bytes are not a keyed archive of a CKRecord.
        case archive(KeyedArchiveError)

        public var description: String {
            switch self {
            case .empty: "the encoded record is empty"
            case .unknownPrefix(let byte): "unknown prefix byte 0x\(String(byte, radix: 16)) (expected 0x00 or 0x01)"
            case .blockStream(let error): "block stream: \(error)"
            case .archive(let error): "keyed archive: \(error)"
            }
        }
    }

    /// The archive inside the blob, decompressed.
    public static func archive(
        of blob: Data, options: BlockStreamDecodingOptions = BlockStreamDecodingOptions()
    ) throws(Failure) -> Data {
        guard let prefix = blob.first else { throw .empty }
        let body = Data(blob.dropFirst())
        switch prefix {
        case 0x00:
            return body
        case 0x01:
            do {
                return try BlockStream.decode(body, options: options)
            } catch {
                throw .blockStream(error)
            }
        default:
            throw .unknownPrefix(prefix)
        }
    }

    /// The record inside the blob.
    public static func record(
        of blob: Data, options: BlockStreamDecodingOptions = BlockStreamDecodingOptions()
    ) throws(Failure) -> Record {
        let archive = try archive(of: blob, options: options)
        do {
            return try KeyedArchive.decodeRecord(archive)
        } catch {
            throw .archive(error)
        }
    }
}
