import Crypto
import Foundation
import RecordKit
import RecordKitWebServices

/// Who a request acts for, once its credentials are checked.
enum Caller: Sendable, Hashable {
    /// A server-to-server key: the public database only.
    case server(keyID: String)
    /// An API token without a user: the public database only.
    case anonymous
    /// A user signed in with a web auth token; `nextToken` is the token the response hands back.
    case user(String, nextToken: String)
}

/// Checks a request's credentials as CloudKit does, and keeps the web auth tokens and their rotation.
///
/// Refusals carry CloudKit's codes and statuses: no credentials or no user where one is needed is
/// `AUTHENTICATION_REQUIRED` (421); a wrong key, signature, date or token is `AUTHENTICATION_FAILED` (401); a
/// server key or anonymous token used on a user's database is `ACCESS_DENIED` (403).
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/SettingUpWebServices.html
/// Refusals never quote a token, a key or a signature.
struct RequestAuthenticator {
    var serverKeys: [String: P256.Signing.PublicKey]
    var apiTokens: Set<String>
    var allowedClockSkew: TimeInterval
    /// Valid web auth tokens and their users.
    var webAuthTokens: [String: String]
    /// For each handed-out token, the token it replaces: using it retires that one.
    var predecessors: [String: String] = [:]

    init(configuration: LocalCloudKitConfiguration) {
        serverKeys = configuration.serverKeys
        apiTokens = configuration.apiTokens
        allowedClockSkew = configuration.allowedClockSkew
        webAuthTokens = configuration.webAuthTokens
    }

    /// The caller, or the refusal to answer with.
    mutating func authenticate(_ request: LocalRequest, scope: DatabaseScope, now: Date) -> Result<Caller, LocalRefusal> {
        if let keyID = request.headers[RequestSigning.keyIDHeader.lowercased()] {
            return verifySignature(request, keyID: keyID, now: now).flatMap { caller in
                scope == .public ? .success(caller)
                    : .failure(LocalRefusal(.accessDenied, "server-to-server keys reach only the public database"))
            }
        }
        guard let apiToken = request.query["ckAPIToken"] else {
            return .failure(LocalRefusal(.authenticationRequired, "the request carries no credentials"))
        }
        guard apiTokens.contains(apiToken) else { return .failure(LocalRefusal(.authenticationFailed, "Authentication failed")) }
        guard let webToken = request.query["ckWebAuthToken"] else {
            return scope == .public ? .success(.anonymous)
                : .failure(LocalRefusal(.authenticationRequired, "this database needs a signed-in user", redirect: true))
        }
        guard let user = webAuthTokens[webToken] else { return .failure(LocalRefusal(.authenticationFailed, "Authentication failed")) }
        if let previous = predecessors.removeValue(forKey: webToken) { webAuthTokens[previous] = nil }
        let next = "rk-web-" + UUID().uuidString
        webAuthTokens[next] = user
        predecessors[next] = webToken
        return .success(.user(user, nextToken: next))
    }

    private func verifySignature(_ request: LocalRequest, keyID: String, now: Date) -> Result<Caller, LocalRefusal> {
        let failed = LocalRefusal(.authenticationFailed, "Authentication failed")
        guard let key = serverKeys[keyID],
              let dateText = request.headers[RequestSigning.dateHeader.lowercased()],
              let signature = request.headers[RequestSigning.signatureHeader.lowercased()] else { return .failure(failed) }
        guard let date = RequestSigning.parseDate(dateText) else {
            return .failure(LocalRefusal(.authenticationFailed, "the request date is not ISO 8601 without fractional seconds"))
        }
        guard abs(date.timeIntervalSince(now)) <= allowedClockSkew else {
            return .failure(LocalRefusal(.authenticationFailed, "the request date is too far from the server's clock"))
        }
        let message = RequestSigning.message(date: dateText, body: request.body, subpath: request.path)
        guard RequestSigning.isValid(signature: signature, of: message, by: key) else { return .failure(failed) }
        return .success(.server(keyID: keyID))
    }
}

/// A refused request: its code and reason.
struct LocalRefusal: Error {
    var code: ServerErrorCode
    var reason: String
    var redirect: Bool

    init(_ code: ServerErrorCode, _ reason: String, redirect: Bool = false) {
        self.code = code
        self.reason = reason
        self.redirect = redirect
    }

    var response: LocalResponse {
        .error(code, reason, redirectURL: redirect ? "https://idmsa.apple.com/appleauth/auth/signin" : nil)
    }
}
