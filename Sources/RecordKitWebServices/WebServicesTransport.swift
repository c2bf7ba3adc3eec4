import Foundation
import RecordKitSync

/// One HTTP request of the Web Services client.
public struct WebServicesHTTPRequest: Sendable {
    /// `GET` or `POST`.
    public var method: String
    /// The whole URL, query string included.
    public var url: URL
    /// The headers, in order.
    public var headers: [(name: String, value: String)]
    /// The body (empty for GET, and when ``bodyFile`` holds it).
    public var body: Data
    /// A body read from a file in chunks (an asset upload), sent instead of ``body``; nil for other requests.
    /// A transport that cannot stream may read it whole from ``WebServicesFileBody/chunks(size:)``.
    public var bodyFile: WebServicesFileBody?

    /// Creates a request.
    public init(
        method: String, url: URL, headers: [(name: String, value: String)], body: Data, bodyFile: WebServicesFileBody? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
    }
}

/// One HTTP response: status, headers and the whole body.
public struct WebServicesHTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The headers, in order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header of this name, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends requests and returns responses; a failure to get a whole response is `CloudError/networkFailure`
/// (the server may or may not have committed the request), which `SyncEngine` retries.
public protocol WebServicesTransport: Sendable {
    /// Sends one request.
    func send(_ request: WebServicesHTTPRequest) async throws(CloudError) -> WebServicesHTTPResponse

    /// Sends one request and, when it succeeds (a 2xx status), writes the response body into a new file at `file`
    /// (replacing one there) instead of returning it; the response returned then has an empty body. A failed
    /// response's body is returned as ``send(_:)`` returns it. An asset download goes through here.
    func download(_ request: WebServicesHTTPRequest, to file: URL) async throws(CloudError) -> WebServicesHTTPResponse
}

extension WebServicesTransport {
    /// Sends the request with ``send(_:)`` and writes the whole body it returns into `file`: right for transports
    /// that hold a response in memory anyway. ``HTTPClientTransport`` streams the body into the file instead.
    public func download(_ request: WebServicesHTTPRequest, to file: URL) async throws(CloudError) -> WebServicesHTTPResponse {
        var response = try await send(request)
        guard (200..<300).contains(response.status) else { return response }
        do {
            try response.body.write(to: file)
        } catch {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "cannot write the download to \(file.path): \(error)")
        }
        response.body = Data()
        return response
    }
}
