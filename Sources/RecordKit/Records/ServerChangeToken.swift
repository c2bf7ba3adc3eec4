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
        "ServerChangeToken(\(data.count) bytes: \(data.map { byteHex($0) }.joined()))"
    }
}

private func byteHex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
}
