import Foundation
import RecordKit

/// Sharing operations on a database: the owner saves, reads and deletes shares in their private database.
///
/// A hierarchy share is saved together with its root record, which names the share in `SystemFields.share`, in
/// one atomic request, as CloudKit requires; a zone share is saved alone, in the zone it covers.
/// https://developer.apple.com/documentation/cloudkit/ckshare
public protocol CloudSharing: CloudDatabase {
    /// Saves `share` (new or changed) and, for a hierarchy share, `rootRecord`, whose system fields must name the
    /// share. Returns the share as the server stored it, with its URL and change tag.
    func saveShare(_ share: RecordShare, rootRecord: Record?) async throws(CloudError) -> RecordShare

    /// Reads the share with this record ID; ``CloudError/unknownItem(_:)`` when there is none.
    func fetchShare(_ id: RecordID) async throws(CloudError) -> RecordShare

    /// Deletes a share: every participant loses access to what it covered; the records stay the owner's.
    func deleteShare(_ id: RecordID) async throws(CloudError)
}

/// The container-wide operations of the person invited: read what a share URL offers, then accept it, after which
/// the shared zone appears in their shared database.
/// https://developer.apple.com/documentation/cloudkit/ckfetchsharemetadataoperation
/// https://developer.apple.com/documentation/cloudkit/ckacceptsharesoperation
public protocol ShareAccepting: Sendable {
    /// What the share at `url` offers the current user; ``CloudError/unknownItem(_:)`` style errors when the share
    /// is gone, ``CloudError/permissionFailure(_:)`` when the current user is not invited and the share is private.
    func fetchShareMetadata(_ url: URL) async throws(CloudError) -> ShareMetadata

    /// Accepts the share `metadata` describes; returns the share with the current user accepted.
    func acceptShare(_ metadata: ShareMetadata) async throws(CloudError) -> RecordShare
}
