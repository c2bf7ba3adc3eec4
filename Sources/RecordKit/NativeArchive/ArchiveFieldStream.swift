import Foundation

/// Reads a record archive for ``ModelArchiveReader``: header, record type, ID and system fields up front, then the
/// two field maps entry by entry, as the model asks for its declared fields in key order. Every entry the model
/// does not ask for is decoded and kept as an unknown field (the version field is kept apart).
///
/// It checks everything `NativeArchive.decodeRecord` checks with the default options (header, lengths, UTF-8,
/// key order, field count, tags, values, checksum, trailing bytes), with the same cursor, but keeps no detail:
/// any failure stops the direct read, and the record path then reports the exact error.
@usableFromInline
struct ArchiveFieldStream {
    private var cursor: ArchiveCursor
    private let storedChecksum: UInt64
    /// Entries of the current map not consumed yet; `pendingKey`, when set, is the next one's key, already read.
    private var remaining = 0
    private var pendingKey: Span?
    private var previousKey: Span?
    private var fieldBudget: Int
    /// Whether the plain map is done and the encrypted one is being read.
    private(set) var inEncryptedMap = false
    @usableFromInline private(set) var finished = false

    let versionField: String?
    /// The version field's value, from the plain map.
    @usableFromInline private(set) var versionValue: FieldValue?
    /// The record ID, system fields and unknown fields read so far; handed over once by ``takeMetadata(version:isDeclared:)``.
    private var metadata: RecordMetadata?

    private typealias Span = (offset: Int, count: Int)

    /// The defaults `NativeArchive.decodeRecord` reads with; built where needed, not stored, so the stream (which
    /// the reader holds by value) stays small.
    private static var options: NativeArchiveDecodingOptions { NativeArchiveDecodingOptions() }

    /// The start of `raw` when it can hold a record archive (size limit, header, room for the checksum).
    @usableFromInline
    static func readableStart(_ raw: UnsafeRawBufferPointer) -> UnsafeRawPointer? {
        guard raw.count <= NativeArchiveDecodingOptions().maximumSize,
              raw.count >= ArchiveHeader.size + ArchiveHeader.checksumSize,
              (try? ArchiveHeader.check(raw, expecting: .record)) != nil
        else { return nil }
        return raw.baseAddress
    }

    /// A stream over `count` bytes at `start`, which ``readableStart(_:)`` accepted. Only stores: the reading
    /// starts in ``begin(recordType:)``, in place (a failable initializer would copy the whole stream).
    @usableFromInline
    init(start: UnsafeRawPointer, count: Int, versionField: String?) {
        let payloadEnd = count - ArchiveHeader.checksumSize
        storedChecksum = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: payloadEnd, as: UInt64.self))
        cursor = ArchiveCursor(start: start, position: ArchiveHeader.size, end: payloadEnd)
        cursor.checksum = ChecksumProgress()
        fieldBudget = Self.options.maximumFieldCount
        self.versionField = versionField
    }

    /// Reads the record type (it must be `recordType`), the ID, the system fields and the plain map's count;
    /// false when the record path must read the archive.
    @usableFromInline
    mutating func begin(recordType: String) -> Bool {
        do throws(NativeArchiveError) {
            let type = try cursor.span()
            guard Self.compare(cursor, type, recordType) == 0 else { return false }
            let recordID = try cursor.recordID()
            metadata = RecordMetadata(recordID: recordID, system: try cursor.systemFields())
            try openMap()
            return true
        } catch {
            return false
        }
    }

    /// The value of `key` in the current map, nil when the map has none; entries before it are kept as unknown.
    @usableFromInline
    mutating func value(forKey key: String) throws(ModelArchiveReadStop) -> FieldValue? {
        guard try seek(key) else { return nil }
        do { return try cursor.fieldValue(options: Self.options) } catch { throw ModelArchiveReadStop() }
    }

    /// Moves to the value of `key` in the current map (its tag is next) and returns true, or returns false when
    /// the map has none; entries before it are kept as unknown.
    @usableFromInline
    mutating func seek(_ key: String) throws(ModelArchiveReadStop) -> Bool {
        do throws(NativeArchiveError) {
            while let entry = try peek() {
                let order = Self.compare(cursor, entry, key)
                if order > 0 { return false }
                consume()
                if order == 0 { return true }
                try keep(entry)
            }
            return false
        } catch {
            throw ModelArchiveReadStop()
        }
    }

    // Values of the kinds whose `FieldValue` costs a retain or an allocation, read straight into the property
    // after ``seek(_:)``; a value of another kind stops the read (the record path reports the mismatch).

    @usableFromInline
    mutating func stringValue() throws(ModelArchiveReadStop) -> String {
        guard (try? cursor.byte()) == ValueTag.string, let value = try? cursor.string() else { throw ModelArchiveReadStop() }
        return value
    }

    @usableFromInline
    mutating func bytesValue() throws(ModelArchiveReadStop) -> Data {
        guard (try? cursor.byte()) == ValueTag.bytes, let value = try? cursor.data() else { throw ModelArchiveReadStop() }
        return value
    }

    @usableFromInline
    mutating func referenceValue() throws(ModelArchiveReadStop) -> Reference {
        guard (try? cursor.byte()) == ValueTag.reference, let value = try? cursor.reference() else { throw ModelArchiveReadStop() }
        return value
    }

    /// Keeps the rest of the plain map and opens the encrypted one.
    @usableFromInline
    mutating func beginEncryptedMap() throws(ModelArchiveReadStop) {
        guard !inEncryptedMap else { return }
        do throws(NativeArchiveError) {
            try drain()
            inEncryptedMap = true
            try openMap()
        } catch {
            throw ModelArchiveReadStop()
        }
    }

    /// Keeps the rest of both maps, then compares the checksum and checks that nothing follows.
    @usableFromInline
    mutating func finish() throws(ModelArchiveReadStop) {
        try beginEncryptedMap()
        do throws(NativeArchiveError) { try drain() } catch { throw ModelArchiveReadStop() }
        let progress = cursor.checksum ?? ChecksumProgress()
        let computed = progress.sums.finish(cursor.start + progress.added, byteCount: cursor.end - progress.added)
        guard computed == storedChecksum, cursor.remaining == 0 else { throw ModelArchiveReadStop() }
        finished = true
    }

    /// The metadata read, once the archive is finished: nil when the record path would read the fields
    /// differently (a declared field, as `isDeclared` says, kept from the other map; the version field in the
    /// encrypted map; a key in both maps, which the archive refuses).
    @usableFromInline
    mutating func takeMetadata(version: Int, isDeclared: (String) -> Bool) -> RecordMetadata? {
        guard finished else { return nil }
        // Checked and completed in place: binding the metadata to a name would copy it (a retain per string).
        if metadata?.unknownFields.isEmpty == false || metadata?.unknownEncryptedFields.isEmpty == false,
           let kept = metadata, Self.readsDifferently(kept, versionField, isDeclared) {
            return nil
        }
        metadata?.decodedVersion = version
        return metadata.take()
    }

    private static func readsDifferently(
        _ metadata: RecordMetadata, _ versionField: String?, _ isDeclared: (String) -> Bool
    ) -> Bool {
        if !metadata.unknownFields.isEmpty, metadata.unknownFields.contains(where: { isDeclared($0.key) }) { return true }
        if metadata.unknownEncryptedFields.isEmpty { return false }
        return metadata.unknownEncryptedFields.contains { entry in
            isDeclared(entry.key) || entry.key == versionField || metadata.unknownFields.contains(key: entry.key)
        }
    }

    // MARK: Entries

    /// A map's count, checked as `fieldMap` checks it.
    private mutating func openMap() throws(NativeArchiveError) {
        let count = try cursor.length(minimumItemSize: 3)
        guard count <= fieldBudget else { throw cursor.error(.limitExceeded(.fieldCount, value: count, limit: fieldBudget)) }
        fieldBudget -= count
        remaining = count
        pendingKey = nil
        previousKey = nil
    }

    /// The next entry's key, read and checked to come after the previous one; nil at the end of the map.
    @inline(__always)
    private mutating func peek() throws(NativeArchiveError) -> Span? {
        if let pendingKey { return pendingKey }
        guard remaining > 0 else { return nil }
        let key = try cursor.span()
        if let previousKey, !cursor.precedes(previousKey, key) { throw cursor.error(.keysOutOfOrder(key: ""), at: key.offset) }
        previousKey = key
        pendingKey = key
        return key
    }

    @inline(__always)
    private mutating func consume() {
        pendingKey = nil
        remaining &-= 1
    }

    /// Reads the value of an entry nobody asked for and keeps it.
    private mutating func keep(_ key: Span) throws(NativeArchiveError) {
        let name = try cursor.makeString(offset: key.offset, count: key.count)
        let value = try cursor.fieldValue(options: Self.options)
        if !inEncryptedMap, let versionField, name == versionField {
            versionValue = value
        } else if inEncryptedMap {
            metadata?.unknownEncryptedFields.appendInOrder(name, value)
        } else {
            metadata?.unknownFields.appendInOrder(name, value)
        }
    }

    private mutating func drain() throws(NativeArchiveError) {
        while let entry = try peek() {
            consume()
            try keep(entry)
        }
    }

    /// Compares the bytes of `span` with `key` in key order.
    @inline(__always)
    private static func compare(_ cursor: ArchiveCursor, _ span: Span, _ key: String) -> Int {
        let bytes = UnsafeBufferPointer(start: (cursor.start + span.offset).assumingMemoryBound(to: UInt8.self), count: span.count)
        if let order = key.utf8.withContiguousStorageIfAvailable({ FieldKeyOrder.compare(bytes, $0) }) { return order }
        return Array(key.utf8).withUnsafeBufferPointer { FieldKeyOrder.compare(bytes, $0) }
    }
}

/// The direct read of a model's archive stopped: the bytes or the record need the record path, which then
/// reports exactly why (or reads what the direct path does not handle).
public struct ModelArchiveReadStop: Error, Sendable {
    @usableFromInline init() {}
}
