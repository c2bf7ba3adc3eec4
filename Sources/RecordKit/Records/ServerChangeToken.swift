import Foundation

/// An opaque token from the server that marks how far a client has read a change feed.
public struct ServerChangeToken: Sendable, Hashable, CustomStringConvertible {
    /// The server's bytes, exactly as received.
    public var data: Data

    /// Wraps the server's bytes.
    public init(data: Data) {
        self.data = data
    }

    public var description: String {
        "ServerChangeToken(\(data.count) bytes: \(Hex.string(data)))"
    }
}
