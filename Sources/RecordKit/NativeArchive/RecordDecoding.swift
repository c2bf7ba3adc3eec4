import Foundation

/// Reads a record's payload, the mirror of `RecordEncoding.swift`.
extension ArchiveCursor {
    /// A record at depth 1; its field values are at depth 2 and list elements at depth 3.
    mutating func record(options: NativeArchiveDecodingOptions) throws(NativeArchiveError) -> Record {
        guard options.maximumDepth >= 1 else {
            throw error(.limitExceeded(.depth, value: 1, limit: options.maximumDepth))
        }
        let recordType = try string()
        let id = try recordID()
        let system = try systemFields()
        var fieldBudget = options.maximumFieldCount
        let fields = try fieldMap(options: options, budget: &fieldBudget)
        let encryptedOffset = position
        let encryptedFields = try fieldMap(options: options, budget: &fieldBudget)
        if !encryptedFields.isEmpty, let key = fields.firstKey(sharedWith: encryptedFields) {
            throw error(.fieldInBothStores(key: key), at: encryptedOffset)
        }
        return Record(recordType: recordType, id: id, disjointFields: fields, encryptedFields: encryptedFields, system: system)
    }

    mutating func zoneID() throws(NativeArchiveError) -> RecordZoneID {
        let zoneName = try string()
        let ownerName = try string()
        return RecordZoneID(zoneName: zoneName, ownerName: ownerName)
    }

    mutating func recordID() throws(NativeArchiveError) -> RecordID {
        let recordName = try string()
        return RecordID(recordName: recordName, zoneID: try zoneID())
    }

    mutating func reference() throws(NativeArchiveError) -> Reference {
        let id = try recordID()
        let codeOffset = position
        let code = try byte()
        guard let action = ReferenceActionCode.action(code) else {
            throw error(.unknownReferenceAction(code), at: codeOffset)
        }
        return Reference(recordID: id, action: action)
    }

    mutating func systemFields() throws(NativeArchiveError) -> SystemFields {
        let presence = try byte()
        // Read into constants and build once: filling in a `var SystemFields()` copies the whole struct.
        let changeTag = presence & SystemFieldBit.changeTag != 0 ? try string() : nil
        let creationDate = presence & SystemFieldBit.creationDate != 0 ? try date() : nil
        let creator = presence & SystemFieldBit.creatorUserRecordName != 0 ? try string() : nil
        let modificationDate = presence & SystemFieldBit.modificationDate != 0 ? try date() : nil
        let modifier = presence & SystemFieldBit.lastModifiedUserRecordName != 0 ? try string() : nil
        let device = presence & SystemFieldBit.modifiedByDevice != 0 ? try string() : nil
        let parent = presence & SystemFieldBit.parent != 0 ? try reference() : nil
        let share = presence & SystemFieldBit.share != 0 ? try reference() : nil
        return SystemFields(
            changeTag: changeTag, creationDate: creationDate, creatorUserRecordName: creator,
            modificationDate: modificationDate, lastModifiedUserRecordName: modifier, modifiedByDevice: device,
            parent: parent, share: share
        )
    }

    /// A count, then entries whose keys must be strictly ascending in byte order (no repeats, one encoding).
    mutating func fieldMap(
        options: NativeArchiveDecodingOptions, budget: inout Int
    ) throws(NativeArchiveError) -> RecordFields {
        let countOffset = position
        // An entry is at least a key length, a tag and one byte of value.
        let count = try length(minimumItemSize: 3)
        if count == 0 { return [:] }
        guard count <= budget else {
            let total = options.maximumFieldCount - budget + count
            throw error(.limitExceeded(.fieldCount, value: total, limit: options.maximumFieldCount), at: countOffset)
        }
        budget -= count
        guard options.maximumDepth >= 2 else {
            throw error(.limitExceeded(.depth, value: 2, limit: options.maximumDepth), at: countOffset)
        }
        var fields = RecordFields(minimumCapacity: count)
        var previous: (offset: Int, count: Int)?
        for _ in 0..<count {
            let key = try span()
            if let previous, !precedes(previous, key) {
                let text = String(decoding: UnsafeRawBufferPointer(start: start + key.offset, count: key.count), as: UTF8.self)
                throw error(.keysOutOfOrder(key: text), at: key.offset)
            }
            previous = key
            let name = try makeString(offset: key.offset, count: key.count)
            // The check above keeps the keys in order: append, no search.
            fields.appendInOrder(name, try fieldValue(options: options))
        }
        return fields
    }

    mutating func fieldValue(options: NativeArchiveDecodingOptions) throws(NativeArchiveError) -> FieldValue {
        let tagOffset = position
        let tag = try byte()
        switch tag {
        case ValueTag.string: return .string(try string())
        case ValueTag.int64: return .int64(try signedVarint())
        case ValueTag.double: return .double(try double())
        case ValueTag.timestamp: return .timestamp(try date())
        case ValueTag.bytes: return .bytes(try data())
        case ValueTag.asset: return .asset(try asset())
        case ValueTag.reference: return .reference(try reference())
        case ValueTag.location: return .location(try location())
        case (ValueTag.listFlag | ValueTag.string)...(ValueTag.listFlag | ValueTag.location):
            return .list(try fieldList(elementTag: tag & ~ValueTag.listFlag, options: options, tagOffset: tagOffset))
        default:
            throw error(.unknownValueTag(tag), at: tagOffset)
        }
    }

    private mutating func fieldList(
        elementTag: UInt8, options: NativeArchiveDecodingOptions, tagOffset: Int
    ) throws(NativeArchiveError) -> FieldList {
        guard options.maximumDepth >= 3 else {
            throw error(.limitExceeded(.depth, value: 3, limit: options.maximumDepth), at: tagOffset)
        }
        let countOffset = position
        let count = try length(minimumItemSize: ValueTag.minimumSize(elementTag))
        guard count <= options.maximumListCount else {
            throw error(.limitExceeded(.listCount, value: count, limit: options.maximumListCount), at: countOffset)
        }
        switch elementTag {
        case ValueTag.string: return .string(try elements(count) { (c) throws(NativeArchiveError) in try c.string() })
        case ValueTag.int64: return .int64(try elements(count) { (c) throws(NativeArchiveError) in try c.signedVarint() })
        case ValueTag.double: return .double(try elements(count) { (c) throws(NativeArchiveError) in try c.double() })
        case ValueTag.timestamp: return .timestamp(try elements(count) { (c) throws(NativeArchiveError) in try c.date() })
        case ValueTag.bytes: return .bytes(try elements(count) { (c) throws(NativeArchiveError) in try c.data() })
        case ValueTag.asset: return .asset(try elements(count) { (c) throws(NativeArchiveError) in try c.asset() })
        case ValueTag.reference:
            return .reference(try elements(count) { (c) throws(NativeArchiveError) in try c.reference() })
        default: return .location(try elements(count) { (c) throws(NativeArchiveError) in try c.location() })
        }
    }

    @inline(__always)
    private mutating func elements<Element>(
        _ count: Int, _ read: (inout ArchiveCursor) throws(NativeArchiveError) -> Element
    ) throws(NativeArchiveError) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try read(&self)) }
        return result
    }

    mutating func asset() throws(NativeArchiveError) -> Asset {
        let begin = position
        let presence = try byte()
        guard presence & ~AssetBit.all == 0 else { throw error(.unknownPresenceBits(presence), at: begin) }
        var fileURL: URL?
        if presence & AssetBit.fileURL != 0 {
            let urlOffset = position
            let text = try string()
            guard let url = URL(string: text) else { throw error(.invalidURL(text), at: urlOffset) }
            fileURL = url
        }
        let fileChecksum = presence & AssetBit.fileChecksum != 0 ? try string() : nil
        var size: Int64?
        if presence & AssetBit.size != 0 {
            let sizeOffset = position
            let raw = try varint()
            guard raw <= UInt64(Int64.max) else { throw error(.sizeOutOfRange(raw), at: sizeOffset) }
            size = Int64(raw)
        }
        let referenceChecksum = presence & AssetBit.referenceChecksum != 0 ? try string() : nil
        let wrappingKey = presence & AssetBit.wrappingKey != 0 ? try string() : nil
        let receipt = presence & AssetBit.receipt != 0 ? try string() : nil
        let downloadURL = presence & AssetBit.downloadURL != 0 ? try string() : nil
        do {
            return try Asset(
                fileURL: fileURL, fileChecksum: fileChecksum, size: size, referenceChecksum: referenceChecksum,
                wrappingKey: wrappingKey, receipt: receipt, downloadURL: downloadURL
            )
        } catch {
            throw self.error(.invalidValue(error), at: begin)
        }
    }

    mutating func location() throws(NativeArchiveError) -> Location {
        let begin = position
        let presence = try byte()
        guard presence & ~LocationBit.all == 0 else { throw error(.unknownPresenceBits(presence), at: begin) }
        let latitude = try double()
        let longitude = try double()
        let altitude = presence & LocationBit.altitude != 0 ? try double() : nil
        let horizontalAccuracy = presence & LocationBit.horizontalAccuracy != 0 ? try double() : nil
        let verticalAccuracy = presence & LocationBit.verticalAccuracy != 0 ? try double() : nil
        let speed = presence & LocationBit.speed != 0 ? try double() : nil
        let course = presence & LocationBit.course != 0 ? try double() : nil
        let timestamp = presence & LocationBit.timestamp != 0 ? try date() : nil
        do {
            return try Location(
                latitude: latitude, longitude: longitude, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
                verticalAccuracy: verticalAccuracy, speed: speed, course: course, timestamp: timestamp
            )
        } catch {
            throw self.error(.invalidValue(error), at: begin)
        }
    }
}
