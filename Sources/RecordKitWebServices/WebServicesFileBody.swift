import Foundation

/// A request body read from a file, a chunk at a time: an asset is uploaded without being read whole into memory.
///
/// A transport sends ``length`` bytes, taken from ``chunks(size:)`` (``HTTPClientTransport`` streams them as the
/// HTTP body, with `Content-Length` set).
public struct WebServicesFileBody: Sendable, Hashable {
    /// The bytes read at a time unless a transport asks otherwise.
    public static let defaultChunkSize = 1 << 20

    /// The file.
    public var url: URL
    /// How many bytes of it are sent: its size when the upload began.
    public var length: Int64

    /// A body of `length` bytes read from `url`.
    public init(url: URL, length: Int64) {
        self.url = url
        self.length = length
    }

    /// The body of the file at `url`, as long as the file is now.
    /// - Throws: the error that says why the file cannot be opened or measured.
    public init(fileAt url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        self.init(url: url, length: Int64(try handle.seekToEnd()))
    }

    /// The file's first ``length`` bytes, at most `size` at a time. Reading fails when the file cannot be read or
    /// has become shorter than ``length``.
    public func chunks(size: Int = defaultChunkSize) -> WebServicesFileChunks {
        WebServicesFileChunks(body: self, chunkSize: max(1, size))
    }
}

/// The chunks of a ``WebServicesFileBody``: each read from the file when the transport asks for it, so no more
/// than one chunk is in memory at a time.
public struct WebServicesFileChunks: AsyncSequence, Sendable {
    public typealias Element = Data

    let body: WebServicesFileBody
    let chunkSize: Int

    public func makeAsyncIterator() -> Iterator {
        Iterator(body: body, chunkSize: chunkSize)
    }

    /// Reads the file in order; the file is opened at the first chunk and closed after the last.
    public struct Iterator: AsyncIteratorProtocol {
        private let body: WebServicesFileBody
        private let chunkSize: Int
        private var handle: FileHandle?
        private var remaining: Int64

        init(body: WebServicesFileBody, chunkSize: Int) {
            self.body = body
            self.chunkSize = chunkSize
            self.remaining = body.length
        }

        public mutating func next() async throws -> Data? {
            guard remaining > 0 else {
                try? handle?.close()
                handle = nil
                return nil
            }
            let file = try handle ?? FileHandle(forReadingFrom: body.url)
            handle = file
            let chunk = try file.read(upToCount: Int(Swift.min(Int64(chunkSize), remaining))) ?? Data()
            guard !chunk.isEmpty else {
                try? file.close()
                handle = nil
                throw WebServicesFileBodyError.fileShortened(path: body.url.path, expected: body.length, read: body.length - remaining)
            }
            remaining -= Int64(chunk.count)
            return chunk
        }
    }
}

/// Why a file body could not be read to its end.
public enum WebServicesFileBodyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file ended before the length the upload announced: it was truncated while being sent.
    case fileShortened(path: String, expected: Int64, read: Int64)

    public var description: String {
        switch self {
        case let .fileShortened(path, expected, read):
            "the file \(path) ended after \(read) of the \(expected) bytes being uploaded"
        }
    }
}
