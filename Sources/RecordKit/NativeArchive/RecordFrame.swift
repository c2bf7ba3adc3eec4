/// The framing of a record list: after the header, one frame per record, then a trailer.
///
/// frame   = varint(length > 0) payload checksum(length varint + payload)
/// trailer = 0x00 varint(record count) checksum(0x00 + count varint)
///
/// Each frame checks itself, so a reader streams records and names the offset of a corrupt one; the trailer
/// makes a list cut short at a frame boundary an error instead of a shorter list.
extension ArchiveByteWriter {
    mutating func frame(_ record: Record) {
        frame(payloadSize: ArchiveSize.record(record)) { $0.record(record) }
    }

    /// A frame whose payload of `payloadSize` bytes `writePayload` writes: the length goes first, known up front.
    mutating func frame(payloadSize: Int, _ writePayload: (inout ArchiveByteWriter) -> Void) {
        reserve(RecordFrame.frameSize(payload: payloadSize))
        beginChecksum()
        varint(UInt64(payloadSize))
        writePayload(&self)
        appendChecksum()
    }

    mutating func trailer(recordCount: Int) {
        beginChecksum()
        byte(0)
        varint(UInt64(recordCount))
        appendChecksum()
    }
}

enum RecordFrame {
    /// The bytes of a frame around a payload of `payload` bytes.
    static func frameSize(payload: Int) -> Int {
        ArchiveSize.varint(UInt64(payload)) + payload + ArchiveHeader.checksumSize
    }

    /// The bytes of the trailer.
    static func trailerSize(recordCount: Int) -> Int {
        1 + ArchiveSize.varint(UInt64(recordCount)) + ArchiveHeader.checksumSize
    }

    enum Parsed {
        /// A record, and the position after its frame.
        case record(Record, next: Int)
        /// The trailer, and the position after it.
        case trailer(next: Int)
        /// The bytes end inside the frame (or before it begins): at least `needed` bytes in all must be there.
        case needMore(needed: Int)
    }

    /// Parses the frame at `position` of `bytes`; `offsetBase` is the file offset of `bytes[0]`.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, at position: Int, offsetBase: Int, recordsSoFar: Int,
        options: NativeArchiveDecodingOptions
    ) throws(NativeArchiveError) -> Parsed {
        guard position < bytes.count, let start = bytes.baseAddress else { return .needMore(needed: position + 1) }
        var cursor = ArchiveCursor(start: start, position: position, end: bytes.count, offsetBase: offsetBase)
        let length: UInt64
        do {
            length = try cursor.varint()
        } catch {
            if case .unexpectedEnd = error.reason { return .needMore(needed: cursor.position + 1) }
            throw error
        }
        if length == 0 { return try trailer(&cursor, frameStart: position, recordsSoFar: recordsSoFar) }
        guard length <= UInt64(options.maximumSize) else {
            throw cursor.error(.limitExceeded(.size, value: Int(clamping: length), limit: options.maximumSize), at: position)
        }
        guard recordsSoFar < options.maximumRecordCount else {
            throw cursor.error(.limitExceeded(.recordCount, value: recordsSoFar + 1, limit: options.maximumRecordCount), at: position)
        }
        let payloadStart = cursor.position
        let payloadEnd = payloadStart + Int(length)
        let frameEnd = payloadEnd + ArchiveHeader.checksumSize
        guard frameEnd <= bytes.count else { return .needMore(needed: frameEnd) }
        try verifyChecksum(&cursor, from: position, to: payloadEnd)
        var payload = ArchiveCursor(start: start, position: payloadStart, end: payloadEnd, offsetBase: offsetBase)
        let record = try payload.record(options: options)
        guard payload.remaining == 0 else { throw payload.error(.trailingBytes(count: payload.remaining)) }
        return .record(record, next: frameEnd)
    }

    private static func trailer(
        _ cursor: inout ArchiveCursor, frameStart: Int, recordsSoFar: Int
    ) throws(NativeArchiveError) -> Parsed {
        let countOffset = cursor.position
        let count: UInt64
        do {
            count = try cursor.varint()
        } catch {
            if case .unexpectedEnd = error.reason { return .needMore(needed: cursor.position + 1) }
            throw error
        }
        let trailerEnd = cursor.position + ArchiveHeader.checksumSize
        guard trailerEnd <= cursor.end else { return .needMore(needed: trailerEnd) }
        let countEnd = cursor.position
        try verifyChecksum(&cursor, from: frameStart, to: countEnd)
        guard count == UInt64(recordsSoFar) else {
            throw cursor.error(.recordCountMismatch(trailer: count, frames: recordsSoFar), at: countOffset)
        }
        return .trailer(next: trailerEnd)
    }

    /// Checks the checksum stored at `end` against the bytes `from..<end`, leaving the cursor after it.
    private static func verifyChecksum(
        _ cursor: inout ArchiveCursor, from: Int, to end: Int
    ) throws(NativeArchiveError) {
        cursor.position = end
        let stored = try cursor.fixed64()
        let computed = Fletcher64.checksum(UnsafeRawBufferPointer(start: cursor.start + from, count: end - from))
        guard stored == computed else {
            throw cursor.error(.checksumMismatch(stored: stored, computed: computed), at: from)
        }
    }
}
