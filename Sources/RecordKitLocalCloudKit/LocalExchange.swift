import Foundation
import RecordKit
import RecordKitSync

/// One HTTP request as the local CloudKit sees it, free of the HTTP server's types (so tests and the fuzz
/// target drive the request path directly).
public struct LocalRequest: Sendable {
    /// `GET` or `POST`.
    public var method: String
    /// The path, without the query string.
    public var path: String
    /// The query string's parameters, decoded.
    public var query: [String: String]
    /// The headers, names lower-cased.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// The `Host` the client used, for the asset URLs the server hands out.
    public var host: String

    /// Creates a request.
    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: Data = Data(), host: String = "127.0.0.1") {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.host = host
    }
}

/// What the local CloudKit answers: a response, or a dropped connection (a fault that loses the response).
public enum LocalResponse: Sendable {
    /// An HTTP response.
    case reply(status: Int, headers: [String: String], body: Data)
    /// Close the connection without a whole response: the client sees a network failure.
    case dropConnection

    /// A JSON response.
    static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> LocalResponse {
        var headers = headers
        headers["Content-Type"] = "application/json; charset=UTF-8"
        return .reply(status: status, headers: headers, body: body)
    }

    /// A CloudKit error body with the status Web Services documents for its code.
    static func error(_ code: ServerErrorCode, _ reason: String, redirectURL: String? = nil) -> LocalResponse {
        let error = WebServicesServerError(serverErrorCode: code, reason: reason, uuid: UUID().uuidString, redirectURL: redirectURL)
        return .json(WebServicesJSON.encodeErrorBody(error), status: WebServicesErrorMapping.httpStatus(of: code))
    }

    /// The answer to a request the simulator refused as a whole.
    static func cloudError(_ error: CloudError) -> LocalResponse {
        guard let (status, body) = WebServicesErrorMapping.serverError(for: error) else { return .dropConnection }
        var withID = body
        withID.uuid = UUID().uuidString
        return .json(WebServicesJSON.encodeErrorBody(withID), status: status)
    }

    /// The HTTP status, for logs and tests; 0 for a dropped connection.
    public var status: Int {
        if case let .reply(status, _, _) = self { return status }
        return 0
    }

    /// The body, for tests; empty for a dropped connection.
    public var body: Data {
        if case let .reply(_, _, body) = self { return body }
        return Data()
    }
}
