import Foundation
import RecordKit
import RecordKitSync

/// A `CloudDatabase` over CloudKit Web Services: one database of one container in one environment, reached
/// with one set of credentials. `SyncEngine` runs on it unchanged.
///
/// Errors are the `CloudError`s the simulator produces (`WebServicesErrorMapping`); a timeout or a lost
/// connection is `CloudError/networkFailure`, which the engine retries. Requests of the Web Services reference:
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/index.html
public actor WebServicesDatabase: CloudDatabase {
    /// Where the database is.
    public nonisolated let endpoint: WebServicesEndpoint
    public nonisolated var scope: DatabaseScope { endpoint.database }
    let transport: any WebServicesTransport
    let now: @Sendable () -> Date
    var credentials: WebServicesCredentials

    /// A database at `endpoint`, reached with `credentials` through `transport`; `now` dates signatures.
    public init(
        endpoint: WebServicesEndpoint, credentials: WebServicesCredentials,
        transport: any WebServicesTransport = HTTPClientTransport(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.endpoint = endpoint
        self.credentials = credentials
        self.transport = transport
        self.now = now
    }

    /// The web auth token the next request sends (the latest rotated one), if the credentials have one.
    public var currentWebAuthToken: String? {
        if case let .webAuth(_, token) = credentials { return token }
        return nil
    }

    /// Sends one operation and returns the body of its 2xx response; any other response is thrown as the
    /// `CloudError` its `serverErrorCode` maps to, about `zoneID` when given.
    func perform(
        _ operation: String, method: String = "POST", body: Data, zoneID: RecordZoneID? = nil
    ) async throws(CloudError) -> Data {
        try await perform(subpath: endpoint.subpath(operation), method: method, body: body, zoneID: zoneID)
    }

    /// Sends one request to `subpath` (below the service URL), signed or with tokens as the credentials say.
    func perform(
        subpath: String, method: String = "POST", body: Data, zoneID: RecordZoneID? = nil
    ) async throws(CloudError) -> Data {
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
        var query = ""
        switch credentials {
        case let .serverToServer(key):
            do {
                headers += try RequestSigning.headers(key: key, date: now(), body: body, subpath: subpath)
            } catch {
                throw .other(code: WebServicesErrorMapping.CKErrorCode.notAuthenticated, reason: error.description)
            }
        case let .apiToken(token):
            query = "?ckAPIToken=\(Self.queryEscaped(token))"
        case let .webAuth(apiToken, webAuthToken):
            query = "?ckAPIToken=\(Self.queryEscaped(apiToken))&ckWebAuthToken=\(Self.queryEscaped(webAuthToken))"
        }
        guard let url = URL(string: endpoint.service.absoluteString + subpath + query) else {
            throw .invalidArguments("the endpoint \(endpoint.service) and path \(subpath) make no URL")
        }
        let response = try await transport.send(WebServicesHTTPRequest(method: method, url: url, headers: headers, body: body))
        if case let .webAuth(apiToken, _) = credentials,
           let rotated = response.header(WebServicesCredentials.rotatedWebAuthTokenHeader), !rotated.isEmpty {
            credentials = .webAuth(apiToken: apiToken, webAuthToken: rotated)
        }
        guard (200..<300).contains(response.status) else {
            throw Self.requestError(status: response.status, body: response.body, zoneID: zoneID)
        }
        return response.body
    }

    /// The CloudError of a failed request: its error body mapped, or for a body that is not one, by its status.
    static func requestError(status: Int, body: Data, zoneID: RecordZoneID?) -> CloudError {
        if let error = try? WebServicesJSON.decodeErrorBody(body) {
            return WebServicesErrorMapping.cloudError(for: error, zoneID: zoneID)
        }
        switch status {
        case 429: return .requestRateLimited(retryAfter: nil)
        case 502, 503, 504: return .serviceUnavailable(retryAfter: nil)
        default: return .other(code: WebServicesErrorMapping.CKErrorCode.serverRejectedRequest, reason: "HTTP status \(status) without a CloudKit error body")
        }
    }

    /// Decodes a response body, or fails as an unreadable response (the server's fault, not the client's).
    static func decoded<T>(_ body: Data, _ decode: (Data) throws(WebServicesError) -> T) throws(CloudError) -> T {
        do {
            return try decode(body)
        } catch {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "unreadable response: \(error)")
        }
    }

    private static func queryEscaped(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
