import Foundation

/// How ``RecordStore`` opens its own database file.
public struct RecordStoreOptions: Sendable, Hashable {
    /// Apple data protection for the database file and its WAL and shared-memory files. Applied on iOS, iPadOS,
    /// tvOS, watchOS and visionOS; ignored elsewhere.
    public enum FileProtection: String, Sendable, Hashable, CaseIterable {
        /// Readable only while the device is unlocked: background sync cannot run while it is locked.
        case complete
        /// Files open before the device locked stay readable; new ones cannot be opened while locked.
        case completeUnlessOpen
        /// Readable from the first unlock after a restart on: background sync works with the device locked.
        /// The default, and what CloudKit apps that sync in the background need.
        case completeUntilFirstUserAuthentication
        /// No data protection beyond the system's default.
        case none
    }

    /// Where the store keeps the files of assets (see <doc:AssetFiles>).
    public enum AssetFolder: Sendable, Hashable {
        /// No folder: an asset's file URL is stored as the record carries it, and may point into a cache
        /// CloudKit purges. For stores that keep no asset files (a server that reads assets by `downloadURL`).
        case noFolder
        /// The folder `<database path>.assets` beside the database file.
        case besideStore
        /// A folder the app chooses.
        case at(URL)
    }

    /// The prefix of every table and index the store creates (`recordkit_` by default).
    public var tablePrefix: String
    /// Data protection of the files; ``FileProtection/completeUntilFirstUserAuthentication`` by default.
    public var fileProtection: FileProtection
    /// Where asset files are kept; ``AssetFolder/noFolder`` by default. An app that shows assets offline passes
    /// ``AssetFolder/besideStore``.
    public var assetFolder: AssetFolder

    /// Options; the defaults suit an app that syncs in the background.
    public init(
        tablePrefix: String = "recordkit_", fileProtection: FileProtection = .completeUntilFirstUserAuthentication,
        assetFolder: AssetFolder = .noFolder
    ) {
        self.tablePrefix = tablePrefix
        self.fileProtection = fileProtection
        self.assetFolder = assetFolder
    }
}
