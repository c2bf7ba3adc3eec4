#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

/// The item one error of a `CKError.partialFailure` is about.
public enum CloudKitItem: Sendable, Hashable, CustomStringConvertible {
    case record(RecordID)
    case zone(RecordZoneID)
    /// A key of another type (a subscription ID, say), described.
    case other(String)

    public var description: String {
        switch self {
        case let .record(id): "record \(id)"
        case let .zone(id): "zone \(id)"
        case let .other(text): text
        }
    }
}

/// What went wrong with one item of a batch: the typed form of one entry of `CKPartialErrorsByItemIDKey`.
public struct CloudKitItemError: Error, CustomStringConvertible {
    /// The record or zone the error is about.
    public let item: CloudKitItem
    /// The item's error as CloudKit gave it: a `CKError` with its `code`, `retryAfterSeconds` and, for
    /// `.serverRecordChanged`, the records to pass to ``RecordConflict``.
    public let error: any Error

    /// The item's `CKError` code; nil when the entry is not a `CKError`.
    public var code: CKError.Code? { (error as? CKError)?.code }

    /// Whether the item failed only because another item of an atomic batch did (`.batchRequestFailed`):
    /// resend it once the others are fixed.
    public var failedWithBatch: Bool { code == .batchRequestFailed }

    /// Whether the item is a conflict to resolve with ``RecordConflict``.
    public var isConflict: Bool { code == .serverRecordChanged }

    public var description: String {
        guard let code else { return "\(item): \(error)" }
        return "\(item): CKError code \(code.rawValue)"
    }

    /// The errors of a `CKError.partialFailure`, one per item, sorted by item; an error of another code is one
    /// item-less failure of the whole request and gives nil.
    public static func items(of error: any Error) -> [CloudKitItemError]? {
        guard let error = error as? CKError, error.code == .partialFailure,
              let byItem = error.userInfo[CKPartialErrorsByItemIDKey] as? [AnyHashable: any Error]
        else { return nil }
        var items: [CloudKitItemError] = []
        for (key, itemError) in byItem {
            let item: CloudKitItem
            if let recordID = key.base as? CKRecord.ID {
                item = .record(RecordID(recordID))
            } else if let zoneID = key.base as? CKRecordZone.ID {
                item = .zone(RecordZoneID(zoneID))
            } else {
                item = .other(String(describing: key.base))
            }
            items.append(CloudKitItemError(item: item, error: itemError))
        }
        return items.sorted { $0.item.description < $1.item.description }
    }
}
#endif
