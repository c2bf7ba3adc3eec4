import Foundation

/// RecordKit's own compact binary archive for records, record lists, change tokens and sync state.
///
/// Archives start with a magic and a format version, are deterministic (equal values give equal bytes),
/// carry Fletcher-64 checksums, and decode hostile bytes into a typed ``NativeArchiveError`` that names the
/// offset, never a trap. The byte layout is specified in the NativeArchiveFormat article.
public enum NativeArchive {
    // MARK: Records

    /// Archives one record.
    public static func encode(_ record: Record) -> Data {
        var writer = ArchiveByteWriter(capacity: ArchiveSize.recordArchive(record))
        ArchiveHeader.write(.record, to: &writer)
        writer.record(record)
        writer.appendChecksum()
        return writer.takeData()
    }

    /// Reads an archive made by ``encode(_:)-(Record)``.
    public static func decodeRecord(
        _ data: Data, options: NativeArchiveDecodingOptions = .init()
    ) throws(NativeArchiveError) -> Record {
        try withPayload(data, kind: .record, options: options) { (cursor: inout ArchiveCursor) throws(NativeArchiveError) in
            try cursor.record(options: options)
        }
    }

    // MARK: Record lists

    /// Archives a list of records, framed one by one exactly as ``NativeArchiveWriter`` writes them.
    public static func encode(_ records: [Record]) -> Data {
        var size = ArchiveHeader.size + RecordFrame.trailerSize(recordCount: records.count)
        for index in records.indices { size += RecordFrame.frameSize(payload: ArchiveSize.record(records[index])) }
        var writer = ArchiveByteWriter(capacity: size)
        ArchiveHeader.write(.recordList, to: &writer)
        for record in records { writer.frame(record) }
        writer.trailer(recordCount: records.count)
        return writer.takeData()
    }

    /// Reads a whole record list held in memory. ``NativeArchiveReader`` reads one from a file record by record.
    public static func decodeRecords(
        _ data: Data, options: NativeArchiveDecodingOptions = .init()
    ) throws(NativeArchiveError) -> [Record] {
        try withBytes(data, options: options) { (raw: UnsafeRawBufferPointer) throws(NativeArchiveError) in
            try ArchiveHeader.check(raw, expecting: .recordList)
            var records: [Record] = []
            var position = ArchiveHeader.size
            while true {
                let parsed = try RecordFrame.parse(raw, at: position, offsetBase: 0, recordsSoFar: records.count, options: options)
                switch parsed {
                case let .record(record, next):
                    records.append(record)
                    position = next
                case let .trailer(next):
                    guard next == raw.count else {
                        throw NativeArchiveError(.trailingBytes(count: raw.count - next), at: next)
                    }
                    return records
                case .needMore:
                    throw NativeArchiveError(position == raw.count ? .missingTrailer : .unexpectedEnd(needed: 1, available: 0), at: raw.count)
                }
            }
        }
    }

    // MARK: Tokens

    /// Archives a server change token.
    public static func encode(_ token: ServerChangeToken) -> Data {
        var writer = ArchiveByteWriter(capacity: token.data.count + 16)
        ArchiveHeader.write(.token, to: &writer)
        token.data.withUnsafeBytes { writer.raw($0) }
        writer.appendChecksum()
        return writer.takeData()
    }

    /// Reads an archive made by ``encode(_:)-(ServerChangeToken)``.
    public static func decodeToken(
        _ data: Data, options: NativeArchiveDecodingOptions = .init()
    ) throws(NativeArchiveError) -> ServerChangeToken {
        try withPayload(data, kind: .token, options: options) { (cursor: inout ArchiveCursor) throws(NativeArchiveError) in
            let bytes = Data(bytes: cursor.start + cursor.position, count: cursor.remaining)
            cursor.position = cursor.end
            return ServerChangeToken(data: bytes)
        }
    }

    // MARK: Sync state

    /// Archives a sync state; zones are written in byte order of zone name, then owner name.
    public static func encode(_ state: SyncState) -> Data {
        var writer = ArchiveByteWriter(capacity: 64 + state.zoneTokens.count * 64)
        ArchiveHeader.write(.syncState, to: &writer)
        writer.syncState(state)
        writer.appendChecksum()
        return writer.takeData()
    }

    /// Reads an archive made by ``encode(_:)-(SyncState)``.
    public static func decodeSyncState(
        _ data: Data, options: NativeArchiveDecodingOptions = .init()
    ) throws(NativeArchiveError) -> SyncState {
        try withPayload(data, kind: .syncState, options: options) { (cursor: inout ArchiveCursor) throws(NativeArchiveError) in
            try cursor.syncState(options: options)
        }
    }

    // MARK: Inspection

    /// Whether `data` starts with the native archive's magic, whatever its version and kind: for tools that
    /// recognise a file by content and then let the decoder say what is wrong with it.
    public static func hasMagic(_ data: Data) -> Bool {
        data.starts(with: ArchiveHeader.magic)
    }

    /// What `data` holds, if it is a native archive of a version this library reads; nil otherwise.
    /// Only the header is looked at: the rest may still be corrupt.
    public static func kind(of data: Data) -> NativeArchiveKind? {
        let raw: UInt8? = data.withUnsafeBytes { bytes in try? ArchiveHeader.read(bytes) }
        return raw.flatMap(NativeArchiveKind.init(rawValue:))
    }

    /// The Fletcher-64 checksum of `data`, as the format stores it; for tools and benchmarks.
    public static func checksum(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { Fletcher64.checksum($0) }
    }

    // MARK: Plumbing

    /// Runs `body` over the bytes of `data` after checking its size, keeping the error type.
    static func withBytes<Value>(
        _ data: Data, options: NativeArchiveDecodingOptions,
        _ body: (UnsafeRawBufferPointer) throws(NativeArchiveError) -> Value
    ) throws(NativeArchiveError) -> Value {
        guard data.count <= options.maximumSize else {
            throw NativeArchiveError(.limitExceeded(.size, value: data.count, limit: options.maximumSize), at: 0)
        }
        let result = data.withUnsafeBytes { raw in
            Result { () throws(NativeArchiveError) -> Value in try body(raw) }
        }
        return try result.get()
    }

    /// Checks header and checksum of a single-value archive, and reads its payload with `body`, which must
    /// consume it exactly.
    ///
    /// The checksum is compared after the payload was read, so that big byte runs are checksummed while they
    /// are copied out (one pass over them). A decoder never trusts the checksum for safety: it is hardened
    /// against hostile bytes, which can carry a valid checksum. When the payload fails to decode, the checksum
    /// is compared first, so a damaged archive is reported as a checksum mismatch, as if it had been checked first.
    private static func withPayload<Value>(
        _ data: Data, kind: NativeArchiveKind, options: NativeArchiveDecodingOptions,
        _ body: (inout ArchiveCursor) throws(NativeArchiveError) -> Value
    ) throws(NativeArchiveError) -> Value {
        try withBytes(data, options: options) { (raw: UnsafeRawBufferPointer) throws(NativeArchiveError) in
            try ArchiveHeader.check(raw, expecting: kind)
            let minimum = ArchiveHeader.size + ArchiveHeader.checksumSize
            guard raw.count >= minimum, let start = raw.baseAddress else {
                throw NativeArchiveError(.unexpectedEnd(needed: minimum - raw.count, available: 0), at: raw.count)
            }
            let payloadEnd = raw.count - ArchiveHeader.checksumSize
            let stored = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: payloadEnd, as: UInt64.self))
            var cursor = ArchiveCursor(start: start, position: ArchiveHeader.size, end: payloadEnd)
            cursor.checksum = ChecksumProgress()
            let value: Value
            do throws(NativeArchiveError) {
                value = try body(&cursor)
            } catch {
                let computed = Fletcher64.checksum(UnsafeRawBufferPointer(start: start, count: payloadEnd))
                guard stored == computed else {
                    throw NativeArchiveError(.checksumMismatch(stored: stored, computed: computed), at: payloadEnd)
                }
                throw error
            }
            let progress = cursor.checksum ?? ChecksumProgress()
            let computed = progress.sums.finish(start + progress.added, byteCount: payloadEnd - progress.added)
            guard stored == computed else {
                throw NativeArchiveError(.checksumMismatch(stored: stored, computed: computed), at: payloadEnd)
            }
            guard cursor.remaining == 0 else { throw cursor.error(.trailingBytes(count: cursor.remaining)) }
            return value
        }
    }
}
