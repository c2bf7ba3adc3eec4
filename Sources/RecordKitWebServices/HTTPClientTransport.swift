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

    /// A transport with a timeout (default 60 s) and a response size bound (default 64 MiB).
    public init(timeout: Duration = .seconds(60), maximumResponseBytes: Int = 64 << 20) {
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    public func send(_ request: WebServicesHTTPRequest) async throws(CloudError) -> WebServicesHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if !request.body.isEmpty || request.method == "POST" {
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        }
        let seconds = timeout.components.seconds
        let nanoseconds = seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        do {
            let response = try await HTTPClient.shared.execute(outgoing, timeout: .nanoseconds(nanoseconds))
            let body = try await response.body.collect(upTo: maximumResponseBytes)
            return WebServicesHTTPResponse(
                status: Int(response.status.code),
                headers: response.headers.map { (name: $0.name, value: $0.value) },
                body: Data(body.readableBytesView))
        } catch {
            throw .networkFailure
        }
    }
}
