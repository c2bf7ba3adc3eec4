/// Why the store could not take an asset file into its asset folder, or read one back to send.
public enum AssetFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the record names does not exist (an app file moved away, a cache CloudKit already purged, an
    /// owned file deleted behind the store's back).
    case missing(path: String)
    /// The file exists but cannot be read: the system error number and message.
    case unreadable(path: String, errno: Int32, message: String)
    /// The volume is full (ENOSPC or EDQUOT) while copying into the asset folder: nothing was kept of the copy.
    case noSpace(path: String)
    /// The file is larger than CloudKit takes for one asset (250 MB: 250,000,000 bytes, `CloudLimits.maximumAssetBytes`): it is not sent.
    case tooLarge(path: String, size: Int64, limit: Int64)
    /// Another system error while writing into the asset folder: the error number and message.
    case writeFailed(path: String, errno: Int32, message: String)

    public var description: String {
        switch self {
        case let .missing(path): "the asset file \(path) does not exist"
        case let .unreadable(path, errno, message): "the asset file \(path) cannot be read (errno \(errno): \(message))"
        case let .noSpace(path): "no space left to copy the asset into \(path); nothing of the copy was kept"
        case let .tooLarge(path, size, limit): "the asset file \(path) holds \(size) bytes, more than the \(limit) CloudKit takes for one asset"
        case let .writeFailed(path, errno, message): "cannot write the asset file \(path) (errno \(errno): \(message))"
        }
    }
}
