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
        if system.parent != nil { presence |= SystemFieldBit.parent }
        if system.share != nil { presence |= SystemFieldBit.share }
        byte(presence)
        if let value = system.changeTag { string(value) }
        if let value = system.creationDate { date(value) }
        if let value = system.creatorUserRecordName { string(value) }
        if let value = system.modificationDate { date(value) }
        if let value = system.lastModifiedUserRecordName { string(value) }
        if let value = system.modifiedByDevice { string(value) }
        if let value = system.parent { reference(value) }
        if let value = system.share { reference(value) }
    }

    /// A count, then each entry in byte order of its key: deterministic whatever the dictionary's order.
    mutating func fieldMap(_ fields: [String: FieldValue]) {
        varint(UInt64(fields.count))
        if fields.count < 2 {
            for (key, value) in fields {
                string(key)
                fieldValue(value)
            }
            return
        }
        let keys = fields.keys
        let values = fields.values
        // The sorted order lives in a stack buffer for the usual handful of fields (no heap allocation).
        withUnsafeTemporaryAllocation(of: Dictionary<String, FieldValue>.Index.self, capacity: keys.count) { order in
            let sorted = Self.sortIndices(of: keys, into: order)
            for index in sorted {
                string(keys[index])
                fieldValue(values[index])
            }
            _ = sorted.deinitialize()
        }
    }

    /// Fills `buffer` with the dictionary's indices in byte order of their keys and returns the filled part.
    /// Records have few fields, so an insertion sort of indices (no copies of values) beats the generic sort of
    /// key-value pairs; many fields use the library sort.
    private static func sortIndices(
        of keys: Dictionary<String, FieldValue>.Keys,
        into buffer: UnsafeMutableBufferPointer<Dictionary<String, FieldValue>.Index>
    ) -> UnsafeMutableBufferPointer<Dictionary<String, FieldValue>.Index> {
        var filled = 0
        var index = keys.startIndex
        while index != keys.endIndex, filled < buffer.count {
            buffer.initializeElement(at: filled, to: index)
            filled += 1
            keys.formIndex(after: &index)
        }
        var indices = UnsafeMutableBufferPointer(rebasing: buffer[0..<filled])
        guard filled <= 32 else {
            indices.sort { ByteOrder.precedes(keys[$0], keys[$1]) }
            return indices
        }
        for position in indices.indices.dropFirst() {
            let current = indices[position]
            let key = keys[current]
            var slot = position
            while slot > 0, ByteOrder.precedes(key, keys[indices[slot - 1]]) {
                indices[slot] = indices[slot - 1]
                slot -= 1
            }
            indices[slot] = current
        }
        return indices
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
            for v in values { string(v) }
        case let .int64(values):
            listHeader(ValueTag.int64, values.count)
            for v in values { signedVarint(v) }
        case let .double(values):
            listHeader(ValueTag.double, values.count)
            for v in values { double(v) }
        case let .timestamp(values):
            listHeader(ValueTag.timestamp, values.count)
            for v in values { date(v) }
        case let .bytes(values):
            listHeader(ValueTag.bytes, values.count)
            for v in values { data(v) }
        case let .asset(values):
            listHeader(ValueTag.asset, values.count)
            for v in values { asset(v) }
        case let .reference(values):
            listHeader(ValueTag.reference, values.count)
            for v in values { reference(v) }
        case let .location(values):
            listHeader(ValueTag.location, values.count)
            for v in values { location(v) }
        }
    }

    private mutating func listHeader(_ elementTag: UInt8, _ count: Int) {
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

/// Byte-order comparison of strings, the order of every sorted key in the format.
enum ByteOrder {
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let fast: Bool? = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return left.count < right.count }
                return ByteComparison.precedes(UnsafeRawPointer(a), left.count, UnsafeRawPointer(b), right.count)
            }
        } ?? nil
        return fast ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
