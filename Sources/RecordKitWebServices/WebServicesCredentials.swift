import Foundation

/// How requests prove who sends them.
///
/// A server-to-server key signs each request and reaches the public database; an API token (in the query string,
/// `ckAPIToken`) reaches the public database as an anonymous user, and with a user's web auth token
/// (`ckWebAuthToken`) that user's private and shared databases.
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/SettingUpWebServices.html
/// Descriptions never show a key or a token.
public enum WebServicesCredentials: Sendable, CustomStringConvertible {
    /// Requests signed with a server-to-server key.
    case serverToServer(ServerToServerKey)
    /// An API token made in CloudKit Dashboard.
    case apiToken(String)
    /// An API token and a user's web auth token. A web auth token is short-lived: the client keeps the rotated
    /// token each response carries in ``rotatedWebAuthTokenHeader`` and sends it next.
    case webAuth(apiToken: String, webAuthToken: String)

    /// The response header that carries the web auth token to use next.
    public static let rotatedWebAuthTokenHeader = "X-Apple-CloudKit-Web-Auth-Token"

    public var description: String {
        switch self {
        case let .serverToServer(key): "\(key)"
        case .apiToken: "API token (hidden)"
        case .webAuth: "API token and web auth token (hidden)"
        }
    }
}
