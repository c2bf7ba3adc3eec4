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
