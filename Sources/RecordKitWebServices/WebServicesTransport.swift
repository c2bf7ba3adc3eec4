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
    /// The body (empty for GET).
    public var body: Data

    /// Creates a request.
    public init(method: String, url: URL, headers: [(name: String, value: String)], body: Data) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
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
}
