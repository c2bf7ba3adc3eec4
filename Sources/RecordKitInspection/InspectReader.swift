import Foundation
import RecordKit

/// Why `recordgen inspect` could not show a file; each case prints as one line after the file's path.
public enum InspectFailure: Error, Sendable {
    /// The file is missing, a folder, or cannot be opened.
    case unreadable(String)
    /// The bytes are none of the formats inspect knows.
    case unrecognized(firstBytes: String)
    /// The format was recognised but its codec refused the bytes; the codec's own error, with its offset or path.
    case decoding(String)

    /// What went wrong, on one line.
    public var message: String {
        switch self {
        case let .unreadable(reason):
            reason
        case let .unrecognized(firstBytes):
            "not a RecordKit archive, an NSKeyedArchiver archive, a CloudKit Web Services JSON body, a CloudKit push"
                + " payload or a Core Data mirror store (first bytes: \(firstBytes))"
        case let .decoding(reason):
            reason
        }
    }
}

/// Recognises a file by its content (never its extension) and decodes it:
/// the native archive magic first, then `bplist00` (a keyed archive), then JSON (first non-space byte `{`): a Web
/// Services body, or a CloudKit push payload (an object with a `ck` member).
enum InspectReader {
    private static let binaryPlistMagic = Array("bplist00".utf8)

    /// Reads and decodes the file at `path`. A record list keeps at most `limit` records (all when nil)
    /// and is streamed, so a large list is never held in memory whole.
    static func read(path: String, limit: Int?) throws(InspectFailure) -> InspectedBlob {
        let url = URL(fileURLWithPath: path)
        let head = try readBytes(of: url, upTo: 16)
        if NativeArchive.kind(of: head) == .recordList {
            return try readRecordList(url, limit: limit)
        }
        let data = head.count < 16 ? head : try readBytes(of: url, upTo: nil)
        if NativeArchive.hasMagic(data) { return try decodeNative(data, limit: limit) }
        if data.starts(with: binaryPlistMagic) {
            do {
                return .keyedArchive(try KeyedArchive.contents(of: data))
            } catch {
                throw .decoding(error.description)
            }
        }
        if data.first(where: { !isJSONWhitespace($0) }) == UInt8(ascii: "{") {
            do {
                return .webServices(try WebServicesJSON.contents(of: data))
            } catch {
                if case let .unrecognizedBody(keys) = error.reason, keys.contains("ck") {
                    return try decodePush(data)
                }
                throw .decoding("CloudKit Web Services JSON, \(error.description)")
            }
        }
        throw .unrecognized(firstBytes: InspectFormatting.leadingBytes(data))
    }

    /// A JSON object with a `ck` member that no Web Services body has: a CloudKit push payload.
    private static func decodePush(_ data: Data) throws(InspectFailure) -> InspectedBlob {
        do {
            return .pushNotification(try CloudNotification.decode(data))
        } catch {
            throw .decoding("CloudKit push payload, \(error.description)")
        }
    }

    private static func decodeNative(_ data: Data, limit: Int?) throws(InspectFailure) -> InspectedBlob {
        do throws(NativeArchiveError) {
            switch NativeArchive.kind(of: data) {
            case .record: return .nativeRecord(try NativeArchive.decodeRecord(data))
            case .recordList:
                let records = try NativeArchive.decodeRecords(data)
                return .nativeRecordList(shown: Array(records.prefix(limit ?? records.count)), total: records.count)
            case .token: return .nativeToken(try NativeArchive.decodeToken(data))
            case .syncState: return .nativeSyncState(try NativeArchive.decodeSyncState(data))
            case nil:
                // The magic is there but the header is cut short, of another version or of an unknown kind:
                // decoding as a record reports which, with its offset.
                _ = try NativeArchive.decodeRecord(data)
                throw NativeArchiveError(.notAnArchive, at: 0)
            }
        } catch {
            throw .decoding(error.description)
        }
    }

    private static func readRecordList(_ url: URL, limit: Int?) throws(InspectFailure) -> InspectedBlob {
        var shown: [Record] = []
        var total = 0
        let iterator = NativeArchiveReader(contentsOf: url).makeIterator()
        do {
            while let record = try iterator.nextRecord() {
                if limit.map({ total < $0 }) ?? true { shown.append(record) }
                total += 1
            }
        } catch {
            throw .decoding(error.description)
        }
        return .nativeRecordList(shown: shown, total: total)
    }

    /// The first `count` bytes of the file (all of it when nil), with a clear reason when it cannot be read.
    private static func readBytes(of url: URL, upTo count: Int?) throws(InspectFailure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable("no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable("is a folder, not a file") }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            if let count { return try handle.read(upToCount: count) ?? Data() }
            return try handle.readToEnd() ?? Data()
        } catch {
            let readable = FileManager.default.isReadableFile(atPath: url.path)
            throw .unreadable(readable ? "cannot be read: \(error.localizedDescription)" : "cannot be read (permission denied)")
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
