import Foundation

/// Whether a record object comes from a response or from a request body.
enum RecordObjectContext {
    /// Responses: a record has a `recordType`; an entry with neither type nor fields is a deletion result.
    case response
    /// Requests: an update or delete may leave out `recordType` (the server knows it): it reads as "".
    case request
}

/// Record objects and the `records` arrays that hold them.
extension JSONScanner {
    /// Reads one record object, deletion result or per-record error entry.
    ///
    /// The record's zone is its `zoneID`; without one it is ``RecordZoneID/implicit`` until the caller knows the
    /// body's zone (``resolvingImplicitZone(_:to:)``). References without a zone point into the record's zone.
    mutating func readRecordEntry(_ context: RecordObjectContext) throws(WebServicesError) -> RecordResult {
        try beginObject()
        let start = index
        var recordName: String?
        var recordType: String?
        var fields = RecordFields()
        var encryptedFields = RecordFields()
        var hasFields = false
        var hasImplicitReferences = false
        var system = SystemFields()
        var zoneID: RecordZoneID?
        var deleted = false
        var serverErrorCode: String?, reason: String?, uuid: String?, redirectURL: String?
        var retryAfter: Double?
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "fields") {
                hasFields = true
                hasImplicitReferences = try member("fields") { (s: inout JSONScanner) throws(WebServicesError) in
                    try s.readFields(into: &fields, encrypted: &encryptedFields)
                }
            } else if self.key(key, is: "recordName") {
                recordName = try member("recordName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            } else if self.key(key, is: "recordType") {
                recordType = try member("recordType") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString(cachedIn: .recordType) }
            } else if self.key(key, is: "recordChangeTag") {
                system.changeTag = try member("recordChangeTag") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            } else if self.key(key, is: "created") {
                let stamp = try member("created") { (s: inout JSONScanner) throws(WebServicesError) in try s.readStamp() }
                system.creationDate = stamp.date
                system.creatorUserRecordName = stamp.userRecordName
            } else if self.key(key, is: "modified") {
                let stamp = try member("modified") { (s: inout JSONScanner) throws(WebServicesError) in try s.readStamp() }
                system.modificationDate = stamp.date
                system.lastModifiedUserRecordName = stamp.userRecordName
                system.modifiedByDevice = stamp.deviceID
            } else if self.key(key, is: "zoneID") {
                zoneID = try member("zoneID") { (s: inout JSONScanner) throws(WebServicesError) in try s.readZoneID().zoneID }
            } else if self.key(key, is: "deleted") {
                deleted = try member("deleted") { (s: inout JSONScanner) throws(WebServicesError) in try s.readBool() }
            } else if self.key(key, is: "parent") {
                system.parent = try member("parent") { (s: inout JSONScanner) throws(WebServicesError) in try s.readReference() }
                hasImplicitReferences = true
            } else if self.key(key, is: "share") {
                system.share = try member("share") { (s: inout JSONScanner) throws(WebServicesError) in try s.readReference() }
                hasImplicitReferences = true
            } else if self.key(key, is: "serverErrorCode") {
                serverErrorCode = try member("serverErrorCode") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            } else if self.key(key, is: "reason") {
                reason = try member("reason") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            } else if self.key(key, is: "retryAfter") {
                retryAfter = try member("retryAfter") { (s: inout JSONScanner) throws(WebServicesError) in try s.readDouble() }
            } else if self.key(key, is: "uuid") {
                uuid = try member("uuid") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            } else if self.key(key, is: "redirectURL") {
                redirectURL = try member("redirectURL") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            } else {
                try skipMember(key)
            }
        }
        if let serverErrorCode {
            return .error(WebServicesServerError(serverErrorCode: ServerErrorCode(rawValue: serverErrorCode), reason: reason,
                                                 retryAfter: retryAfter, uuid: uuid, recordName: recordName, redirectURL: redirectURL))
        }
        // A request may leave the name to the server (a new share, for example); a response always names it.
        guard let recordName = recordName ?? (context == .request ? "" : nil) else {
            throw error(.missingKey("recordName"), at: start)
        }
        let id = RecordID(recordName: recordName, zoneID: zoneID ?? .implicit)
        if deleted { return .deleted(id) }
        let type: String
        if let recordType {
            type = recordType
        } else if context == .request {
            type = ""
        } else if hasFields {
            throw error(.missingKey("recordType"), at: start)
        } else {
            return .deleted(id)
        }
        // `fields` is one object whose names the scanner has checked are unique, so the two stores share no key.
        var record = Record(recordType: type, id: id, disjointFields: fields, encryptedFields: encryptedFields, system: system)
        if let zoneID, hasImplicitReferences { record = resolvingImplicitZone(record, to: zoneID) }
        return .record(record)
    }

    /// Reads a `fields` object, putting `ENCRYPTED_BYTES` values into `encrypted`. Returns whether a reference
    /// names no zone (so the caller resolves it to the record's zone).
    mutating func readFields(into fields: inout RecordFields, encrypted: inout RecordFields) throws(WebServicesError) -> Bool {
        try beginObject()
        fields.reserveCapacity(8)
        var hasImplicitReferences = false
        var first = true
        while let key = try nextKey(&first) {
            let name = string(of: key)
            let field = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readField() }
            switch field.value {
            case let .reference(reference) where reference.recordID.zoneID == .implicit: hasImplicitReferences = true
            case .list(.reference): hasImplicitReferences = true
            default: break
            }
            if field.encrypted {
                encrypted[name] = field.value
            } else {
                fields[name] = field.value
            }
        }
        return hasImplicitReferences
    }

    /// Reads `created` or `modified`: `{timestamp, userRecordName, deviceID}`.
    mutating func readStamp() throws(WebServicesError) -> (date: Date?, userRecordName: String?, deviceID: String?) {
        try beginObject()
        var date: Date?, userRecordName: String?, deviceID: String?
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "timestamp") {
                date = try member("timestamp") { (s: inout JSONScanner) throws(WebServicesError) in try s.readTimestamp() }
            } else if self.key(key, is: "userRecordName") {
                userRecordName = try member("userRecordName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString(cachedIn: .userRecordName) }
            } else if self.key(key, is: "deviceID") {
                deviceID = try member("deviceID") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString(cachedIn: .deviceID) }
            } else {
                try skipMember(key)
            }
        }
        return (date, userRecordName, deviceID)
    }

    /// Reads a `records` array.
    mutating func readRecordEntries(_ context: RecordObjectContext) throws(WebServicesError) -> [RecordResult] {
        try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readRecordEntry(context) }
    }
}

/// `record` with every use of ``RecordZoneID/implicit`` (its own zone, references in fields, parent, share)
/// replaced by `zone`. Returns `record` untouched when it has none.
func resolvingImplicitZone(_ record: Record, to zone: RecordZoneID) -> Record {
    var record = record
    if record.id.zoneID == .implicit { record.id.zoneID = zone }
    let recordZone = record.id.zoneID
    for (name, value) in record.fields {
        if let resolved = resolvingImplicitZone(value, to: recordZone) { record.fields[name] = resolved }
    }
    for (name, value) in record.encryptedFields {
        if let resolved = resolvingImplicitZone(value, to: recordZone) { record.encryptedFields[name] = resolved }
    }
    if record.system.parent?.recordID.zoneID == .implicit { record.system.parent?.recordID.zoneID = recordZone }
    if record.system.share?.recordID.zoneID == .implicit { record.system.share?.recordID.zoneID = recordZone }
    return record
}

/// The resolved value when `value` holds a reference into the implicit zone; nil when nothing changes.
private func resolvingImplicitZone(_ value: FieldValue, to zone: RecordZoneID) -> FieldValue? {
    switch value {
    case var .reference(reference) where reference.recordID.zoneID == .implicit:
        reference.recordID.zoneID = zone
        return .reference(reference)
    case let .list(.reference(references)) where references.contains { $0.recordID.zoneID == .implicit }:
        return .list(.reference(references.map { reference in
            var reference = reference
            if reference.recordID.zoneID == .implicit { reference.recordID.zoneID = zone }
            return reference
        }))
    default:
        return nil
    }
}

/// Resolves the implicit zone in every record and deletion of `results`.
func resolvingImplicitZone(_ results: [RecordResult], to zone: RecordZoneID) -> [RecordResult] {
    results.map { (result: RecordResult) -> RecordResult in
        switch result {
        case let .record(record):
            return .record(resolvingImplicitZone(record, to: zone))
        case var .deleted(id):
            if id.zoneID == .implicit { id.zoneID = zone }
            return .deleted(id)
        case .error:
            return result
        }
    }
}
