#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension Record {
    /// Reads a `CKRecord`: its type, ID, system fields, fields and encrypted fields.
    ///
    /// System fields come from the record's public properties (change tag, dates, creator, last modifier,
    /// parent, share); CloudKit exposes no property for the device that saved last, so
    /// ``RecordKit/SystemFields/modifiedByDevice`` is nil (``init(systemFieldsArchive:)`` reads it from an
    /// `encodeSystemFields(with:)` archive). A value of a type CloudKit does not store throws
    /// ``RecordKit/RecordDecodingError/invalidValue(recordType:recordName:field:value:reason:)``.
    public init(ckRecord: CKRecord) throws(RecordDecodingError) {
        let recordType = ckRecord.recordType
        let recordName = ckRecord.recordID.recordName
        let encryptedKeys = ckRecord.encryptedValues.allKeys()
        let encrypted = Set(encryptedKeys)
        var fields = RecordFields()
        for key in ckRecord.allKeys() where !encrypted.contains(key) {
            guard let object = ckRecord.object(forKey: key) else { continue }
            let decoder = FieldValueDecoder(recordType: recordType, recordName: recordName, field: key)
            fields.set(try decoder.value(of: object), forKey: key)
        }
        var encryptedFields = RecordFields()
        for key in encryptedKeys {
            guard let object = ckRecord.encryptedValues.object(forKey: key) else { continue }
            let decoder = FieldValueDecoder(recordType: recordType, recordName: recordName, field: key)
            encryptedFields.set(try decoder.value(of: object), forKey: key)
        }
        self.init(
            recordType: recordType,
            id: RecordID(ckRecord.recordID),
            fields: fields,
            encryptedFields: encryptedFields,
            system: try SystemFields(ckRecord: ckRecord)
        )
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
        try apply(to: record)
        return record
    }

    /// Sets every field of the record on `ckRecord` and removes the fields it does not have.
    func apply(to ckRecord: CKRecord) throws(CloudKitBridgeError) {
        for (key, value) in fields {
            let encoder = FieldValueEncoder(recordType: recordType, recordName: id.recordName, field: key)
            ckRecord.setObject(try encoder.object(for: value), forKey: key)
        }
        for (key, value) in encryptedFields {
            let encoder = FieldValueEncoder(recordType: recordType, recordName: id.recordName, field: key)
            ckRecord.encryptedValues.setObject(try encoder.object(for: value), forKey: key)
        }
        let encrypted = Set(ckRecord.encryptedValues.allKeys())
        for key in ckRecord.allKeys() where !encrypted.contains(key) && !fields.contains(key: key) {
            ckRecord.setObject(nil, forKey: key)
        }
        for key in encrypted where !encryptedFields.contains(key: key) {
            ckRecord.encryptedValues.setObject(nil, forKey: key)
        }
    }
}
#endif
