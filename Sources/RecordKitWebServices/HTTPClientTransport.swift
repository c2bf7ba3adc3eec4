import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RecordKitSync

/// The transport over AsyncHTTPClient's shared client: a timeout per request, a bound on response size.
///
/// Every failure to get a whole response (a timeout, a refused or reset connection, a body cut short) is
/// `CloudError/networkFailure`: the request may have been committed, and retrying it is safe for the sync
/// engine. The underlying error is not passed on: it may quote the URL, whose query holds the tokens.
public struct HTTPClientTransport: WebServicesTransport {
    /// The longest a request may take, sending and receiving.
    public var timeout: Duration
    /// The largest response body read; a longer one is a network failure.
    public var maximumResponseBytes: Int

    /// Told the size of each chunk of a file body as it is handed to the HTTP client (tests watch the stream).
    private let chunkObserver: (@Sendable (Int) -> Void)?

    /// A transport with a timeout (default 60 s) and a response size bound (default 64 MiB).
    public init(timeout: Duration = .seconds(60), maximumResponseBytes: Int = 64 << 20) {
        self.init(timeout: timeout, maximumResponseBytes: maximumResponseBytes, chunkObserver: nil)
    }

    /// A transport that tells `chunkObserver` the size of each chunk of a file body it hands to the HTTP client.
    package init(timeout: Duration = .seconds(60), maximumResponseBytes: Int = 64 << 20, chunkObserver: (@Sendable (Int) -> Void)?) {
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        self.chunkObserver = chunkObserver
    }

    public func send(_ request: WebServicesHTTPRequest) async throws(CloudError) -> WebServicesHTTPResponse {
        try await execute(request, into: nil)
    }

    /// Streams a successful response's body into `file`, a chunk at a time, with no bound on its size.
    public func download(_ request: WebServicesHTTPRequest, to file: URL) async throws(CloudError) -> WebServicesHTTPResponse {
        try await execute(request, into: file)
    }

    private func execute(_ request: WebServicesHTTPRequest, into file: URL?) async throws(CloudError) -> WebServicesHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let file = request.bodyFile {
            // Streamed with a known length (Content-Length): one chunk of the file in memory at a time.
            outgoing.body = .stream(ByteBufferChunks(chunks: file.chunks(), observer: chunkObserver), length: .known(file.length))
        } else if !request.body.isEmpty || request.method == "POST" {
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        }
        let seconds = timeout.components.seconds
        let nanoseconds = seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        let response: HTTPClientResponse
        do {
            response = try await HTTPClient.shared.execute(outgoing, timeout: .nanoseconds(nanoseconds))
        } catch {
            throw .networkFailure
        }
        let headers = response.headers.map { (name: $0.name, value: $0.value) }
        if let file, (200..<300).contains(Int(response.status.code)) {
            try await Self.write(response.body, to: file)
            return WebServicesHTTPResponse(status: Int(response.status.code), headers: headers, body: Data())
        }
        do {
            let body = try await response.body.collect(upTo: maximumResponseBytes)
            return WebServicesHTTPResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            throw .networkFailure
        }
    }

    /// Writes a response body into a new file at `file`, chunk by chunk as it arrives. A body cut short is a
    /// network failure; a file that cannot be written, an internal error naming it.
    private static func write(_ body: HTTPClientResponse.Body, to file: URL) async throws(CloudError) {
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = FileHandle(forWritingAtPath: file.path) else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "cannot create the download file \(file.path)")
        }
        defer { try? handle.close() }
        var chunks = body.makeAsyncIterator()
        while true {
            let chunk: ByteBuffer?
            do {
                chunk = try await chunks.next()
            } catch {
                throw .networkFailure
            }
            guard let chunk else { return }
            do {
                try handle.write(contentsOf: Data(chunk.readableBytesView))
            } catch {
                throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "cannot write the download file \(file.path): \(error)")
            }
        }
    }
}

/// A file body's chunks as the byte buffers AsyncHTTPClient streams.
private struct ByteBufferChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let chunks: WebServicesFileChunks
    let observer: (@Sendable (Int) -> Void)?

    func makeAsyncIterator() -> Iterator {
        Iterator(base: chunks.makeAsyncIterator(), observer: observer)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: WebServicesFileChunks.Iterator
        let observer: (@Sendable (Int) -> Void)?

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await base.next() else { return nil }
            observer?(chunk.count)
            return ByteBuffer(bytes: chunk)
        }
    }
}
