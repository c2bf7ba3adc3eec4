#if canImport(CloudKit)
import CloudKit
import CoreLocation
import Foundation
import RecordKit

/// Reads the objects a `CKRecord` stores into ``RecordKit/FieldValue``s.
///
/// The kind of a number comes from its `NSNumber.objCType`: `f` and `d` are doubles, the integer codes are
/// int64s (a Bool's `c` too). A generated model knows each field's kind and converts an exact number of the other
/// kind (see `RecordModel.init(ckRecord:)`); a plain ``RecordKit/Record`` keeps what the number says.
/// Anything else, an unknown `CKRecordValue` or a number of another type, is a
/// `RecordDecodingError` naming the record and the field.
struct FieldValueDecoder {
    let recordType: String
    let recordName: String
    let field: String

    func value(of object: any CKRecordValue) throws(RecordDecodingError) -> FieldValue {
        if let array = object as? NSArray { return try list(array) }
        return try scalar(object)
    }

    private func scalar(_ object: AnyObject) throws(RecordDecodingError) -> FieldValue {
        switch object {
        case let text as NSString: return .string(String(text))
        case let number as NSNumber: return try self.number(number)
        case let date as NSDate: return .timestamp(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate))
        case let data as NSData: return .bytes(Data(referencing: data))
        case let asset as CKAsset: return .asset(try self.asset(asset))
        case let reference as CKRecord.Reference: return .reference(try self.reference(reference))
        case let location as CLLocation: return .location(try self.location(location))
        default:
            throw invalid("an object of class \(String(describing: type(of: object)))", "a value CloudKit stores")
        }
    }

    private func list(_ array: NSArray) throws(RecordDecodingError) -> FieldValue {
        var values: [FieldValue] = []
        values.reserveCapacity(array.count)
        for index in 0..<array.count {
            let element = array.object(at: index) as AnyObject
            if element is NSArray { throw invalid("a list inside a list", "a value CloudKit stores") }
            values.append(try scalar(element))
        }
        do {
            return try FieldValue.list(values)
        } catch {
            throw invalid("a list of mixed kinds (\(error))", "a list of one kind")
        }
    }

    private func number(_ number: NSNumber) throws(RecordDecodingError) -> FieldValue {
        let type = String(cString: number.objCType)
        switch type {
        case "f", "d":
            return .double(number.doubleValue)
        case "c", "s", "i", "l", "q", "C", "S", "I", "B":
            return .int64(number.int64Value)
        case "L", "Q":
            // Unsigned 64-bit values above Int64.max have no INT64 field to go to.
            guard let value = Int64(exactly: number.uint64Value) else {
                throw invalid(String(number.uint64Value), "in INT64's range")
            }
            return .int64(value)
        default:
            throw invalid("an NSNumber of type '\(type)'", "an integer or a floating-point number")
        }
    }

    /// A fetched `CKAsset` has a file URL; the server's copy in a `serverRecordChanged` error has none
    /// (CloudKit does not download its assets), and an asset with no file names nothing RecordKit can keep.
    private func asset(_ asset: CKAsset) throws(RecordDecodingError) -> Asset {
        guard let url = asset.fileURL else {
            throw invalid("a CKAsset with no file URL", "an asset with a local file (fetch the record with its assets)")
        }
        return Asset(fileURL: url)
    }

    private func reference(_ reference: CKRecord.Reference) throws(RecordDecodingError) -> Reference {
        // Compared, not switched over: the framework's enum may grow cases.
        let action: Reference.Action
        if reference.action == .deleteSelf {
            action = .deleteSelf
        } else if reference.action == .none {
            action = .none
        } else {
            throw invalid("a reference with action \(reference.action.rawValue)", "none or deleteSelf")
        }
        return Reference(recordID: RecordID(reference.recordID), action: action)
    }

    private func location(_ location: CLLocation) throws(RecordDecodingError) -> Location {
        do {
            return try Location(location)
        } catch {
            throw invalid("a CLLocation (\(error))", "a valid location")
        }
    }

    private func invalid(_ value: String, _ reason: String) -> RecordDecodingError {
        .invalidValue(recordType: recordType, recordName: recordName, field: field, value: value, reason: reason)
    }
}
#endif
