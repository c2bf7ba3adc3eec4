import Crypto
import Foundation
import RecordKitWebServices
import Testing

/// Signing vectors: a fixed key, date, body and path give the documented message, a signature the public key
/// verifies, and accept a signature made by another implementation (python-ecdsa, RFC 6979) of the same message.
@Suite struct RequestSigningTests {
    // A test-only key (secret exponent 0x1f2e3d4c5b6a7988 repeated), written by python-ecdsa.
    static let privatePEM = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIB8uPUxbanmIHy49TFtqeYgfLj1MW2p5iB8uPUxbanmIoAoGCCqGSM49AwEHoUQDQgAE
        vXxzuIsum0ztpiAistqL4TGTpbVu3Cbn33hC4kzQtesGBa2nvag6xqK4DX4xQED6R/8WuDushc7b
        AURRu3znGg==
        -----END EC PRIVATE KEY-----
        """
    static let publicPEM = """
        -----BEGIN PUBLIC KEY-----
        MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEvXxzuIsum0ztpiAistqL4TGTpbVu3Cbn33hC4kzQ
        tesGBa2nvag6xqK4DX4xQED6R/8WuDushc7bAURRu3znGg==
        -----END PUBLIC KEY-----
        """
    /// The public key's DER (the PEM's base64), read without PEM line rules.
    static var publicDER: Data {
        Data(base64Encoded: publicPEM.split(separator: "\n").dropFirst().dropLast().joined()) ?? Data()
    }
    static let body = Data(#"{"query":{"recordType":"Artist"},"zoneID":{"zoneName":"_defaultZone"}}"#.utf8)
    static let subpath = "/database/1/iCloud.com.example.app/development/public/records/query"
    static let expectedMessage =
        "2016-02-06T20:41:00Z:rj6qvdyYFPBRnFLbVS3hk+vXNiPIyUMj4j1GT8BFpCc=:/database/1/iCloud.com.example.app/development/public/records/query"
    /// python-ecdsa's deterministic signature of `expectedMessage` with the key above.
    static let pythonSignature = "MEUCIHHmvk7xn78XkLAGCwHlBcX8LmPM+8vFCkR74N5oFUp1AiEAmALqIV4GRG1y083ys7A74mZ5iNApUDV+etDanJppCEo="
    /// 2016-02-06T20:41:00.750Z: the fraction must not appear.
    static let date = Date(timeIntervalSince1970: 1_454_791_260.75)

    @Test func theMessageIsTheDateTheBodyDigestAndTheSubpath() {
        #expect(RequestSigning.dateString(Self.date) == "2016-02-06T20:41:00Z")
        #expect(RequestSigning.message(date: RequestSigning.dateString(Self.date), body: Self.body, subpath: Self.subpath) == Self.expectedMessage)
        #expect(RequestSigning.bodyDigest(Data()) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }

    @Test func theHeadersCarryTheKeyIDDateAndAVerifiableSignature() throws {
        let key = try ServerToServerKey(keyID: "test-key-id", pem: Self.privatePEM)
        let headers = try RequestSigning.headers(key: key, date: Self.date, body: Self.body, subpath: Self.subpath)
        #expect(headers.map(\.name) == [RequestSigning.keyIDHeader, RequestSigning.dateHeader, RequestSigning.signatureHeader])
        #expect(headers[0].value == "test-key-id")
        #expect(headers[1].value == "2016-02-06T20:41:00Z")
        let publicKey = try P256.Signing.PublicKey(derRepresentation: Self.publicDER)
        #expect(RequestSigning.isValid(signature: headers[2].value, of: Self.expectedMessage, by: publicKey))
        #expect(!RequestSigning.isValid(signature: headers[2].value, of: Self.expectedMessage + "x", by: publicKey))
        #expect(!RequestSigning.isValid(signature: "not base64 DER", of: Self.expectedMessage, by: publicKey))
    }

    @Test func anotherImplementationsSignatureVerifies() throws {
        let publicKey = try P256.Signing.PublicKey(derRepresentation: Self.publicDER)
        #expect(RequestSigning.isValid(signature: Self.pythonSignature, of: Self.expectedMessage, by: publicKey))
        let otherPath = Self.expectedMessage.replacingOccurrences(of: "/public/", with: "/private/")
        #expect(!RequestSigning.isValid(signature: Self.pythonSignature, of: otherPath, by: publicKey))
    }

    @Test func aKeyThatIsNotPEMIsRefusedWithoutQuotingIt() {
        let secret = "-----BEGIN EC PRIVATE KEY-----\nc2VjcmV0LWJ5dGVz\n-----END EC PRIVATE KEY-----"
        #expect {
            _ = try ServerToServerKey(keyID: "k1", pem: secret)
        } throws: { error in
            let text = "\(error)"
            return text.contains("k1") && !text.contains("c2VjcmV0LWJ5dGVz")
        }
    }

    @Test func descriptionsNeverShowSecrets() throws {
        let key = try ServerToServerKey(keyID: "test-key-id", pem: Self.privatePEM)
        let texts = [
            "\(key)", "\(WebServicesCredentials.serverToServer(key))", "\(WebServicesCredentials.apiToken("api-secret"))",
            "\(WebServicesCredentials.webAuth(apiToken: "api-secret", webAuthToken: "web-secret"))",
        ]
        for text in texts {
            #expect(!text.contains("secret") && !text.contains("MHcCAQEE"), "\(text)")
        }
    }
}
