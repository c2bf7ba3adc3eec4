import Foundation
import RecordKit

/// A database whose fetched records name their assets by a download URL only, with no local file: CloudKit Web
/// Services. ``SyncEngine`` downloads each such asset into the store's asset folder before it stores the page that
/// holds the record, so the store owns that file as it owns every other.
public protocol AssetDownloadingDatabase: CloudDatabase {
    /// Writes the bytes served at the asset's `downloadURL` into a new file at `file`, streamed (never whole in
    /// memory). A failure that may pass is transient (``CloudError/isTransient``), as for any request.
    func downloadAsset(_ asset: Asset, to file: URL) async throws(CloudError)
}
