import Foundation

/// The exact number of bytes `RecordEncoding.swift` writes for each value, so an archive is allocated once at
/// its final size and a frame's length is written before its payload. Each function mirrors the writer of the
/// same name; `NativeArchiveSizeTests` holds them equal over random records. The small ones are inlinable, so the
/// size pass of ``ModelArchiveWriter`` is inlined into a model's field walk.
@usableFromInline
enum ArchiveSize {
    /// The bytes of the LEB128 varint of `value`.
    @inlinable @inline(__always)
    static func varint(_ value: UInt64) -> Int {
        // 1 + (bits above the lowest seven) / 7, with 0 taking one byte.
        (((64 &- (value | 1).leadingZeroBitCount) &* 9) &+ 64) / 64
    }

    @inlinable @inline(__always)
    static func signedVarint(_ value: Int64) -> Int {
        varint(UInt64(bitPattern: (value &<< 1) ^ (value &>> 63)))
    }

    @inlinable @inline(__always)
    static func string(_ value: String) -> Int {
        let count = value.utf8.count
        return varint(UInt64(count)) &+ count
    }

    @inlinable @inline(__always)
    static func data(_ value: Data) -> Int {
        varint(UInt64(value.count)) &+ value.count
    }

    /// A whole single-record archive: header, payload, checksum.
    static func recordArchive(_ record: Record) -> Int {
        ArchiveHeader.size + self.record(record) + ArchiveHeader.checksumSize
    }

    static func record(_ record: Record) -> Int {
        string(record.recordType) &+ recordID(record.id) &+ systemFields(record.system)
            &+ fieldMap(record.fields) &+ fieldMap(record.encryptedFields)
    }

    @inlinable
    static func zoneID(_ zoneID: RecordZoneID) -> Int {
        string(zoneID.zoneName) &+ string(zoneID.ownerName)
    }

    @inlinable
    static func recordID(_ id: RecordID) -> Int {
        string(id.recordName) &+ zoneID(id.zoneID)
    }

    @inlinable
    static func reference(_ reference: Reference) -> Int {
        recordID(reference.recordID) &+ 1
    }

    static func systemFields(_ system: SystemFields) -> Int {
        var size = 1
        if let value = system.changeTag { size &+= string(value) }
        if system.creationDate != nil { size &+= 8 }
        if let value = system.creatorUserRecordName { size &+= string(value) }
        if system.modificationDate != nil { size &+= 8 }
        if let value = system.lastModifiedUserRecordName { size &+= string(value) }
        if let value = system.modifiedByDevice { size &+= string(value) }
        // `if let` alone copies the optional reference through its value witness even when it is nil, about sixty
        // instructions each; a pattern test reads the tag in place.
        if case .some = system.parent, let value = system.parent { size &+= reference(value) }
        if case .some = system.share, let value = system.share { size &+= reference(value) }
        return size
    }

    /// What ``recordID(_:)`` and ``systemFields(_:)`` count for a model's metadata, field for field, reading each
    /// field in place: passing the ID or the system fields to them copies it first (201 bytes for the system
    /// fields; calling `recordID(_:)` here and in the writer for just the ID cost 32 instructions more per archive,
    /// callgrind). `ArchiveSizeAndChecksumTests` holds the two equal, and the writer's `header(of:)` to the record
    /// path's bytes, over random system fields.
    static func header(of metadata: borrowing RecordMetadata) -> Int {
        var size = string(metadata.recordID.recordName) &+ string(metadata.recordID.zoneID.zoneName)
            &+ string(metadata.recordID.zoneID.ownerName) &+ 1
        if let value = metadata.system.changeTag { size &+= string(value) }
        if metadata.system.creationDate != nil { size &+= 8 }
        if let value = metadata.system.creatorUserRecordName { size &+= string(value) }
        if metadata.system.modificationDate != nil { size &+= 8 }
        if let value = metadata.system.lastModifiedUserRecordName { size &+= string(value) }
        if let value = metadata.system.modifiedByDevice { size &+= string(value) }
        if case .some = metadata.system.parent, let value = metadata.system.parent { size &+= reference(value) }
        if case .some = metadata.system.share, let value = metadata.system.share { size &+= reference(value) }
        return size
    }

    static func fieldMap(_ fields: RecordFields) -> Int {
        var size = varint(UInt64(fields.count))
        for index in fields.entries.indices {
            size &+= string(fields.entries[index].key) &+ fieldValue(fields.entries[index].value)
        }
        return size
    }

    /// A value with its tag byte.
    @usableFromInline
    static func fieldValue(_ value: FieldValue) -> Int {
        switch value {
        case let .string(v): 1 &+ string(v)
        case let .int64(v): 1 &+ signedVarint(v)
        case .double, .timestamp: 9
        case let .bytes(v): 1 &+ data(v)
        case let .asset(v): 1 &+ asset(v)
        case let .reference(v): 1 &+ reference(v)
        case let .location(v): 1 &+ location(v)
        case let .list(list): fieldList(list)
        }
    }

    /// A list with its tag byte and count.
    static func fieldList(_ list: FieldList) -> Int {
        switch list {
        case let .string(values): listHeader(values.count) &+ values.reduce(0) { $0 &+ string($1) }
        case let .int64(values): listHeader(values.count) &+ values.reduce(0) { $0 &+ signedVarint($1) }
        case let .double(values): listHeader(values.count) &+ values.count &* 8
        case let .timestamp(values): listHeader(values.count) &+ values.count &* 8
        case let .bytes(values): listHeader(values.count) &+ values.reduce(0) { $0 &+ data($1) }
        case let .asset(values): listHeader(values.count) &+ values.reduce(0) { $0 &+ asset($1) }
        case let .reference(values): listHeader(values.count) &+ values.reduce(0) { $0 &+ reference($1) }
        case let .location(values): listHeader(values.count) &+ values.reduce(0) { $0 &+ location($1) }
        }
    }

    @inlinable @inline(__always)
    static func listHeader(_ count: Int) -> Int {
        1 &+ varint(UInt64(count))
    }

    static func asset(_ asset: Asset) -> Int {
        var size = 1
        if let value = asset.fileURL { size &+= string(value.absoluteString) }
        if let value = asset.fileChecksum { size &+= string(value) }
        if let value = asset.size { size &+= varint(UInt64(max(0, value))) }
        if let value = asset.referenceChecksum { size &+= string(value) }
        if let value = asset.wrappingKey { size &+= string(value) }
        if let value = asset.receipt { size &+= string(value) }
        if let value = asset.downloadURL { size &+= string(value) }
        return size
    }

    static func location(_ location: Location) -> Int {
        var size = 17
        if location.altitude != nil { size &+= 8 }
        if location.horizontalAccuracy != nil { size &+= 8 }
        if location.verticalAccuracy != nil { size &+= 8 }
        if location.speed != nil { size &+= 8 }
        if location.course != nil { size &+= 8 }
        if location.timestamp != nil { size &+= 8 }
        return size
    }
}
