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

    /// Where the store keeps the files of assets (see <doc:AssetFiles>). Every store has a folder: a record in the
    /// store never references a file outside it.
    public enum AssetFolder: Sendable, Hashable {
        /// The folder `<database path>.assets` beside the database file (the default).
        case besideStore
        /// A folder the app chooses.
        case at(URL)
    }

    /// The prefix of every table and index the store creates (`recordkit_` by default).
    public var tablePrefix: String
    /// Data protection of the files; ``FileProtection/completeUntilFirstUserAuthentication`` by default.
    public var fileProtection: FileProtection
    /// Where asset files are kept; ``AssetFolder/besideStore`` by default.
    public var assetFolder: AssetFolder
    /// The records a projection rebuild projects per committed transaction (2,000 by default): a rebuild killed
    /// or stopped by a full disk continues at the next open after the last committed batch.
    public var projectionRebuildBatchSize: Int

    /// Options; the defaults suit an app that syncs in the background.
    public init(
        tablePrefix: String = "recordkit_", fileProtection: FileProtection = .completeUntilFirstUserAuthentication,
        assetFolder: AssetFolder = .besideStore, projectionRebuildBatchSize: Int = 2_000
    ) {
        self.tablePrefix = tablePrefix
        self.fileProtection = fileProtection
        self.assetFolder = assetFolder
        self.projectionRebuildBatchSize = projectionRebuildBatchSize
    }
}
