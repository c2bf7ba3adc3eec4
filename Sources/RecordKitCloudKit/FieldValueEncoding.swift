#if canImport(CloudKit)
import CloudKit
import CoreLocation
import Foundation
import RecordKit

/// Writes ``RecordKit/FieldValue``s as the Foundation and CloudKit objects a `CKRecord` stores.
///
/// Numbers become `NSNumber`s made from `Int64` or `Double`, so their `objCType` keeps the kind: an INT64 field
/// holding 3 is `q`, a DOUBLE field holding 3.0 is `d`.
struct FieldValueEncoder {
    /// The record and field being written, for errors.
    let recordType: String
    let recordName: String
    let field: String

    func object(for value: FieldValue) throws(CloudKitBridgeError) -> any CKRecordValue {
        switch value {
        case let .string(text): NSString(string: text)
        case let .int64(number): NSNumber(value: number)
        case let .double(number): NSNumber(value: number)
        case let .timestamp(date): NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let .bytes(data): NSData(data: data)
        case let .asset(asset): try self.asset(asset)
        case let .reference(reference): try self.reference(reference)
        case let .location(location): CLLocation(location)
        case let .list(list): try self.list(list)
        }
    }

    private func list(_ list: FieldList) throws(CloudKitBridgeError) -> NSArray {
        var objects: [AnyObject] = []
        objects.reserveCapacity(list.count)
        for element in list.values {
            objects.append(try object(for: element))
        }
        return NSArray(array: objects)
    }

    /// A `CKAsset` is made from a local file; an asset only the server knows has none.
    private func asset(_ asset: Asset) throws(CloudKitBridgeError) -> CKAsset {
        guard let url = asset.fileURL else {
            throw .assetWithoutFile(recordType: recordType, recordName: recordName, field: field)
        }
        return CKAsset(fileURL: url)
    }

    private func reference(_ reference: Reference) throws(CloudKitBridgeError) -> CKRecord.Reference {
        let action: CKRecord.ReferenceAction
        switch reference.action {
        case .none: action = .none
        case .deleteSelf: action = .deleteSelf
        case .validate:
            throw .unsupportedReferenceAction(
                recordType: recordType, recordName: recordName, field: field, action: reference.action)
        }
        return CKRecord.Reference(recordID: CKRecord.ID(reference.recordID), action: action)
    }
}
#endif
