import Crypto
import Foundation

/// A server-to-server key: the key ID CloudKit Dashboard shows and the ECDSA P-256 private key it was made from.
///
/// Such a key reaches only the public database:
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/SettingUpWebServices.html
/// Its description names the key ID only: the private key never appears in a message or a log.
public struct ServerToServerKey: Sendable, CustomStringConvertible {
    /// The key's ID, sent in the `X-Apple-CloudKit-Request-KeyID` header.
    public let keyID: String
    /// The private key.
    public let privateKey: P256.Signing.PrivateKey

    /// A key from its ID and private key.
    public init(keyID: String, privateKey: P256.Signing.PrivateKey) {
        self.keyID = keyID
        self.privateKey = privateKey
    }

    /// A key from its ID and the PEM text `openssl ecparam -name prime256v1 -genkey -noout` writes (SEC 1 or PKCS #8).
    public init(keyID: String, pem: String) throws(WebServicesClientError) {
        do {
            self.init(keyID: keyID, privateKey: try P256.Signing.PrivateKey(pemRepresentation: Self.rewrapped(pem)))
        } catch {
            // The crypto error may quote the input: say only what failed.
            throw .invalidKey("the private key of key ID \(keyID) is not a PEM ECDSA P-256 private key")
        }
    }

    public var description: String { "server-to-server key \(keyID)" }

    /// The PEM text with its base64 in lines of 64 characters, as swift-crypto requires (python-ecdsa and
    /// others write 76).
    static func rewrapped(_ pem: String) -> String {
        let lines = pem.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let begin = lines.first, let end = lines.last, begin.hasPrefix("-----BEGIN"), end.hasPrefix("-----END"), lines.count >= 2 else {
            return pem
        }
        let base64 = lines.dropFirst().dropLast().joined()
        var wrapped: [String] = [begin]
        var index = base64.startIndex
        while index < base64.endIndex {
            let next = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            wrapped.append(String(base64[index..<next]))
            index = next
        }
        wrapped.append(end)
        return wrapped.joined(separator: "\n")
    }
}
