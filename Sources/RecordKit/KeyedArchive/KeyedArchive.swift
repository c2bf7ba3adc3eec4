import Foundation

/// What a keyed archive holds, as `recordgen inspect` reports it.
public enum KeyedArchiveContents: Sendable, Hashable {
    /// An archived `CKServerChangeToken`.
    case changeToken(ServerChangeToken)
    /// The output of `CKRecord.encodeSystemFields(with:)`: keys in `$top`, no root. The record has no fields.
    case systemFields(Record)
    /// A whole archived `CKRecord`, with its field values.
    case record(Record)
}

/// Apple NSKeyedArchiver interop for CloudKit's classes, with no dependency on Foundation's archivers.
///
/// Reads change tokens, system fields and whole records that Apple devices archived, and writes change tokens
/// and system fields in Apple's layout and class names.
public enum KeyedArchive {
    /// Decodes an archived `CKServerChangeToken` (the NSMutableData form and the inline secure-coding form).
    public static func decodeChangeToken(_ data: Data) throws(KeyedArchiveError) -> ServerChangeToken {
        if let token = KeyedArchiveScanner.changeToken(of: data) { return token }
        return try read(data) { reader throws(KeyedArchiveError) in
            guard let root = try reader.rootObject() else { throw .missingValue(path: "$top.root") }
            return try reader.changeToken(root)
        }
    }

    /// Decodes a whole archived `CKRecord`, or an `encodeSystemFields(with:)` archive (a record with no fields).
    public static func decodeRecord(_ data: Data) throws(KeyedArchiveError) -> Record {
        if let record = KeyedArchiveScanner.systemFields(of: data) { return record }
        switch try readerContents(of: data) {
        case let .record(record), let .systemFields(record): return record
        case .changeToken: throw .unexpectedClass(path: "$top.root", expected: "CKRecord", found: "CKServerChangeToken")
        }
    }

    /// Tells what an archive holds and decodes it.
    public static func contents(of data: Data) throws(KeyedArchiveError) -> KeyedArchiveContents {
        if let contents = KeyedArchiveScanner.contents(of: data) { return contents }
        return try readerContents(of: data)
    }

    /// ``contents(of:)`` by the general reader alone, without the fast path of ``KeyedArchiveScanner``
    /// (which takes the plain change tokens and system fields, and leaves everything else to this).
    static func readerContents(of data: Data) throws(KeyedArchiveError) -> KeyedArchiveContents {
        try read(data) { reader throws(KeyedArchiveError) in try contents(of: reader) }
    }

    /// Runs `body` on a reader over the bytes of `data`, read in place.
    private static func read<T>(
        _ data: Data, _ body: (KeyedArchiveReader) throws(KeyedArchiveError) -> T
    ) throws(KeyedArchiveError) -> T {
        try BinaryPropertyListDocument.read(data, { document throws(KeyedArchiveError) in
            try body(KeyedArchiveReader(document: document))
        }, wrap: KeyedArchiveError.propertyList)
    }

    private static func contents(of reader: KeyedArchiveReader) throws(KeyedArchiveError) -> KeyedArchiveContents {
        if let root = try reader.rootObject() {
            if reader.isKind(root, of: "CKServerChangeToken") { return .changeToken(try reader.changeToken(root)) }
            if reader.isKind(root, of: "CKRecord") { return .record(try reader.record(root)) }
            throw .unrecognizedContents(reason: "the root object is a \(reader.className(of: root))")
        }
        if try reader.contains("RecordID", in: reader.top) { return .systemFields(try reader.systemFields(reader.top)) }
        let keys = try reader.keyNames(of: reader.top).sorted().joined(separator: ", ")
        throw .unrecognizedContents(reason: "$top has no root and no RecordID (keys: \(keys))")
    }

    /// Archives a change token as `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: true)`
    /// does on an Apple device.
    public static func encodeChangeToken(_ token: ServerChangeToken) -> Data {
        var writer = KeyedArchiveWriter()
        let root = writer.changeToken(token)
        return writer.archive(top: ["root": root])
    }

    /// Archives a record's system fields as `CKRecord.encodeSystemFields(with:)` does: the keys go straight
    /// into `$top`, with no root. Field values are not written.
    public static func encodeSystemFields(of record: Record) -> Data {
        var writer = KeyedArchiveWriter()
        let keys = writer.systemFieldKeys(of: record)
        return writer.archive(top: keys)
    }
}
