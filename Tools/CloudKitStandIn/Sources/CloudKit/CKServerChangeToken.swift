import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckserverchangetoken
/// No public initializer: tokens come from the server, or from unarchiving.
open class CKServerChangeToken: NSObject, NSSecureCoding, NSCopying {
    /// The server's bytes (private in the framework; the stand-in keeps them for `encode(with:)`).
    let changeTokenData: Data

    /// https://developer.apple.com/documentation/foundation/nssecurecoding/supportssecurecoding
    public static var supportsSecureCoding: Bool { true }

    /// https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
    /// `ChangeTokenData`, as in Apple's archives: an NSData object or inline bytes.
    public required init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: "ChangeTokenData") else { return nil }
        changeTokenData = Data(referencing: data)
    }

    /// https://developer.apple.com/documentation/foundation/nscoding/encode(with:)
    open func encode(with coder: NSCoder) {
        coder.encode(NSData(data: changeTokenData), forKey: "ChangeTokenData")
    }

    /// https://developer.apple.com/documentation/foundation/nscopying/copy(with:)
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/isequal(_:)
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CKServerChangeToken)?.changeTokenData == changeTokenData
    }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/hash
    open override var hash: Int { changeTokenData.hashValue }
}
