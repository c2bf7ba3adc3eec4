#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension ServerChangeToken {
    /// The server's bytes inside a `CKServerChangeToken`.
    ///
    /// CloudKit exposes a token only through `NSSecureCoding`: the token is archived with a secure-coding
    /// `NSKeyedArchiver` and its `ChangeTokenData` read back, the key every archived token holds (both the older
    /// `NSData` object form and the newer inline form are read).
    public init(_ token: CKServerChangeToken) throws(CloudKitBridgeError) {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(token, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let unarchiver: NSKeyedUnarchiver
        do {
            unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        } catch {
            throw .changeToken(reason: "\(error)")
        }
        unarchiver.requiresSecureCoding = true
        // A malformed archive is an error to report, not an Objective-C exception.
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        // Read the token's own archive with a class that keeps its bytes, under every name the archiver may
        // have given the token's class.
        let classes: [AnyClass] = [CKServerChangeToken.self, type(of: token), token.classForKeyedArchiver ?? type(of: token)]
        for name in Set(classes.map { NSStringFromClass($0) }) {
            unarchiver.setClass(ChangeTokenBytes.self, forClassName: name)
        }
        defer { unarchiver.finishDecoding() }
        guard let bytes = unarchiver.decodeObject(of: ChangeTokenBytes.self, forKey: NSKeyedArchiveRootObjectKey) else {
            throw .changeToken(reason: unarchiver.error.map { "\($0)" } ?? "the archived token has no ChangeTokenData")
        }
        self.init(data: bytes.data)
    }

    /// The `CKServerChangeToken` holding the token's bytes, unarchived with `NSKeyedUnarchiver` from the
    /// secure-coding archive RecordKit writes in Apple's layout (`KeyedArchive.encodeChangeToken(_:)`).
    public func ckServerChangeToken() throws(CloudKitBridgeError) -> CKServerChangeToken {
        let archive = KeyedArchive.encodeChangeToken(self)
        let token: CKServerChangeToken?
        do {
            token = try NSKeyedUnarchiver.unarchivedObject(ofClass: CKServerChangeToken.self, from: archive)
        } catch {
            throw .changeToken(reason: "\(error)")
        }
        guard let token else { throw .changeToken(reason: "the archive held no CKServerChangeToken") }
        return token
    }
}

/// Reads `ChangeTokenData` out of an archived `CKServerChangeToken`.
private final class ChangeTokenBytes: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let data: Data

    required init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: "ChangeTokenData") else { return nil }
        self.data = Data(referencing: data)
    }

    func encode(with coder: NSCoder) {
        coder.encode(NSData(data: data), forKey: "ChangeTokenData")
    }
}
#endif
