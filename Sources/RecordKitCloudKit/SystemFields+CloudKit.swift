#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension SystemFields {
    /// The system fields a `CKRecord` exposes as properties. The device that saved last is not one of them.
    public init(ckRecord: CKRecord) throws(RecordDecodingError) {
        func reference(_ value: CKRecord.Reference?, _ name: String) throws(RecordDecodingError) -> Reference? {
            guard let value else { return nil }
            let decoder = FieldValueDecoder(recordType: ckRecord.recordType, recordName: ckRecord.recordID.recordName, field: name)
            guard case let .reference(reference) = try decoder.value(of: value) else { return nil }
            return reference
        }
        self.init(
            changeTag: ckRecord.recordChangeTag,
            creationDate: ckRecord.creationDate,
            creatorUserRecordName: ckRecord.creatorUserRecordID?.recordName,
            modificationDate: ckRecord.modificationDate,
            lastModifiedUserRecordName: ckRecord.lastModifiedUserRecordID?.recordName,
            modifiedByDevice: nil,
            parent: try reference(ckRecord.parent, "parent"),
            share: try reference(ckRecord.share, "share")
        )
    }
}

extension Record {
    /// The record type, ID and system fields of an archive `encodeSystemFields(with:)` wrote (the data apps
    /// keep in UserDefaults or a database to save an edit later); the record has no fields.
    public init(systemFieldsArchive data: Data) throws(KeyedArchiveError) {
        self = try KeyedArchive.decodeRecord(data)
    }

    /// The record's system fields archived as `encodeSystemFields(with:)` archives them, readable by
    /// `CKRecord(coder:)` on an Apple device.
    public func systemFieldsArchive() -> Data {
        KeyedArchive.encodeSystemFields(of: self)
    }
}

extension CKRecord {
    /// The record's `encodeSystemFields(with:)` output, from a secure-coding `NSKeyedArchiver`.
    public func systemFieldsArchive() -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        encodeSystemFields(with: archiver)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    /// A record restored with `CKRecord(coder:)` from an `encodeSystemFields(with:)` archive: the server's
    /// change tag, dates and IDs, no fields.
    public static func restoring(systemFieldsArchive data: Data) throws(CloudKitBridgeError) -> CKRecord {
        try restoring(systemFieldsArchive: data, recordName: "(unknown)")
    }

    static func restoring(systemFieldsArchive data: Data, recordName: String) throws(CloudKitBridgeError) -> CKRecord {
        // Checked as a keyed archive first: not every Foundation reports malformed archives as errors.
        let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let top = plist as? [String: Any], top["$archiver"] != nil, top["$top"] is [String: Any],
              top["$objects"] is [Any]
        else {
            throw .systemFieldsNotRestored(recordName: recordName, reason: "the data is not a keyed archive")
        }
        let unarchiver: NSKeyedUnarchiver
        do {
            unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        } catch {
            throw .systemFieldsNotRestored(recordName: recordName, reason: "\(error)")
        }
        unarchiver.requiresSecureCoding = true
        // A malformed archive is an error to report, not an Objective-C exception.
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        let record = CKRecord(coder: unarchiver)
        if let error = unarchiver.error {
            throw .systemFieldsNotRestored(recordName: recordName, reason: "\(error)")
        }
        guard let record else {
            throw .systemFieldsNotRestored(recordName: recordName, reason: "CKRecord(coder:) returned nil")
        }
        return record
    }
}
#endif
