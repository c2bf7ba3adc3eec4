import RecordKit

/// The errors CloudKit reports, typed, each naming the record or zone it is about.
///
/// Request-wide errors are thrown by ``CloudDatabase`` operations; item errors (``serverRecordChanged(serverRecord:clientRecord:)``,
/// ``unknownItem(_:)``, ``zoneNotFound(_:)``, ``batchRequestFailed(_:)``…) come in each item's result.
public indirect enum CloudError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The client's change tag is not the server's (or the record to create exists): `serverRecord` is the
    /// server's current record, `clientRecord` the one sent. Merge and save again on the server's record.
    case serverRecordChanged(serverRecord: Record, clientRecord: Record)
    /// The request holds too many items or bytes: split it in half and send both halves.
    case limitExceeded(itemCount: Int, byteCount: Int)
    /// The item did not fail, but another item of its atomic zone did, so it was not saved either.
    case batchRequestFailed(RecordID)
    /// The zone does not exist: create it, then send its records again.
    case zoneNotFound(RecordZoneID)
    /// The record does not exist on the server (a save with a change tag of a deleted record, a delete of a
    /// missing record, a fetch of a missing record).
    case unknownItem(RecordID)
    /// The change token is no longer valid: fetch again from no token. Nil zone: the database's token.
    case changeTokenExpired(RecordZoneID?)
    /// The user deleted the zone in Settings: drop the local copy or ask before uploading again.
    case userDeletedZone(RecordZoneID)
    /// The user reset their encrypted data, which deleted the zone (CloudKit: zoneNotFound with
    /// `CKErrorUserDidResetEncryptedDataKey`): upload the local copy again.
    case encryptedDataReset(RecordZoneID)
    /// The zone is busy with other requests: try again after `retryAfter` seconds.
    case zoneBusy(RecordZoneID?, retryAfter: Double?)
    /// Too many requests: try again after `retryAfter` seconds.
    case requestRateLimited(retryAfter: Double?)
    /// The service is unavailable: try again after `retryAfter` seconds.
    case serviceUnavailable(retryAfter: Double?)
    /// The network failed during the request: the server may or may not have committed it.
    case networkFailure
    /// There is no network: nothing was sent.
    case networkUnavailable
    /// Some items of a request failed; each failed item's error by record ID.
    case partialFailure([RecordID: CloudError])
    /// The request is malformed (say, a change feed asked of a zone that has none).
    case invalidArguments(String)
    /// The current user may not do this: a participant without write permission saved or deleted a shared record,
    /// a participant tried to share a shared record further, or a removed participant reached a zone it lost.
    /// The text says what was refused. CloudKit: `CKError.Code.permissionFailure`.
    case permissionFailure(String)
    /// A CloudKit error with no case of its own (quotaExceeded, notAuthenticated…): its
    /// `CKError.Code` raw value and description. The simulator never produces it.
    case other(code: Int, reason: String)
    /// The database does not offer this operation (for example subscriptions on a conformer that has no bridge
    /// for them yet); the text names the operation.
    case unsupported(String)

    /// Seconds to wait before trying again, when the server said.
    public var retryAfter: Double? {
        switch self {
        case let .zoneBusy(_, seconds), let .requestRateLimited(seconds), let .serviceUnavailable(seconds): seconds
        default: nil
        }
    }

    /// Whether the same request may succeed later unchanged.
    public var isTransient: Bool {
        switch self {
        case .zoneBusy, .requestRateLimited, .serviceUnavailable, .networkFailure, .networkUnavailable: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case let .serverRecordChanged(server, _):
            "serverRecordChanged: record \(server.id) changed on the server (its change tag is \(server.system.changeTag ?? "none"))"
        case let .limitExceeded(items, bytes):
            "limitExceeded: the request of \(items) items and \(bytes) bytes is too large; split it in half"
        case let .batchRequestFailed(id): "batchRequestFailed: record \(id) was not saved because another item of its atomic zone failed"
        case let .zoneNotFound(zone): "zoneNotFound: zone \(zone) does not exist"
        case let .unknownItem(id): "unknownItem: record \(id) does not exist on the server"
        case let .changeTokenExpired(zone?): "changeTokenExpired: the change token of zone \(zone) expired; fetch from no token"
        case .changeTokenExpired(nil): "changeTokenExpired: the database change token expired; fetch from no token"
        case let .userDeletedZone(zone): "userDeletedZone: the user deleted zone \(zone)"
        case let .encryptedDataReset(zone): "encryptedDataReset: the user reset their encrypted data, deleting zone \(zone)"
        case let .zoneBusy(zone, seconds): "zoneBusy: \(zone.map { "zone \($0)" } ?? "a zone") is busy" + Self.retryText(seconds)
        case let .requestRateLimited(seconds): "requestRateLimited: too many requests" + Self.retryText(seconds)
        case let .serviceUnavailable(seconds): "serviceUnavailable: the service is unavailable" + Self.retryText(seconds)
        case .networkFailure: "networkFailure: the network failed during the request; it may have been committed"
        case .networkUnavailable: "networkUnavailable: there is no network"
        case let .partialFailure(errors):
            "partialFailure: \(errors.count) items failed: "
                + errors.sorted { $0.key < $1.key }.map { "\($0.key.recordName): \($0.value)" }.joined(separator: "; ")
        case let .invalidArguments(reason): "invalidArguments: \(reason)"
        case let .permissionFailure(reason): "permissionFailure: \(reason)"
        case let .other(code, reason): "CloudKit error \(code): \(reason)"
        case let .unsupported(operation): "unsupported: this database does not offer \(operation)"
        }
    }

    private static func retryText(_ seconds: Double?) -> String {
        seconds.map { "; retry after \($0) s" } ?? ""
    }
}
