/// A configuration error of the Web Services client, found before anything is sent.
public enum WebServicesClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A key that cannot be read or used; the message never quotes the key.
    case invalidKey(String)

    public var description: String {
        switch self {
        case let .invalidKey(reason): "invalid server-to-server key: \(reason)"
        }
    }
}
