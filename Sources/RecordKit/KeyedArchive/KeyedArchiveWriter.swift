import Foundation

/// Builds the `$objects` table of an NSKeyedArchiver archive the way Apple's archiver numbers it: an object
/// takes its UID when its encoding starts, its children follow, and its class entry is added (once per class)
/// when it ends.
struct KeyedArchiveWriter {
    private(set) var objects: [PropertyListValue] = [.string("$null")]
    private var classUIDs: [String: UInt64] = [:]
    private var zoneUIDs: [RecordZoneID: UInt64] = [:]

    /// The UID that stands for nil.
    static let null = PropertyListValue.uid(0)

    /// Takes the next UID for an object whose fields are filled in by ``finish(_:fields:className:classes:)``.
    mutating func begin() -> UInt64 {
        objects.append(.null)
        return UInt64(objects.count - 1)
    }

    /// Fills in an object begun with ``begin()``, adding its class entry if this class is new.
    mutating func finish(_ uid: UInt64, fields: [String: PropertyListValue], className: String, classes: [String]) {
        var all = fields
        all["$class"] = .uid(classUID(className, classes: classes))
        objects[Int(uid)] = .dictionary(all)
    }

    private mutating func classUID(_ name: String, classes: [String]) -> UInt64 {
        if let uid = classUIDs[name] { return uid }
        objects.append(.dictionary(["$classname": .string(name), "$classes": .array(classes.map(PropertyListValue.string))]))
        let uid = UInt64(objects.count - 1)
        classUIDs[name] = uid
        return uid
    }

    /// Adds a plain value (a string or bytes) and returns its reference.
    mutating func add(_ value: PropertyListValue) -> PropertyListValue {
        objects.append(value)
        return .uid(UInt64(objects.count - 1))
    }

    /// A reference to an optional string: UID 0 when nil.
    mutating func string(_ text: String?) -> PropertyListValue {
        guard let text else { return Self.null }
        return add(.string(text))
    }

    /// An NSDate object (`NS.time`, seconds since 2001); UID 0 when nil.
    mutating func date(_ date: Date?) -> PropertyListValue {
        guard let date else { return Self.null }
        let uid = begin()
        finish(uid, fields: ["NS.time": .real(date.timeIntervalSinceReferenceDate)], className: "NSDate", classes: ["NSDate", "NSObject"])
        return .uid(uid)
    }

    /// A CKRecordZoneID; equal zones share one object, as one zone instance does in Apple's archives.
    mutating func zoneID(_ zone: RecordZoneID) -> PropertyListValue {
        if let uid = zoneUIDs[zone] { return .uid(uid) }
        let uid = begin()
        let fields: [String: PropertyListValue] = ["ZoneName": string(zone.zoneName), "ownerName": string(zone.ownerName)]
        finish(uid, fields: fields, className: "CKRecordZoneID", classes: ["CKRecordZoneID", "NSObject"])
        zoneUIDs[zone] = uid
        return .uid(uid)
    }

    /// A CKRecordID.
    mutating func recordID(_ id: RecordID) -> PropertyListValue {
        let uid = begin()
        let name = string(id.recordName)
        let zone = zoneID(id.zoneID)
        finish(uid, fields: ["RecordName": name, "ZoneID": zone], className: "CKRecordID", classes: ["CKRecordID", "NSObject"])
        return .uid(uid)
    }

    /// The CKRecordID of a user record (users live in the default zone); UID 0 when nil.
    mutating func userRecordID(_ recordName: String?) -> PropertyListValue {
        guard let recordName else { return Self.null }
        return recordID(RecordID(recordName: recordName, zoneID: .default))
    }

    /// A CKReference (`RecordID`, `Action`); UID 0 when nil.
    mutating func reference(_ reference: Reference?) -> PropertyListValue {
        guard let reference else { return Self.null }
        let uid = begin()
        let id = recordID(reference.recordID)
        let action: Int64 = reference.action == .deleteSelf ? 1 : 0
        finish(uid, fields: ["RecordID": id, "Action": .integer(action)], className: "CKReference", classes: ["CKReference", "NSObject"])
        return .uid(uid)
    }

    /// The whole archive: `$version`, `$archiver`, `$top`, `$objects`, as a binary plist.
    func archive(top: [String: PropertyListValue]) -> Data {
        BinaryPropertyList.encode(.dictionary([
            "$version": .integer(100_000),
            "$archiver": .string("NSKeyedArchiver"),
            "$top": .dictionary(top),
            "$objects": .array(objects),
        ]))
    }
}
