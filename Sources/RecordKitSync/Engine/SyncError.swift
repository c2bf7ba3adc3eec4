import RecordKitStore

/// Why a sync step stopped. Pending changes stay queued; the next sync goes on from where this one stopped.
public enum SyncError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server refused a request, or kept failing it past the retries allowed.
    case cloud(CloudError)
    /// The store failed.
    case store(RecordStoreError)
    /// The task was cancelled while the engine waited to retry.
    case cancelled

    public var description: String {
        switch self {
        case let .cloud(error): "sync failed: \(error)"
        case let .store(error): "sync failed in the store: \(error)"
        case .cancelled: "sync cancelled"
        }
    }
}
