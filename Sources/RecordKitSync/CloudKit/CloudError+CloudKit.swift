#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKit

/// What a CloudKit error is about, to name it in the typed error.
struct CloudKitErrorSubject {
    /// The record of an item error.
    var recordID: RecordID?
    /// The zone of the request or of the item.
    var zoneID: RecordZoneID?
    /// The record sent, for `serverRecordChanged` (its client record).
    var clientRecord: Record?
    /// The last server record the client saw: where the values of assets CloudKit did not download come
    /// from (the client record's when nil).
    var ancestor: Record?
    /// The items and bytes of the request, for `limitExceeded`.
    var request: (items: Int, bytes: Int)?
}

extension CloudError {
    /// The typed error of a CloudKit error: the same cases `CloudKitSimulator` produces for the same failures.
    ///
    /// `zoneNotFound` with `CKErrorUserDidResetEncryptedDataKey` is ``encryptedDataReset(_:)``; a
    /// `serverRecordChanged` whose server record cannot be read, and codes with no case of their own, are
    /// ``other(code:reason:)``.
    init(cloudKitError error: any Error, subject: CloudKitErrorSubject) {
        guard let ckError = error as? CKError else {
            self = .other(code: -1, reason: String(describing: error))
            return
        }
        let code = ckError.code
        let zoneID = subject.zoneID ?? subject.recordID?.zoneID
        if code == .serverRecordChanged, let client = subject.clientRecord, let server = ckError.serverRecord,
            let serverRecord = try? Record(conflictServerRecord: server, fallback: subject.ancestor ?? client)
        {
            self = .serverRecordChanged(serverRecord: serverRecord, clientRecord: client)
        } else if code == .partialFailure {
            self = .partialFailure(Self.itemErrors(of: ckError, subject: subject))
        } else if let mapped = Self.mapped(code, ckError, zoneID: zoneID, subject: subject) {
            self = mapped
        } else {
            self = .other(code: code.rawValue, reason: String(describing: error))
        }
    }

    private static func mapped(_ code: CKError.Code, _ error: CKError, zoneID: RecordZoneID?, subject: CloudKitErrorSubject) -> CloudError? {
        // Compared, not switched over: the framework's enum grows cases.
        if code == .networkFailure { return .networkFailure }
        if code == .networkUnavailable { return .networkUnavailable }
        if code == .requestRateLimited { return .requestRateLimited(retryAfter: error.retryAfterSeconds) }
        if code == .serviceUnavailable { return .serviceUnavailable(retryAfter: error.retryAfterSeconds) }
        if code == .zoneBusy { return .zoneBusy(zoneID, retryAfter: error.retryAfterSeconds) }
        if code == .changeTokenExpired { return .changeTokenExpired(zoneID) }
        if code == .invalidArguments { return .invalidArguments(String(describing: error)) }
        if code == .permissionFailure { return .permissionFailure(String(describing: error)) }
        if code == .limitExceeded {
            return .limitExceeded(itemCount: subject.request?.items ?? 0, byteCount: subject.request?.bytes ?? 0)
        }
        if let zoneID {
            if code == .zoneNotFound {
                return userDidResetEncryptedData(error) ? .encryptedDataReset(zoneID) : .zoneNotFound(zoneID)
            }
            if code == .userDeletedZone { return .userDeletedZone(zoneID) }
        }
        if let recordID = subject.recordID {
            if code == .unknownItem { return .unknownItem(recordID) }
            if code == .batchRequestFailed { return .batchRequestFailed(recordID) }
        }
        return nil
    }

    /// https://developer.apple.com/documentation/cloudkit/ckerroruserdidresetencrypteddatakey
    static func userDidResetEncryptedData(_ error: CKError) -> Bool {
        let value = error.userInfo[CKErrorUserDidResetEncryptedDataKey]
        return (value as? Bool) == true || (value as? NSNumber)?.boolValue == true
    }

    /// The item errors of a `partialFailure`, by record; items that are not records are left out.
    private static func itemErrors(of error: CKError, subject: CloudKitErrorSubject) -> [RecordID: CloudError] {
        var errors: [RecordID: CloudError] = [:]
        for item in CloudKitItemError.items(of: error) ?? [] {
            guard case let .record(id) = item.item else { continue }
            let itemSubject = CloudKitErrorSubject(recordID: id, zoneID: id.zoneID, clientRecord: nil, request: subject.request)
            errors[id] = CloudError(cloudKitError: item.error, subject: itemSubject)
        }
        return errors
    }
}
#endif
