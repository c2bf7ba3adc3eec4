import Crypto
import Foundation

/// Server-to-server request signing, as CloudKit Web Services documents it: the message
/// `<date>:<base64 SHA-256 of the body>:<subpath>` (the date in ISO 8601 without fractional seconds, the subpath
/// from `/database/1/…` without the host), signed with ECDSA P-256 over SHA-256, DER, base64, and sent in three
/// headers.
/// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/SettingUpWebServices.html
public enum RequestSigning {
    /// The header carrying the key ID.
    public static let keyIDHeader = "X-Apple-CloudKit-Request-KeyID"
    /// The header carrying the date.
    public static let dateHeader = "X-Apple-CloudKit-Request-ISO8601Date"
    /// The header carrying the signature.
    public static let signatureHeader = "X-Apple-CloudKit-Request-SignatureV1"

    /// `date` in ISO 8601, UTC, without fractional seconds: `2016-02-06T20:41:00Z`.
    public static func dateString(_ date: Date) -> String {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        let year = String(c.year ?? 0)
        return "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(c.month))-\(two(c.day))"
            + "T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }

    /// Reads a date written as ``dateString(_:)`` writes it (`Z` or `+00:00`); nil otherwise.
    public static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// The base64 SHA-256 digest of the body.
    public static func bodyDigest(_ body: Data) -> String {
        Data(SHA256.hash(data: body)).base64EncodedString()
    }

    /// The message a key signs.
    public static func message(date: String, body: Data, subpath: String) -> String {
        "\(date):\(bodyDigest(body)):\(subpath)"
    }

    /// The base64 DER ECDSA signature of the message.
    public static func signature(of message: String, with key: P256.Signing.PrivateKey) throws(WebServicesClientError) -> String {
        do {
            return try key.signature(for: Data(message.utf8)).derRepresentation.base64EncodedString()
        } catch {
            throw .invalidKey("signing failed")
        }
    }

    /// Whether `signature` (base64 DER) is `key`'s signature of `message`.
    public static func isValid(signature: String, of message: String, by key: P256.Signing.PublicKey) -> Bool {
        guard let der = Data(base64Encoded: signature),
              let parsed = try? P256.Signing.ECDSASignature(derRepresentation: der) else { return false }
        return key.isValidSignature(parsed, for: Data(message.utf8))
    }

    /// The three headers of a request signed at `date`.
    public static func headers(
        key: ServerToServerKey, date: Date, body: Data, subpath: String
    ) throws(WebServicesClientError) -> [(name: String, value: String)] {
        let dateText = dateString(date)
        let signature = try signature(of: message(date: dateText, body: body, subpath: subpath), with: key.privateKey)
        return [(keyIDHeader, key.keyID), (dateHeader, dateText), (signatureHeader, signature)]
    }
}
