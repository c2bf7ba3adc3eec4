#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension RecordModel {
    /// Reads a `CKRecord` into the model, through the version gate and the kind check of every field.
    ///
    /// A number keeps the kind its `NSNumber` says; where the schema declares the other numeric kind (an
    /// INT64 field holding an `NSNumber` made from 3.0, a DOUBLE field holding one made from 3), an exactly
    /// representable value is converted to the schema's kind. A value that is not exact stays a
    /// `RecordDecodingError.typeMismatch(recordType:recordName:field:expected:found:)`.
    public init(ckRecord: CKRecord) throws(RecordDecodingError) {
        try self.init(convertingNumbersIn: try Record(ckRecord: ckRecord))
    }

    /// Reads a record read from a `CKRecord`, converting exact numbers to the kind the model's reader expects.
    init(convertingNumbersIn record: Record) throws(RecordDecodingError) {
        var record = record
        // Each retry converts one more field, so this ends after at most one pass per field.
        var converted: Set<String> = []
        while true {
            do {
                self = try Self(record: record)
                return
            } catch let error {
                guard case let .typeMismatch(_, _, field, expected, _) = error, !converted.contains(field),
                      let value = record[field], let exact = NumberKind.convert(value, to: expected)
                else { throw error }
                converted.insert(field)
                record[field] = exact
            }
        }
    }

    /// The model's `CKRecord`, ready to save: see ``RecordKit/Record/ckRecord()``.
    public func ckRecord() throws(CloudKitBridgeError) -> CKRecord {
        try record().ckRecord()
    }
}

/// Converts numbers between INT64 and DOUBLE when the value is exact in the other kind.
enum NumberKind {
    static func convert(_ value: FieldValue, to type: FieldType) -> FieldValue? {
        switch (value, type) {
        case let (.int64(number), .scalar(.double)):
            return Double(exactly: number).map(FieldValue.double)
        case let (.double(number), .scalar(.int64)):
            return Int64(exactly: number).map(FieldValue.int64)
        case let (.list(.int64(numbers)), .list(of: .double)):
            let doubles = numbers.compactMap { Double(exactly: $0) }
            return doubles.count == numbers.count ? .list(.double(doubles)) : nil
        case let (.list(.double(numbers)), .list(of: .int64)):
            let integers = numbers.compactMap { Int64(exactly: $0) }
            return integers.count == numbers.count ? .list(.int64(integers)) : nil
        default:
            return nil
        }
    }
}
#endif
