import Foundation
import RecordKit
import RecordKitSync

/// An APNs token made by `tokens/create`, with the URL to long-poll for its pushes.
public struct APNsToken: Sendable, Hashable {
    /// The APNs environment the token belongs to.
    public var environment: CloudKitEnvironment
    /// The token; register it with ``WebServicesDatabase/registerAPNsToken(_:environment:)`` to receive the pushes
    /// of the user's subscriptions.
    public var token: String
    /// The web courier URL: ``WebServicesDatabase/pollNotification(at:)`` long-polls it for the next push.
    public var webcourierURL: URL

    /// A token.
    public init(environment: CloudKitEnvironment, token: String, webcourierURL: URL) {
        self.environment = environment
        self.token = token
        self.webcourierURL = webcourierURL
    }
}

extension WebServicesDatabase {
    /// tokens/create: a new APNs token and the web courier URL its pushes can be long-polled on, for a client with
    /// no device (a server, a web page).
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/CreateTokens.html
    public func createAPNsToken(environment: CloudKitEnvironment = .development) async throws(CloudError) -> APNsToken {
        let body = try WebServicesJSONBodies.data(["apnsEnvironment": environment.rawValue])
        let object = try WebServicesJSONBodies.object(try await perform(subpath: tokensSubpath("create"), body: body))
        guard let token = object["apnsToken"] as? String, !token.isEmpty,
              let text = object["webcourierURL"] as? String, let url = URL(string: text) else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "tokens/create answered no apnsToken and webcourierURL")
        }
        let answered = (object["apnsEnvironment"] as? String).flatMap(CloudKitEnvironment.init(rawValue:)) ?? environment
        return APNsToken(environment: answered, token: token, webcourierURL: url)
    }

    /// tokens/register: from now on the pushes of the subscriptions of the credentials' user (and of the public
    /// database) go to `token`.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/RegisterTokens.html
    public func registerAPNsToken(_ token: String, environment: CloudKitEnvironment = .development) async throws(CloudError) {
        let body = try WebServicesJSONBodies.data(["apnsEnvironment": environment.rawValue, "apnsToken": token])
        _ = try await perform(subpath: tokensSubpath("register"), body: body)
    }

    /// Long-polls a web courier URL once: the next push, read from the payload CloudKit sends
    /// (`CloudNotification.decode(_:)`), or nil when the poll ended without one. Poll again for the next.
    ///
    /// The transport's timeout must be longer than the courier holds a poll; a poll cut short is
    /// `CloudError/networkFailure`.
    public func pollNotification(at webcourierURL: URL) async throws(CloudError) -> CloudNotification? {
        let response = try await transport.send(WebServicesHTTPRequest(method: "GET", url: webcourierURL, headers: [], body: Data()))
        guard (200..<300).contains(response.status) else {
            throw Self.requestError(status: response.status, body: response.body, zoneID: nil)
        }
        if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return nil }
        do {
            return try CloudNotification.decode(response.body)
        } catch {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "unreadable push payload: \(error)")
        }
    }

    /// `/database/1/<container>/<environment>/tokens/<operation>`: token requests name no database.
    private func tokensSubpath(_ operation: String) -> String {
        "/database/1/\(endpoint.container)/\(endpoint.environment.rawValue)/tokens/\(operation)"
    }
}
