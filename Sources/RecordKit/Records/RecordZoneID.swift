/// Identifies a record zone: its name and the user record name of its owner.
///
/// CloudKit's default zone is `_defaultZone`; the current user's zones are owned by
/// `__defaultOwner__` until the server resolves the owner's real record name.
public struct RecordZoneID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name of the default zone of every database.
    public static let defaultZoneName = "_defaultZone"
    /// The owner name that stands for the current user.
    public static let defaultOwnerName = "__defaultOwner__"
    /// The default zone, owned by the current user.
    public static let `default` = RecordZoneID()

    /// The zone's name, unique within its owner's database.
    public var zoneName: String
    /// The user record name of the zone's owner.
    public var ownerName: String

    /// Creates a zone ID; both parts default to CloudKit's defaults.
    public init(zoneName: String = RecordZoneID.defaultZoneName, ownerName: String = RecordZoneID.defaultOwnerName) {
        self.zoneName = zoneName
        self.ownerName = ownerName
    }

    public static func < (lhs: RecordZoneID, rhs: RecordZoneID) -> Bool {
        (lhs.ownerName, lhs.zoneName) < (rhs.ownerName, rhs.zoneName)
    }

    public var description: String { "\(zoneName) (owner \(ownerName))" }
}
