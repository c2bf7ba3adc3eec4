import Foundation

/// Why a model could not be read from a native archive.
public enum RecordModelArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a valid record archive.
    case archive(NativeArchiveError)
    /// The archived record does not decode into the model.
    case decoding(RecordDecodingError)

    public var description: String {
        switch self {
        case let .archive(error): "the archive cannot be read: \(error)"
        case let .decoding(error): "the archived record cannot be read: \(error)"
        }
    }
}

extension RecordModel {
    /// The model as a native archive of its record: fields, unknown fields and system fields, for offline
    /// storage. Declared `throws` so a future archive with size limits can refuse; it does not throw today.
    public func archived() throws(RecordModelArchiveError) -> Data {
        NativeArchive.encode(record())
    }

    /// Reads a model from an archive made by ``archived()``, through the same version gate as ``init(record:)``:
    /// ``init(archivedViaRecord:)``.
    public init(archived data: Data) throws(RecordModelArchiveError) {
        try self.init(archivedViaRecord: data)
    }

    /// Reads a model from an archive by decoding its ``Record`` first and then reading that through
    /// ``init(record:)``: archive errors first (the whole archive is checked), then decoding errors.
    public init(archivedViaRecord data: Data) throws(RecordModelArchiveError) {
        let record: Record
        do {
            record = try NativeArchive.decodeRecord(data)
        } catch {
            throw .archive(error)
        }
        do {
            try self.init(record: record)
        } catch {
            throw .decoding(error)
        }
    }
}
