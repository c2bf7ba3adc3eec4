import Foundation

/// What opening a share's URL tells the person invited (`CKShare.Metadata`), and what accepting it needs.
public struct ShareMetadata: Sendable, Hashable {
    /// The share, as the person invited may see it.
    public var share: RecordShare
    /// The container that holds the shared records.
    public var containerIdentifier: String
    /// The root record's ID of a hierarchy share (`hierarchicalRootRecordID`); nil for a zone share.
    public var rootRecordID: RecordID?
    /// The owner of the shared records.
    public var ownerIdentity: ShareUserIdentity
    /// The role the current user has, or would have after accepting.
    public var participantRole: ShareParticipantRole
    /// The current user's acceptance status.
    public var participantStatus: ShareAcceptanceStatus
    /// The permission the current user has, or would have after accepting.
    public var participantPermission: SharePermission

    /// Creates metadata.
    public init(
        share: RecordShare,
        containerIdentifier: String,
        rootRecordID: RecordID?,
        ownerIdentity: ShareUserIdentity,
        participantRole: ShareParticipantRole,
        participantStatus: ShareAcceptanceStatus,
        participantPermission: SharePermission
    ) {
        self.share = share
        self.containerIdentifier = containerIdentifier
        self.rootRecordID = rootRecordID
        self.ownerIdentity = ownerIdentity
        self.participantRole = participantRole
        self.participantStatus = participantStatus
        self.participantPermission = participantPermission
    }
}
