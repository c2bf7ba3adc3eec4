/// What a native archive holds, named by the byte after the format version.
public enum NativeArchiveKind: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One ``Record``.
    case record = 1
    /// A streamable list of records, framed one by one.
    case recordList = 2
    /// One ``ServerChangeToken``.
    case token = 3
    /// A ``SyncState``: a token per zone and a database token.
    case syncState = 4

    public var description: String {
        switch self {
        case .record: "record"
        case .recordList: "record list"
        case .token: "change token"
        case .syncState: "sync state"
        }
    }
}

/// The six bytes every archive starts with: magic, format version, kind.
enum ArchiveHeader {
    /// `0x89` keeps text tools from taking the file for text and catches 7-bit transports; then "RKA".
    static let magic: [UInt8] = [0x89, 0x52, 0x4B, 0x41]
    /// Version 2: Fletcher-64 checksums (version 1, never released, had CRC-32C).
    static let formatVersion: UInt8 = 2
    /// Header length in bytes.
    static let size = 6
    /// Length of a checksum in bytes.
    static let checksumSize = 8

    /// Writes the header of an archive of `kind`.
    static func write(_ kind: NativeArchiveKind, to writer: inout ArchiveByteWriter) {
        for byte in magic { writer.byte(byte) }
        writer.byte(formatVersion)
        writer.byte(kind.rawValue)
    }

    /// Checks the header at the start of `bytes` and that it names `kind`.
    static func check(_ bytes: UnsafeRawBufferPointer, expecting kind: NativeArchiveKind) throws(NativeArchiveError) {
        let found = try read(bytes)
        guard found == kind.rawValue else { throw NativeArchiveError(.wrongKind(expected: kind, found: found), at: 5) }
    }

    /// Checks magic and version and returns the raw kind byte.
    static func read(_ bytes: UnsafeRawBufferPointer) throws(NativeArchiveError) -> UInt8 {
        for index in 0..<magic.count {
            guard index < bytes.count else {
                throw NativeArchiveError(.unexpectedEnd(needed: size - index, available: 0), at: index)
            }
            guard bytes[index] == magic[index] else { throw NativeArchiveError(.notAnArchive, at: 0) }
        }
        guard bytes.count >= size else {
            throw NativeArchiveError(.unexpectedEnd(needed: size - bytes.count, available: 0), at: bytes.count)
        }
        guard bytes[4] == formatVersion else { throw NativeArchiveError(.unsupportedVersion(bytes[4]), at: 4) }
        return bytes[5]
    }
}
