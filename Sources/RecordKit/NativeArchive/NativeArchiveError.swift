/// A limit of ``NativeArchiveDecodingOptions`` that an archive went over.
public enum NativeArchiveLimit: String, Sendable, Hashable, CustomStringConvertible {
    /// ``NativeArchiveDecodingOptions/maximumSize``.
    case size
    /// ``NativeArchiveDecodingOptions/maximumDepth``.
    case depth
    /// ``NativeArchiveDecodingOptions/maximumFieldCount``.
    case fieldCount
    /// ``NativeArchiveDecodingOptions/maximumListCount``.
    case listCount
    /// ``NativeArchiveDecodingOptions/maximumRecordCount``.
    case recordCount

    public var description: String { rawValue }
}

/// Why a native archive could not be read or written, and the byte offset where that was found.
///
/// Offsets count from the first byte of the archive (for a streamed record list, of the file).
public struct NativeArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// The bytes do not start with the archive magic `89 52 4B 41`.
        case notAnArchive
        /// The format version byte names a version this library cannot read.
        case unsupportedVersion(UInt8)
        /// The archive holds another kind of value than the one asked for (`found` is the raw kind byte).
        case wrongKind(expected: NativeArchiveKind, found: UInt8)
        /// The bytes end before the value does: `needed` more bytes were expected, `available` were left.
        case unexpectedEnd(needed: Int, available: Int)
        /// The stored Fletcher-64 checksum does not match the bytes it covers: the archive is corrupt.
        case checksumMismatch(stored: UInt64, computed: UInt64)
        /// A varint runs past 64 bits.
        case varintOverflow
        /// A varint is longer than it needs to be (the format allows one encoding per number).
        case nonCanonicalVarint
        /// A length is larger than the bytes that are left.
        case lengthExceedsRemaining(length: UInt64, remaining: Int)
        /// A string's bytes are not valid UTF-8.
        case invalidUTF8
        /// A URL string that `URL(string:)` does not accept.
        case invalidURL(String)
        /// A byte that should name a value kind names none.
        case unknownValueTag(UInt8)
        /// A byte that should name a reference action names none.
        case unknownReferenceAction(UInt8)
        /// A presence byte has bits set that name no member.
        case unknownPresenceBits(UInt8)
        /// A database-token presence byte that is neither 0 nor 1.
        case invalidFlag(UInt8)
        /// A value the record model refuses (an empty asset, a location out of range).
        case invalidValue(RecordValueError)
        /// A field or zone key that is not strictly after the previous one in byte order (unsorted or repeated).
        case keysOutOfOrder(key: String)
        /// An asset size above `Int64.max`.
        case sizeOutOfRange(UInt64)
        /// The archive goes over a decoding limit.
        case limitExceeded(NativeArchiveLimit, value: Int, limit: Int)
        /// Bytes follow the end of the value.
        case trailingBytes(count: Int)
        /// A record list's trailer counts another number of records than its frames hold.
        case recordCountMismatch(trailer: UInt64, frames: Int)
        /// A record list ends without its trailer: the file was cut short or its writer never finished.
        case missingTrailer
        /// Reading or writing a file failed.
        case io(String)
        /// A writer was used after ``NativeArchiveWriter/finish()``.
        case writerFinished
    }

    /// What is wrong.
    public var reason: Reason
    /// The byte offset where the problem was found.
    public var offset: Int

    /// Creates an error.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "native archive, byte \(offset): \(reasonText)" }

    private var reasonText: String {
        switch reason {
        case .notAnArchive:
            "not a native archive: it does not start with the magic 89 52 4B 41"
        case let .unsupportedVersion(version):
            "format version \(version) is not supported (this library reads version \(ArchiveHeader.formatVersion))"
        case let .wrongKind(expected, found):
            "the archive holds \(NativeArchiveKind(rawValue: found).map(String.init(describing:)) ?? "unknown kind \(found)"), not a \(expected)"
        case let .unexpectedEnd(needed, available):
            "the archive ends early: \(needed) bytes needed, \(available) left (truncated?)"
        case let .checksumMismatch(stored, computed):
            "checksum mismatch (stored \(hex64(stored)), computed \(hex64(computed))): the archive is corrupt"
        case .varintOverflow:
            "varint longer than 64 bits"
        case .nonCanonicalVarint:
            "varint with needless trailing zero groups"
        case let .lengthExceedsRemaining(length, remaining):
            "length \(length) is more than the \(remaining) bytes left"
        case .invalidUTF8:
            "string is not valid UTF-8"
        case let .invalidURL(text):
            "\"\(text)\" is not a valid URL"
        case let .unknownValueTag(tag):
            "unknown value tag \(tag)"
        case let .unknownReferenceAction(action):
            "unknown reference action \(action)"
        case let .unknownPresenceBits(bits):
            "presence byte has unknown bits \(bits)"
        case let .invalidFlag(flag):
            "flag byte is \(flag), expected 0 or 1"
        case let .invalidValue(error):
            "invalid value: \(error)"
        case let .keysOutOfOrder(key):
            "key \"\(key)\" is not after the previous key in byte order"
        case let .sizeOutOfRange(size):
            "asset size \(size) is above Int64.max"
        case let .limitExceeded(limit, value, maximum):
            "\(value) is over the \(limit) limit of \(maximum) (raise it in NativeArchiveDecodingOptions if the archive is trusted)"
        case let .trailingBytes(count):
            "\(count) unexpected bytes after the end of the archive"
        case let .recordCountMismatch(trailer, frames):
            "the trailer counts \(trailer) records but the list holds \(frames)"
        case .missingTrailer:
            "the record list ends without its trailer (cut short, or its writer never finished)"
        case let .io(message):
            "I/O error: \(message)"
        case .writerFinished:
            "the writer was already finished"
        }
    }
}

private func hex64(_ value: UInt64) -> String {
    "0x" + withUnsafeBytes(of: value.bigEndian) { Hex.string($0) }
}
