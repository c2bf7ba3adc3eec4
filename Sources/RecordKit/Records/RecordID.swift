import Foundation

/// Identifies a record: its name within a zone.
public struct RecordID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The record's name, unique within its zone.
    public var recordName: String
    /// The zone that holds the record.
    public var zoneID: RecordZoneID

    /// Creates a record ID in a zone (the default zone unless one is given).
    public init(recordName: String, zoneID: RecordZoneID = .default) {
        self.recordName = recordName
        self.zoneID = zoneID
    }

    public static func < (lhs: RecordID, rhs: RecordID) -> Bool {
        (lhs.zoneID, lhs.recordName) < (rhs.zoneID, rhs.recordName)
    }

    public var description: String { "\(recordName) in \(zoneID)" }
}

extension RecordID {
    /// A new record ID with a random UUID as its name, in the named zone of the current user
    /// (the default zone when `zoneName` is nil). Generated initializers use it as their default.
    public static func unique(inZone zoneName: String? = nil) -> RecordID {
        let name = UUID().uuidString
        guard let zoneName else { return RecordID(recordName: name) }
        return RecordID(recordName: name, zoneID: RecordZoneID(zoneName: zoneName))
    }

    /// A new record ID with a random UUID as its name, in `zoneID`: what a generated model's `zoneID` constant
    /// gives, as in `RecordID.unique(in: Note.zoneID)`.
    public static func unique(in zoneID: RecordZoneID) -> RecordID {
        RecordID(recordName: UUID().uuidString, zoneID: zoneID)
    }
}
