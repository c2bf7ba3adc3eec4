import Foundation

/// A file attached to a record: a local file to upload, what the server knows of an uploaded one, or both.
public struct Asset: Sendable, Hashable {
    /// The local file, when the asset lives on this device.
    public var fileURL: URL?
    /// The server's checksum of the file's content.
    public var fileChecksum: String?
    /// The size of the file in bytes, as the server reports it.
    public var size: Int64?
    /// The server's checksum of the file's reference (Web Services `referenceChecksum`).
    public var referenceChecksum: String?
    /// The key that wraps the file's encryption key (Web Services `wrappingKey`).
    public var wrappingKey: String?
    /// The upload receipt (Web Services `receipt`).
    public var receipt: String?
    /// Where the server lets the file be downloaded from.
    public var downloadURL: String?

    /// Creates an asset. At least one of `fileURL`, `fileChecksum`, `receipt` or `downloadURL` must be given,
    /// or the asset would name no file at all.
    public init(
        fileURL: URL? = nil,
        fileChecksum: String? = nil,
        size: Int64? = nil,
        referenceChecksum: String? = nil,
        wrappingKey: String? = nil,
        receipt: String? = nil,
        downloadURL: String? = nil
    ) throws(RecordValueError) {
        guard fileURL != nil || fileChecksum != nil || receipt != nil || downloadURL != nil else {
            throw .emptyAsset
        }
        if let size, size < 0 { throw .negativeAssetSize(size) }
        self.fileURL = fileURL
        self.fileChecksum = fileChecksum
        self.size = size
        self.referenceChecksum = referenceChecksum
        self.wrappingKey = wrappingKey
        self.receipt = receipt
        self.downloadURL = downloadURL
    }

    /// An asset for a local file.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }
}
