import Foundation

/// Writes CloudKit's classes in Apple's layout and class names, so an Apple device can unarchive them.
extension KeyedArchiveWriter {
    /// The keys `CKRecord.encodeSystemFields(with:)` writes that hold nothing we model: nil objects.
    static let nilSystemKeys = [
        "BaseToken", "ChainParentPublicKeyID", "ChainPrivateKey", "ChainProtectionData", "ConflictLoserEtags",
        "MutableEncryptedPublicSharingKey", "PreviousParentReference", "PreviousProtectionDataEtag",
        "PreviousProtectionDataEtagFromUnitTest", "PreviousShareReference", "ProtectionData", "ProtectionDataEtag",
        "RoutingKey", "ShareEtag", "TombstonedPublicKeyIDs", "URL", "ZoneProtectionDataEtag",
    ]

    /// The Boolean keys of the system fields that are false for every record we write.
    static let falseSystemKeys = [
        "HasUpdatedParentReference", "HasUpdatedShareReference", "UseLightweightPCS", "WantsChainPCSKey",
        "WantsPublicSharingKey", "WasCached",
    ]

    /// The system-field keys of a record, encoded in the order Apple's `encodeSystemFields` encodes them.
    mutating func systemFieldKeys(of record: Record) -> [String: PropertyListValue] {
        var keys: [String: PropertyListValue] = [:]
        keys["RecordType"] = string(record.recordType)
        keys["RecordID"] = recordID(record.id)
        keys["RecordCtime"] = date(record.system.creationDate)
        keys["RecordMtime"] = date(record.system.modificationDate)
        keys["CreatorUserRecordID"] = userRecordID(record.system.creatorUserRecordName)
        keys["LastModifiedUserRecordID"] = userRecordID(record.system.lastModifiedUserRecordName)
        keys["ModifiedByDevice"] = string(record.system.modifiedByDevice)
        keys["ETag"] = string(record.system.changeTag)
        keys["ParentReference"] = reference(record.system.parent)
        keys["ShareReference"] = reference(record.system.share)
        // A record with a change tag has been saved, so the server knows it.
        keys["KnownToServer"] = .bool(record.system.changeTag != nil)
        // Every archive seen from Apple's devices writes 1 here.
        keys["Permission"] = .integer(1)
        for key in Self.nilSystemKeys { keys[key] = Self.null }
        for key in Self.falseSystemKeys { keys[key] = .bool(false) }
        return keys
    }

    /// A `CKServerChangeToken` as the secure-coding archiver writes it: `ChangeTokenData` holds the bytes
    /// directly.
    mutating func changeToken(_ token: ServerChangeToken) -> PropertyListValue {
        let uid = begin()
        let bytes = add(.data(token.data))
        finish(uid, fields: ["ChangeTokenData": bytes], className: "CKServerChangeToken", classes: ["CKServerChangeToken", "NSObject"])
        return .uid(uid)
    }
}
