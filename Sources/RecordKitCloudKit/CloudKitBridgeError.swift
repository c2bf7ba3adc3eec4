#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

/// Why a value could not cross between RecordKit and CloudKit. Every case names the record and, where one is
/// at fault, the field.
///
/// Reading a `CKRecord` into a ``RecordKit/Record`` or a model throws `RecordDecodingError` instead,
/// like every other decoder of the package.
public enum CloudKitBridgeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An asset with no local file (one known only to the server, read from Web Services JSON) cannot become a
    /// `CKAsset`, which is made from a file: `CKAsset(fileURL:)`.
    case assetWithoutFile(recordType: String, recordName: String, field: String)
    /// CloudKit's `CKRecord.ReferenceAction` has no `validate` (a Web Services action).
    case unsupportedReferenceAction(recordType: String, recordName: String, field: String, action: Reference.Action)
    /// `CKRecord(coder:)` refused the system-field archive RecordKit wrote for the record.
    case systemFieldsNotRestored(recordName: String, reason: String)
    /// A change token could not be archived or unarchived.
    case changeToken(reason: String)
    /// The error is not the CloudKit error the call expects.
    case unexpectedError(expected: String, found: String)
    /// A `serverRecordChanged` error lacks one of the records it should carry.
    case missingConflictRecord(key: String)
    /// A record in a `serverRecordChanged` error could not be read into the model.
    case conflictRecord(key: String, error: RecordDecodingError)
    /// A query filter whose comparator `CKQuery` has no operator for.
    case unsupportedQueryFilter(field: String, comparator: String)
    /// A `CKQuerySubscription`'s predicate is not one RecordKit writes (see ``QueryPredicateFormat``).
    case unreadablePredicate(subscriptionID: String, predicate: String, reason: String)
    /// A `CKSubscription` of a kind RecordKit does not know.
    case unknownSubscriptionType(subscriptionID: String)
    /// A share the server has (it has a change tag) is saved from the server's `CKShare`, which was not given.
    case shareNeedsServerCopy(recordName: String)
    /// A new hierarchy share is made with its root record (`CKShare(rootRecord:share:)`), which was not given.
    case shareNeedsRootRecord(recordName: String, rootRecordName: String)
    /// A participant to add to the share is not among the participants the container looked up.
    case participantNotLookedUp(recordName: String, participant: String)

    public var description: String {
        switch self {
        case let .assetWithoutFile(recordType, recordName, field):
            "\(recordType) record '\(recordName)' has an asset in field '\(field)' with no local file: "
                + "a CKAsset needs a file URL (download the asset first)"
        case let .unsupportedReferenceAction(recordType, recordName, field, action):
            "\(recordType) record '\(recordName)' has a reference in field '\(field)' with action \(action.rawValue), "
                + "which CKRecord.ReferenceAction cannot express (use none or deleteSelf)"
        case let .systemFieldsNotRestored(recordName, reason):
            "the system fields of record '\(recordName)' could not be restored into a CKRecord: \(reason)"
        case let .changeToken(reason):
            "the change token could not be converted: \(reason)"
        case let .unexpectedError(expected, found):
            "expected \(expected), found \(found)"
        case let .missingConflictRecord(key):
            "the serverRecordChanged error has no CKRecord under \(key)"
        case let .conflictRecord(key, error):
            "the record under \(key) could not be read: \(error)"
        case let .unsupportedQueryFilter(field, comparator):
            "the filter on '\(field)' uses \(comparator), which CKQuery has no operator for"
        case let .unreadablePredicate(subscriptionID, predicate, reason):
            "the predicate of query subscription '\(subscriptionID)' is not one RecordKit writes (\(reason)): \(predicate)"
        case let .unknownSubscriptionType(subscriptionID):
            "subscription '\(subscriptionID)' is of a kind RecordKit does not know"
        case let .shareNeedsServerCopy(recordName):
            "share '\(recordName)' is on the server: save it from the server's CKShare (fetch it first)"
        case let .shareNeedsRootRecord(recordName, rootRecordName):
            "new share '\(recordName)' needs its root record '\(rootRecordName)' (CKShare(rootRecord:share:))"
        case let .participantNotLookedUp(recordName, participant):
            "share '\(recordName)': \(participant) was not looked up (CKContainer.shareParticipant(forUserRecordID:))"
        }
    }
}
#endif
