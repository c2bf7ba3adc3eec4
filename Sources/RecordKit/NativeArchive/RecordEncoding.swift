import Foundation

/// Writes a record's payload: the grammar is in the NativeArchiveFormat article.
extension ArchiveByteWriter {
    mutating func record(_ record: Record) {
        string(record.recordType)
        recordID(record.id)
        systemFields(record.system)
        fieldMap(record.fields)
        fieldMap(record.encryptedFields)
    }

    mutating func zoneID(_ zoneID: RecordZoneID) {
        string(zoneID.zoneName)
        string(zoneID.ownerName)
    }

    mutating func recordID(_ id: RecordID) {
        string(id.recordName)
        zoneID(id.zoneID)
    }

    mutating func reference(_ reference: Reference) {
        recordID(reference.recordID)
        byte(ReferenceActionCode.code(reference.action))
    }

    mutating func systemFields(_ system: SystemFields) {
        var presence: UInt8 = 0
        if system.changeTag != nil { presence |= SystemFieldBit.changeTag }
        if system.creationDate != nil { presence |= SystemFieldBit.creationDate }
        if system.creatorUserRecordName != nil { presence |= SystemFieldBit.creatorUserRecordName }
        if system.modificationDate != nil { presence |= SystemFieldBit.modificationDate }
        if system.lastModifiedUserRecordName != nil { presence |= SystemFieldBit.lastModifiedUserRecordName }
        if system.modifiedByDevice != nil { presence |= SystemFieldBit.modifiedByDevice }
        // `!= nil` and `if let` copy an optional reference through its value witness even when it is nil, about
        // sixty instructions each; a pattern test reads the tag in place.
        if case .some = system.parent { presence |= SystemFieldBit.parent }
        if case .some = system.share { presence |= SystemFieldBit.share }
        byte(presence)
        if let value = system.changeTag { string(value) }
        if let value = system.creationDate { date(value) }
        if let value = system.creatorUserRecordName { string(value) }
        if let value = system.modificationDate { date(value) }
        if let value = system.lastModifiedUserRecordName { string(value) }
        if let value = system.modifiedByDevice { string(value) }
        if presence & SystemFieldBit.parent != 0, let value = system.parent { reference(value) }
        if presence & SystemFieldBit.share != 0, let value = system.share { reference(value) }
    }

    /// What ``recordID(_:)`` then ``systemFields(_:)`` write for a model's metadata, field for field, reading each
    /// field in place (see ``ArchiveSize/header(of:)``).
    mutating func header(of metadata: borrowing RecordMetadata) {
        string(metadata.recordID.recordName)
        string(metadata.recordID.zoneID.zoneName)
        string(metadata.recordID.zoneID.ownerName)
        var presence: UInt8 = 0
        if metadata.system.changeTag != nil { presence |= SystemFieldBit.changeTag }
        if metadata.system.creationDate != nil { presence |= SystemFieldBit.creationDate }
        if metadata.system.creatorUserRecordName != nil { presence |= SystemFieldBit.creatorUserRecordName }
        if metadata.system.modificationDate != nil { presence |= SystemFieldBit.modificationDate }
        if metadata.system.lastModifiedUserRecordName != nil { presence |= SystemFieldBit.lastModifiedUserRecordName }
        if metadata.system.modifiedByDevice != nil { presence |= SystemFieldBit.modifiedByDevice }
        if case .some = metadata.system.parent { presence |= SystemFieldBit.parent }
        if case .some = metadata.system.share { presence |= SystemFieldBit.share }
        byte(presence)
        if let value = metadata.system.changeTag { string(value) }
        if let value = metadata.system.creationDate { date(value) }
        if let value = metadata.system.creatorUserRecordName { string(value) }
        if let value = metadata.system.modificationDate { date(value) }
        if let value = metadata.system.lastModifiedUserRecordName { string(value) }
        if let value = metadata.system.modifiedByDevice { string(value) }
        if presence & SystemFieldBit.parent != 0, let value = metadata.system.parent { reference(value) }
        if presence & SystemFieldBit.share != 0, let value = metadata.system.share { reference(value) }
    }

    /// A count, then each entry in byte order of its key: deterministic whatever the dictionary's order.
    /// The fields in their stored order, which is the archive's key order: nothing to sort.
    mutating func fieldMap(_ fields: RecordFields) {
        varint(UInt64(fields.count))
        for index in fields.entries.indices {
            string(fields.entries[index].key)
            fieldValue(fields.entries[index].value)
        }
    }

    mutating func fieldValue(_ value: FieldValue) {
        switch value {
        case let .string(v):
            byte(ValueTag.string)
            string(v)
        case let .int64(v):
            byte(ValueTag.int64)
            signedVarint(v)
        case let .double(v):
            byte(ValueTag.double)
            double(v)
        case let .timestamp(v):
            byte(ValueTag.timestamp)
            date(v)
        case let .bytes(v):
            byte(ValueTag.bytes)
            data(v)
        case let .asset(v):
            byte(ValueTag.asset)
            asset(v)
        case let .reference(v):
            byte(ValueTag.reference)
            reference(v)
        case let .location(v):
            byte(ValueTag.location)
            location(v)
        case let .list(list):
            fieldList(list)
        }
    }

    mutating func fieldList(_ list: FieldList) {
        switch list {
        case let .string(values):
            listHeader(ValueTag.string, values.count)
            for index in values.indices { string(values[index]) }
        case let .int64(values):
            listHeader(ValueTag.int64, values.count)
            for index in values.indices { signedVarint(values[index]) }
        case let .double(values):
            listHeader(ValueTag.double, values.count)
            for index in values.indices { double(values[index]) }
        case let .timestamp(values):
            listHeader(ValueTag.timestamp, values.count)
            for index in values.indices { date(values[index]) }
        case let .bytes(values):
            listHeader(ValueTag.bytes, values.count)
            for index in values.indices { data(values[index]) }
        case let .asset(values):
            listHeader(ValueTag.asset, values.count)
            for index in values.indices { asset(values[index]) }
        case let .reference(values):
            listHeader(ValueTag.reference, values.count)
            for index in values.indices { reference(values[index]) }
        case let .location(values):
            listHeader(ValueTag.location, values.count)
            for index in values.indices { location(values[index]) }
        }
    }

    /// A list's tag byte and count.
    mutating func listHeader(_ elementTag: UInt8, _ count: Int) {
        byte(ValueTag.listFlag | elementTag)
        varint(UInt64(count))
    }

    mutating func asset(_ asset: Asset) {
        var presence: UInt8 = 0
        if asset.fileURL != nil { presence |= AssetBit.fileURL }
        if asset.fileChecksum != nil { presence |= AssetBit.fileChecksum }
        if asset.size != nil { presence |= AssetBit.size }
        if asset.referenceChecksum != nil { presence |= AssetBit.referenceChecksum }
        if asset.wrappingKey != nil { presence |= AssetBit.wrappingKey }
        if asset.receipt != nil { presence |= AssetBit.receipt }
        if asset.downloadURL != nil { presence |= AssetBit.downloadURL }
        byte(presence)
        if let value = asset.fileURL { string(value.absoluteString) }
        if let value = asset.fileChecksum { string(value) }
        // A negative size cannot be built through Asset's initializer; clamp one set directly to 0.
        if let value = asset.size { varint(UInt64(max(0, value))) }
        if let value = asset.referenceChecksum { string(value) }
        if let value = asset.wrappingKey { string(value) }
        if let value = asset.receipt { string(value) }
        if let value = asset.downloadURL { string(value) }
    }

    mutating func location(_ location: Location) {
        var presence: UInt8 = 0
        if location.altitude != nil { presence |= LocationBit.altitude }
        if location.horizontalAccuracy != nil { presence |= LocationBit.horizontalAccuracy }
        if location.verticalAccuracy != nil { presence |= LocationBit.verticalAccuracy }
        if location.speed != nil { presence |= LocationBit.speed }
        if location.course != nil { presence |= LocationBit.course }
        if location.timestamp != nil { presence |= LocationBit.timestamp }
        byte(presence)
        double(location.latitude)
        double(location.longitude)
        if let value = location.altitude { double(value) }
        if let value = location.horizontalAccuracy { double(value) }
        if let value = location.verticalAccuracy { double(value) }
        if let value = location.speed { double(value) }
        if let value = location.course { double(value) }
        if let value = location.timestamp { date(value) }
    }
}
