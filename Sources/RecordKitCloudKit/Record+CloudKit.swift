#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension Record {
    /// Reads a `CKRecord`: its type, ID, system fields, fields and encrypted fields.
    ///
    /// System fields come from the record's public properties (change tag, dates, creator, last modifier,
    /// parent, share); CloudKit exposes no property for the device that saved last, so
    /// `SystemFields.modifiedByDevice` is nil (``init(systemFieldsArchive:)`` reads it from an
    /// `encodeSystemFields(with:)` archive).
    ///
    /// A number's kind comes from its `NSNumber.objCType`: `f` and `d` are DOUBLE, the integer codes (a Bool's
    /// `c` too) INT64; a generated model converts an exact number to its schema's kind (`init(ckRecord:)`).
    /// A value of a type CloudKit does not store, a list of mixed kinds, or an asset with no file URL throws
    /// `RecordDecodingError.invalidValue(recordType:recordName:field:value:reason:)`.
    public init(ckRecord: CKRecord) throws(RecordDecodingError) {
        self = try Record.decoding(ckRecord, omittingAssetsWithoutFile: false).record
    }

    /// Reads the server's record of a `serverRecordChanged` error as ``RecordConflict`` does: CloudKit does not
    /// download its assets, so a field holding a `CKAsset` with no file URL takes `fallback`'s value for that
    /// field (the ancestor's, or the client's record when there is none), as unchanged since.
    public init(conflictServerRecord ckRecord: CKRecord, fallback: Record?) throws(RecordDecodingError) {
        var (record, omitted) = try Record.decoding(ckRecord, omittingAssetsWithoutFile: true)
        for key in omitted.sorted() {
            record[key] = fallback?[key]
        }
        self = record
    }

    /// Reads a `CKRecord`; with `omittingAssetsWithoutFile`, a field holding a `CKAsset` with no file URL (or a
    /// list of assets with one) is left out and named in `omitted` instead of throwing.
    static func decoding(
        _ ckRecord: CKRecord, omittingAssetsWithoutFile: Bool
    ) throws(RecordDecodingError) -> (record: Record, omitted: Set<String>) {
        let recordType = ckRecord.recordType
        let recordName = ckRecord.recordID.recordName
        var omitted: Set<String> = []
        func read(_ keys: [String], _ object: (String) -> (any CKRecordValue)?) throws(RecordDecodingError) -> RecordFields {
            var fields = RecordFields()
            for key in keys {
                guard let value = object(key) else { continue }
                if omittingAssetsWithoutFile && Self.holdsAssetWithoutFile(value) {
                    omitted.insert(key)
                    continue
                }
                let decoder = FieldValueDecoder(recordType: recordType, recordName: recordName, field: key)
                fields.set(try decoder.value(of: value), forKey: key)
            }
            return fields
        }
        let encryptedKeys = ckRecord.encryptedValues.allKeys()
        let encrypted = Set(encryptedKeys)
        let fields = try read(ckRecord.allKeys().filter { !encrypted.contains($0) }) { ckRecord.object(forKey: $0) }
        let encryptedFields = try read(encryptedKeys) { ckRecord.encryptedValues.object(forKey: $0) }
        let record = Record(
            recordType: recordType,
            id: RecordID(ckRecord.recordID),
            fields: fields,
            encryptedFields: encryptedFields,
            system: try SystemFields(ckRecord: ckRecord)
        )
        return (record, omitted)
    }

    private static func holdsAssetWithoutFile(_ value: any CKRecordValue) -> Bool {
        if let asset = value as? CKAsset { return asset.fileURL == nil }
        guard let array = value as? NSArray else { return false }
        for index in 0..<array.count {
            if let asset = array.object(at: index) as? CKAsset, asset.fileURL == nil { return true }
        }
        return false
    }

    /// The `CKRecord` of the record, ready to save.
    ///
    /// A record the server has seen (one with system fields) is restored with `CKRecord(coder:)` from the
    /// archive RecordKit writes in `encodeSystemFields(with:)`'s layout, so the `CKRecord` carries the server's
    /// change tag, dates and IDs and a save after an offline edit is not a conflict. A new record is made with
    /// `CKRecord(recordType:recordID:)`. Fields are set with `setObject(_:forKey:)`, encrypted fields on
    /// `encryptedValues`.
    public func ckRecord() throws(CloudKitBridgeError) -> CKRecord {
        let record: CKRecord
        if system == SystemFields() {
            record = CKRecord(recordType: recordType, recordID: CKRecord.ID(id))
        } else {
            record = try CKRecord.restoring(systemFieldsArchive: KeyedArchive.encodeSystemFields(of: self), recordName: id.recordName)
        }
        try apply(to: record, changedFrom: nil)
        return record
    }

    /// Sets on `ckRecord` the fields whose value differs from `base` (every field when `base` is nil), and
    /// removes the fields `base` has and the record does not. Fields equal to `base` are not touched, so a
    /// server's `CKAsset` the merge kept stays the server's.
    func apply(to ckRecord: CKRecord, changedFrom base: Record?) throws(CloudKitBridgeError) {
        for (key, value) in fields where !Self.same(value, base?.fields[key]) {
            let encoder = FieldValueEncoder(recordType: recordType, recordName: id.recordName, field: key)
            ckRecord.setObject(try encoder.object(for: value), forKey: key)
        }
        for (key, value) in encryptedFields where !Self.same(value, base?.encryptedFields[key]) {
            let encoder = FieldValueEncoder(recordType: recordType, recordName: id.recordName, field: key)
            ckRecord.encryptedValues.setObject(try encoder.object(for: value), forKey: key)
        }
        guard let base else { return }
        for key in base.fields.keys where !fields.contains(key: key) {
            ckRecord.setObject(nil, forKey: key)
        }
        for key in base.encryptedFields.keys where !encryptedFields.contains(key: key) {
            ckRecord.encryptedValues.setObject(nil, forKey: key)
        }
    }

    /// Equal values; empty lists are equal whatever their element kind (a `CKRecord` stores an empty list as an
    /// empty `NSArray`, which says no kind).
    private static func same(_ value: FieldValue, _ other: FieldValue?) -> Bool {
        if case let .list(list) = value, case let .list(otherList)? = other, list.count == 0, otherList.count == 0 {
            return true
        }
        return value == other
    }
}
#endif
