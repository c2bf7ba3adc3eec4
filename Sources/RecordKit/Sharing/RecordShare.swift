import Foundation

/// A share: what another person may see and edit of the owner's records, as CloudKit's `CKShare` describes it.
///
/// A share covers either a record hierarchy (a root record and every record whose ``SystemFields/parent`` chain
/// reaches it) or a whole zone. It is itself a record of type ``recordType`` in the owner's zone: the root record
/// names it in ``SystemFields/share``, and a zone share has the fixed name ``zoneShareRecordName``.
/// Participants see the shared records in their shared database; sharing copies and moves nothing.
///
/// `Codable` (the synthesized JSON of its properties, the scope as `{"hierarchy": {"root": …}}` or
/// `{"zone": {"_0": …}}`) is how RecordKitStore keeps a share.
public struct RecordShare: Sendable, Hashable, Codable {
    /// The record type of every share (`CKRecordTypeShare`).
    public static let recordType = "cloudkit.share"
    /// The record name of a zone's share (`CKRecordNameZoneWideShare`).
    public static let zoneShareRecordName = "cloudkit.zoneshare"

    /// What a share covers.
    public enum Scope: Sendable, Hashable, Codable {
        /// The record with this ID and every record whose parent chain reaches it.
        case hierarchy(root: RecordID)
        /// Every record of the zone.
        case zone(RecordZoneID)
    }

    /// The share record's ID, in the owner's zone.
    public var id: RecordID
    /// What the share covers.
    public var scope: Scope
    /// The title shown to people invited (`CKShare.SystemFieldKey.title`).
    public var title: String?
    /// The URL that opens the share, set by the server once the share is saved.
    public var url: URL?
    /// What anyone with the URL may do; ``SharePermission/none`` keeps the share to its listed participants.
    public var publicPermission: SharePermission
    /// Everyone the share names, the owner included.
    public var participants: [ShareParticipant]
    /// The share record's system fields (change tag, dates), kept to save it again.
    public var system: SystemFields

    /// A share of the hierarchy under `root`, with a new record name in the root's zone.
    public init(
        rootRecordID root: RecordID,
        shareRecordName: String = UUID().uuidString,
        title: String? = nil,
        publicPermission: SharePermission = .none,
        participants: [ShareParticipant] = [],
        system: SystemFields = SystemFields()
    ) {
        self.init(
            id: RecordID(recordName: shareRecordName, zoneID: root.zoneID), scope: .hierarchy(root: root), title: title,
            url: nil, publicPermission: publicPermission, participants: participants, system: system)
    }

    /// A share of the whole zone `zoneID`; its record name is ``zoneShareRecordName``.
    public init(
        zoneID: RecordZoneID,
        title: String? = nil,
        publicPermission: SharePermission = .none,
        participants: [ShareParticipant] = [],
        system: SystemFields = SystemFields()
    ) {
        self.init(
            id: RecordID(recordName: Self.zoneShareRecordName, zoneID: zoneID), scope: .zone(zoneID), title: title,
            url: nil, publicPermission: publicPermission, participants: participants, system: system)
    }

    /// A share with every property given, as decoders and bridges build it.
    public init(
        id: RecordID,
        scope: Scope,
        title: String?,
        url: URL?,
        publicPermission: SharePermission,
        participants: [ShareParticipant],
        system: SystemFields
    ) {
        self.id = id
        self.scope = scope
        self.title = title
        self.url = url
        self.publicPermission = publicPermission
        self.participants = participants
        self.system = system
    }

    /// The zone that holds the share and what it covers.
    public var zoneID: RecordZoneID { id.zoneID }

    /// The root record's ID for a hierarchy share; nil for a zone share.
    public var rootRecordID: RecordID? {
        if case .hierarchy(let root) = scope { return root }
        return nil
    }

    /// The owner, when the share lists one.
    public var owner: ShareParticipant? { participants.first { $0.role == .owner } }

    /// The participant with this user record name, if the share lists one.
    public func participant(userRecordName: String) -> ShareParticipant? {
        participants.first { $0.identity.userRecordName == userRecordName }
    }
}
