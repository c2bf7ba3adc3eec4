import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckasset
open class CKAsset: NSObject, NSSecureCoding, __CKRecordObjCValue {
    /// https://developer.apple.com/documentation/cloudkit/ckasset/fileurl
    /// "nil for all of that record's asset fields" on the server record of a serverRecordChanged error.
    public let fileURL: URL?

    /// https://developer.apple.com/documentation/cloudkit/ckasset/init(fileurl:)
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// https://developer.apple.com/documentation/foundation/nssecurecoding/supportssecurecoding
    public static var supportsSecureCoding: Bool { true }

    /// https://developer.apple.com/documentation/foundation/nscoding/init(coder:)
    /// The file URL under `AssetFileURL`, as in Apple's archived CKAsset; absent for an asset whose file
    /// CloudKit did not download.
    public required init?(coder: NSCoder) {
        fileURL = coder.containsValue(forKey: "AssetFileURL")
            ? coder.decodeObject(of: NSURL.self, forKey: "AssetFileURL").map { $0 as URL } : nil
    }

    /// https://developer.apple.com/documentation/foundation/nscoding/encode(with:)
    open func encode(with coder: NSCoder) {
        if let fileURL { coder.encode(fileURL as NSURL, forKey: "AssetFileURL") }
    }
}
