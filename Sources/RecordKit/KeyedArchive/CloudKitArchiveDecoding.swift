import Foundation

/// CloudKit's classes on top of the keyed-archive reader: change tokens, IDs, system fields, records.
extension KeyedArchiveReader {
    /// The object under `$top.root`, or nil for an archive with no root (`encodeSystemFields`).
    func rootObject() throws(KeyedArchiveError) -> ArchivedObject? {
        switch try value("root", in: top) {
        case .null: return nil
        case let .object(object): return object
        case let other: throw .typeMismatch(path: "$top.root", expected: "an object", found: typeName(of: other))
        }
    }

    /// A `CKServerChangeToken`: `ChangeTokenData` is an NSMutableData object (older archives) or raw bytes.
    func changeToken(_ token: ArchivedObject) throws(KeyedArchiveError) -> ServerChangeToken {
        guard isKind(token, of: "CKServerChangeToken") else {
            throw .unexpectedClass(path: token.path.description, expected: "CKServerChangeToken", found: className(of: token))
        }
        guard let bytes = try data("ChangeTokenData", in: token) else {
            throw .missingValue(path: token.path.key("ChangeTokenData").description)
        }
        return ServerChangeToken(data: bytes)
    }

    /// A `CKRecordZoneID`: `ZoneName` and `ownerName` (lower-case o).
    func zoneID(_ zone: ArchivedObject) throws(KeyedArchiveError) -> RecordZoneID {
        guard let name = try string("ZoneName", in: zone) else {
            throw .missingValue(path: zone.path.key("ZoneName").description)
        }
        let owner = try string("ownerName", in: zone) ?? RecordZoneID.defaultOwnerName
        return RecordZoneID(zoneName: name, ownerName: owner)
    }

    /// A `CKRecordID`: `RecordName` and `ZoneID`.
    func recordID(_ id: ArchivedObject) throws(KeyedArchiveError) -> RecordID {
        guard let name = try string("RecordName", in: id) else {
            throw .missingValue(path: id.path.key("RecordName").description)
        }
        guard let zone = try object("ZoneID", of: "CKRecordZoneID", in: id) else {
            throw .missingValue(path: id.path.key("ZoneID").description)
        }
        return RecordID(recordName: name, zoneID: try zoneID(zone))
    }

    /// The record ID under `key`, nil when absent.
    func recordID(_ key: String, in parent: ArchivedObject) throws(KeyedArchiveError) -> RecordID? {
        guard let id = try object(key, of: "CKRecordID", in: parent) else { return nil }
        return try recordID(id)
    }

    /// A `CKReference`: `RecordID` and the delete action (`Action`; 1 is delete-self).
    func reference(_ reference: ArchivedObject) throws(KeyedArchiveError) -> Reference {
        guard let id = try recordID("RecordID", in: reference) else {
            throw .missingValue(path: reference.path.key("RecordID").description)
        }
        var action = try integer("Action", in: reference)
        if action == nil { action = try integer("ReferenceAction", in: reference) }
        let code = action ?? 0
        switch code {
        case 0: return Reference(recordID: id, action: .none)
        case 1: return Reference(recordID: id, action: .deleteSelf)
        default: throw .invalidValue(path: reference.path.key("Action").description, reason: "unknown reference action \(code)")
        }
    }

    /// The record type, ID and system fields written by `encodeSystemFields(with:)`, from `$top` or from a
    /// whole archived `CKRecord`.
    func systemFields(_ container: ArchivedObject) throws(KeyedArchiveError) -> Record {
        guard let type = try string("RecordType", in: container) else {
            throw .missingValue(path: container.path.key("RecordType").description)
        }
        guard let id = try recordID("RecordID", in: container) else {
            throw .missingValue(path: container.path.key("RecordID").description)
        }
        var system = SystemFields()
        system.changeTag = try string("ETag", in: container)
        system.creationDate = try date("RecordCtime", in: container)
        system.modificationDate = try date("RecordMtime", in: container)
        system.creatorUserRecordName = try recordID("CreatorUserRecordID", in: container)?.recordName
        system.lastModifiedUserRecordName = try recordID("LastModifiedUserRecordID", in: container)?.recordName
        system.modifiedByDevice = try string("ModifiedByDevice", in: container)
        if let parent = try object("ParentReference", of: "CKReference", in: container) {
            system.parent = try reference(parent)
        }
        if let share = try object("ShareReference", of: "CKReference", in: container) {
            system.share = try reference(share)
        }
        return Record(recordType: type, id: id, system: system)
    }

    /// A whole archived `CKRecord`: system fields plus `ValueStore` and `EncryptedValueStore`.
    func record(_ record: ArchivedObject) throws(KeyedArchiveError) -> Record {
        guard isKind(record, of: "CKRecord") else {
            throw .unexpectedClass(path: record.path.description, expected: "CKRecord", found: className(of: record))
        }
        var result = try systemFields(record)
        var fields: RecordFields = [:]
        if let store = try object("ValueStore", of: "CKRecordValueStore", in: record) {
            fields = try recordValues(store)
        }
        var encryptedFields: RecordFields = [:]
        if let store = try object("EncryptedValueStore", of: "CKRecordValueStore", in: record) {
            encryptedFields = try recordValues(store)
            if let key = fields.firstKey(sharedWith: encryptedFields) {
                throw .fieldInBothStores(path: store.path.description, key: key)
            }
        }
        result.fields = fields
        result.encryptedFields = encryptedFields
        return result
    }

    /// The `RecordValues` dictionary of a value store, each value mapped to a ``FieldValue``.
    private func recordValues(_ store: ArchivedObject) throws(KeyedArchiveError) -> RecordFields {
        guard let values = try object("RecordValues", of: "NSDictionary", in: store) else { return [:] }
        var fields: RecordFields = [:]
        for (key, node, path) in try dictionaryEntries(values) {
            guard let value = try fieldValue(node, path: path) else { continue }
            if fields.updateValue(value, forKey: key) != nil { throw .duplicateKey(path: path.description, key: key) }
        }
        return fields
    }

    /// The entries of an NSDictionary (`NS.keys`, `NS.objects`), keys as strings, in archive order.
    func dictionaryEntries(_ dictionary: ArchivedObject) throws(KeyedArchiveError) -> [(String, ArchiveNode, ArchivePath)] {
        let keys = try referenceArray("NS.keys", in: dictionary)
        let values = try referenceArray("NS.objects", in: dictionary)
        guard keys.count == values.count else {
            throw .invalidValue(path: dictionary.path.description, reason: "\(keys.count) keys but \(values.count) objects")
        }
        var entries: [(String, ArchiveNode, ArchivePath)] = []
        entries.reserveCapacity(keys.count)
        for index in keys.indices {
            let keyPath = dictionary.path.key("NS.keys").index(index)
            guard let key = try string(from: node(keys[index], at: keyPath), path: { keyPath }) else {
                throw .missingValue(path: keyPath.description)
            }
            let path = dictionary.path.entry(key)
            entries.append((key, try node(values[index], at: path), path))
        }
        return entries
    }
}
