import RecordKit

/// A record zone as the server describes it: its ID and what it supports.
public struct RecordZone: Sendable, Hashable {
    /// The zone's ID.
    public var id: RecordZoneID
    /// What the zone supports: change feeds, atomic saves, sharing.
    public var capabilities: Capabilities

    /// Creates a zone description; a zone to create needs only its ID (the server sets the capabilities).
    public init(id: RecordZoneID, capabilities: Capabilities = []) {
        self.id = id
        self.capabilities = capabilities
    }

    /// What a zone supports (CKRecordZone.Capabilities).
    public struct Capabilities: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The zone has a change feed (`fetchZoneChanges`).
        public static let fetchChanges = Capabilities(rawValue: 1 << 0)
        /// An atomic modify request saves all of the zone's items or none.
        public static let atomic = Capabilities(rawValue: 1 << 1)
        /// Records of the zone can be shared.
        public static let sharing = Capabilities(rawValue: 1 << 2)
    }
}

/// Why a zone disappeared, as the database change feed reports it.
public enum ZoneDeletionReason: String, Sendable, Hashable, CaseIterable {
    /// An app deleted the zone.
    case deleted
    /// The user deleted the app's data in Settings: drop the local copy, do not upload it again.
    case purged
    /// The user reset their encrypted data during account recovery: upload the local copy again.
    case encryptedDataReset
}

/// A zone the database change feed reports as gone.
public struct ZoneDeletion: Sendable, Hashable {
    /// The zone's ID.
    public var zoneID: RecordZoneID
    /// Why it is gone.
    public var reason: ZoneDeletionReason

    /// Creates a zone deletion.
    public init(zoneID: RecordZoneID, reason: ZoneDeletionReason) {
        self.zoneID = zoneID
        self.reason = reason
    }
}
