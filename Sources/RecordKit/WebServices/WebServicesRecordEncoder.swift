import Foundation

/// Writes records, field values and request bodies as Web Services JSON.
struct WebServicesRecordEncoder {
    var writer = JSONWriter()

    /// What parts of a record to write.
    enum Form {
        /// Everything the record holds: ID, type, change tag, fields, dates, users, parent, share.
        case full
        /// What a save operation sends: no server dates or users. `changeTag` says whether to send the tag.
        case save(changeTag: Bool)
        /// What a delete operation sends: the name and, when asked, the change tag.
        case delete(changeTag: Bool)
    }

    /// Writes a record object. `requestZone` is the zone a request body already names; records in it do not
    /// repeat it.
    mutating func record(_ record: Record, form: Form, requestZone: RecordZoneID? = nil) throws(WebServicesError) {
        let zone = record.id.zoneID
        var sendsTag = true
        var sendsContent = true
        var sendsServerFields = false
        switch form {
        case .full: sendsServerFields = true
        case let .save(changeTag): sendsTag = changeTag
        case let .delete(changeTag): sendsTag = changeTag; sendsContent = false
        }
        writer.beginObject()
        if sendsServerFields, record.system.creationDate != nil || record.system.creatorUserRecordName != nil {
            writer.key("created")
            try stamp(record.system.creationDate, user: record.system.creatorUserRecordName, device: nil, member: "created")
        }
        if sendsContent {
            writer.key("fields")
            try fields(record)
        }
        if sendsServerFields, record.system.modificationDate != nil || record.system.lastModifiedUserRecordName != nil
            || record.system.modifiedByDevice != nil {
            writer.key("modified")
            try stamp(record.system.modificationDate, user: record.system.lastModifiedUserRecordName,
                      device: record.system.modifiedByDevice, member: "modified")
        }
        if sendsContent, let parent = record.system.parent {
            writer.key("parent")
            reference(parent, enclosingZone: zone)
        }
        if sendsTag, let tag = record.system.changeTag {
            writer.key("recordChangeTag")
            writer.string(tag)
        }
        if !record.id.recordName.isEmpty {
            // An empty name is a request that leaves the name to the server.
            writer.key("recordName")
            writer.string(record.id.recordName)
        }
        if sendsContent, !record.recordType.isEmpty {
            writer.key("recordType")
            writer.string(record.recordType)
        }
        if sendsContent, let share = record.system.share {
            writer.key("share")
            reference(share, enclosingZone: zone)
        }
        if zone != requestZone {
            writer.key("zoneID")
            zoneID(zone)
        }
        writer.endObject()
    }

    private mutating func stamp(_ date: Date?, user: String?, device: String?, member: String) throws(WebServicesError) {
        writer.beginObject()
        if let device {
            writer.key("deviceID")
            writer.string(device)
        }
        if let date {
            guard let milliseconds = milliseconds(of: date) else {
                throw WebServicesError(.unrepresentable("date \(date) is out of range"), path: [.key(member), .key("timestamp")])
            }
            writer.key("timestamp")
            writer.int64(milliseconds)
        }
        if let user {
            writer.key("userRecordName")
            writer.string(user)
        }
        writer.endObject()
    }

    private mutating func fields(_ record: Record) throws(WebServicesError) {
        writer.beginObject()
        // Byte order, so equal records give equal bytes.
        let names = record.encryptedFields.isEmpty
            ? record.fields.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            : record.allKeys
        for name in names {
            let plain = record.fields[name]
            let encrypted = record.encryptedFields[name]
            let path: [WebServicesError.PathComponent] = [.key("fields"), .key(name)]
            if plain != nil && encrypted != nil {
                throw WebServicesError(.unrepresentable("field \"\(name)\" is both encrypted and not"), path: path)
            }
            guard let value = plain ?? encrypted else { continue }
            writer.key(name)
            do throws(WebServicesError) {
                try field(value, encrypted: encrypted != nil, zone: record.id.zoneID)
            } catch {
                var located = error
                located.path = path + error.path
                throw located
            }
        }
        writer.endObject()
    }

    /// Writes `{"type": ..., "value": ...}`.
    mutating func field(_ value: FieldValue, encrypted: Bool, zone: RecordZoneID) throws(WebServicesError) {
        let typeName: String
        switch value {
        case let .list(list):
            if encrypted { throw WebServicesError(.unrepresentable("an encrypted list")) }
            typeName = (WebServicesFieldType.name(of: list.elementKind, encrypted: false) ?? "") + "_LIST"
        default:
            guard let name = WebServicesFieldType.name(of: value.kind, encrypted: encrypted), !encrypted || value.kind == .bytes else {
                throw WebServicesError(.unrepresentable("an encrypted \(value.kind) value: Web Services JSON carries only encrypted bytes"))
            }
            typeName = name
        }
        writer.beginObject()
        writer.key("type")
        writer.string(typeName)
        writer.key("value")
        try self.value(value, zone: zone)
        writer.endObject()
    }

    private mutating func value(_ value: FieldValue, zone: RecordZoneID) throws(WebServicesError) {
        switch value {
        case let .string(text): writer.string(text)
        case let .int64(number): writer.int64(number)
        case let .double(number):
            guard number.isFinite else { throw WebServicesError(.unrepresentable("the double \(number): JSON has no NaN or infinity"), path: [.key("value")]) }
            writer.double(number)
        case let .timestamp(date):
            guard let milliseconds = milliseconds(of: date) else {
                throw WebServicesError(.unrepresentable("date \(date) is out of range"), path: [.key("value")])
            }
            writer.int64(milliseconds)
        case let .bytes(data): writer.string(data.base64EncodedString())
        case let .asset(asset): self.asset(asset)
        case let .reference(reference): self.reference(reference, enclosingZone: zone)
        case let .location(location): try self.location(location)
        case let .list(list):
            writer.beginArray()
            for (index, element) in list.values.enumerated() {
                writer.element()
                do throws(WebServicesError) {
                    try self.value(element, zone: zone)
                } catch {
                    var located = error
                    located.path = [.key("value"), .index(index)] + error.path.dropFirst()
                    throw located
                }
            }
            writer.endArray()
        }
    }

    private mutating func asset(_ asset: Asset) {
        writer.beginObject()
        if let downloadURL = asset.downloadURL { writer.key("downloadURL"); writer.string(downloadURL) }
        if let fileChecksum = asset.fileChecksum { writer.key("fileChecksum"); writer.string(fileChecksum) }
        if let receipt = asset.receipt { writer.key("receipt"); writer.string(receipt) }
        if let referenceChecksum = asset.referenceChecksum { writer.key("referenceChecksum"); writer.string(referenceChecksum) }
        if let size = asset.size { writer.key("size"); writer.int64(size) }
        if let wrappingKey = asset.wrappingKey { writer.key("wrappingKey"); writer.string(wrappingKey) }
        writer.endObject()
    }

    /// Writes a reference; its zone is left out when it is the enclosing record's.
    private mutating func reference(_ reference: Reference, enclosingZone: RecordZoneID) {
        writer.beginObject()
        writer.key("action")
        let action = switch reference.action {
        case .none: "NONE"
        case .deleteSelf: "DELETE_SELF"
        case .validate: "VALIDATE"
        }
        writer.string(action)
        writer.key("recordName")
        writer.string(reference.recordID.recordName)
        if reference.recordID.zoneID != enclosingZone {
            writer.key("zoneID")
            zoneID(reference.recordID.zoneID)
        }
        writer.endObject()
    }

    private mutating func location(_ location: Location) throws(WebServicesError) {
        writer.beginObject()
        if let altitude = location.altitude { writer.key("altitude"); writer.double(altitude) }
        if let course = location.course { writer.key("course"); writer.double(course) }
        if let horizontalAccuracy = location.horizontalAccuracy { writer.key("horizontalAccuracy"); writer.double(horizontalAccuracy) }
        writer.key("latitude")
        writer.double(location.latitude)
        writer.key("longitude")
        writer.double(location.longitude)
        if let speed = location.speed { writer.key("speed"); writer.double(speed) }
        if let timestamp = location.timestamp {
            guard let milliseconds = milliseconds(of: timestamp) else {
                throw WebServicesError(.unrepresentable("location date \(timestamp) is out of range"), path: [.key("value"), .key("timestamp")])
            }
            writer.key("timestamp")
            writer.int64(milliseconds)
        }
        if let verticalAccuracy = location.verticalAccuracy { writer.key("verticalAccuracy"); writer.double(verticalAccuracy) }
        writer.endObject()
    }

    /// Writes a zone ID; the current user's owner name is left out, as the server expects.
    mutating func zoneID(_ zone: RecordZoneID, zoneType: String? = nil) {
        writer.beginObject()
        if zone.ownerName != RecordZoneID.defaultOwnerName {
            writer.key("ownerRecordName")
            writer.string(zone.ownerName)
        }
        writer.key("zoneName")
        writer.string(zone.zoneName)
        if let zoneType {
            writer.key("zoneType")
            writer.string(zoneType)
        }
        writer.endObject()
    }

    /// Writes a records/modify request body.
    mutating func modifyRequest(operations: [RecordOperation], atomic: Bool?, zoneID zone: RecordZoneID) throws(WebServicesError) {
        writer.beginObject()
        if let atomic {
            writer.key("atomic")
            writer.bool(atomic)
        }
        writer.key("operations")
        writer.beginArray()
        for (index, operation) in operations.enumerated() {
            writer.element()
            writer.beginObject()
            writer.key("operationType")
            writer.string(operation.kind.rawValue)
            writer.key("record")
            let form: Form = operation.kind.isDelete ? .delete(changeTag: operation.kind.sendsChangeTag)
                : .save(changeTag: operation.kind.sendsChangeTag)
            do throws(WebServicesError) {
                try record(operation.record, form: form, requestZone: zone)
            } catch {
                var located = error
                located.path = [.key("operations"), .index(index), .key("record")] + error.path
                throw located
            }
            writer.endObject()
        }
        writer.endArray()
        writer.key("zoneID")
        zoneID(zone)
        writer.endObject()
    }
}
