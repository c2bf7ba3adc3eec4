import RecordKit
import RecordKitStore

/// Why a sync step stopped. Pending changes stay queued; the next sync goes on from where this one stopped.
public enum SyncError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server refused a request, or kept failing it past the retries allowed.
    case cloud(CloudError)
    /// The store failed.
    case store(RecordStoreError)
    /// The task was cancelled: while it waited for its turn, for a retry, or for the store.
    case cancelled
    /// An asset of a fetched record, known only by its download URL, could not be downloaded (past the retries
    /// allowed): the record, the field, and the server's or network's error. Nothing of the page that held the
    /// record was stored; the next fetch asks for it again.
    case assetDownload(RecordID, recordType: String, field: String, CloudError)
    /// A share was saved over a version the server no longer has (`serverRecordChanged` on the share: someone
    /// changed it since it was read). Nothing was overwritten: `serverShare` is the server's share, now stored;
    /// make the change again on it and save that.
    case shareChanged(serverShare: RecordShare)

    /// An error thrown inside the engine as a sync error: store and cloud errors wrapped, a cancellation as
    /// ``cancelled``.
    init(_ error: any Error) {
        switch error {
        case let error as SyncError: self = error
        case RecordStoreError.cancelled: self = .cancelled
        case let error as RecordStoreError: self = .store(error)
        case let error as CloudError: self = .cloud(error)
        case is CancellationError: self = .cancelled
        default: self = .store(.unexpected("\(type(of: error)): \(error)"))
        }
    }

    public var description: String {
        switch self {
        case let .cloud(error): "sync failed: \(error)"
        case let .store(error): "sync failed in the store: \(error)"
        case .cancelled: "sync cancelled"
        case let .assetDownload(id, recordType, field, error):
            "\(recordType) record '\(id.recordName)' in zone \(id.zoneID), field '\(field)': the asset could not be downloaded (\(error)); nothing of its page was stored"
        case let .shareChanged(share):
            "share '\(share.id.recordName)' in zone \(share.zoneID) changed on the server since it was read (change tag \(share.system.changeTag ?? "none") now): the server's share is stored; save the change again on it"
        }
    }
}
