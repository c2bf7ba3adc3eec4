import RecordKit

/// A record the zone change feed reports as deleted.
public struct RecordDeletion: Sendable, Hashable {
    /// The deleted record's ID.
    public var id: RecordID
    /// Its record type.
    public var recordType: String

    /// Creates a deletion.
    public init(id: RecordID, recordType: String) {
        self.id = id
        self.recordType = recordType
    }
}

/// One page of a zone's change feed.
///
/// CloudKit reports a zone's shares (`cloudkit.share` records, `CKShare` in the framework) in the same feed as its
/// records; a page carries them apart, in ``shares``, so that no engine mistakes one for a record of the app's
/// types. A deleted share is a ``RecordDeletion`` in ``deleted`` whose record type is `RecordShare.recordType`.
/// https://developer.apple.com/documentation/cloudkit/ckshare
public struct ZoneChangesPage: Sendable, Hashable {
    /// The zone.
    public var zoneID: RecordZoneID
    /// Records saved since the token, each in its latest state.
    public var changed: [Record]
    /// Records deleted since the token; a share's deletion has the record type `RecordShare.recordType`.
    public var deleted: [RecordDeletion]
    /// Shares saved since the token, each in its latest state, with its participants.
    public var shares: [RecordShare]
    /// The token to store with this page, in the same transaction as its records.
    public var token: ServerChangeToken
    /// Whether more changes follow: fetch again from ``token``.
    public var moreComing: Bool

    /// Creates a page.
    public init(
        zoneID: RecordZoneID, changed: [Record], deleted: [RecordDeletion], shares: [RecordShare] = [],
        token: ServerChangeToken, moreComing: Bool
    ) {
        self.zoneID = zoneID
        self.changed = changed
        self.deleted = deleted
        self.shares = shares
        self.token = token
        self.moreComing = moreComing
    }
}

/// One page of a database's change feed: which zones changed or went away.
public struct DatabaseChangesPage: Sendable, Hashable {
    /// Zones with changes since the token (fetch each zone's changes).
    public var changedZones: [RecordZoneID]
    /// Zones deleted since the token, with the reason.
    public var deletedZones: [ZoneDeletion]
    /// The token to store with this page.
    public var token: ServerChangeToken
    /// Whether more changes follow: fetch again from ``token``.
    public var moreComing: Bool

    /// Creates a page.
    public init(changedZones: [RecordZoneID], deletedZones: [ZoneDeletion], token: ServerChangeToken, moreComing: Bool) {
        self.changedZones = changedZones
        self.deletedZones = deletedZones
        self.token = token
        self.moreComing = moreComing
    }
}
