import Foundation

/// One person a ``RecordShare`` names (`CKShare.Participant`): who, in which role, with which permission, and
/// whether they accepted.
public struct ShareParticipant: Sendable, Hashable, Codable {
    /// Who the participant is.
    public var identity: ShareUserIdentity
    /// The participant's role in the share.
    public var role: ShareParticipantRole
    /// What the participant may do with the shared records.
    public var permission: SharePermission
    /// Whether the participant accepted the share.
    public var acceptanceStatus: ShareAcceptanceStatus

    /// Creates a participant; a new invitation is ``ShareAcceptanceStatus/pending``.
    public init(
        identity: ShareUserIdentity,
        role: ShareParticipantRole = .privateUser,
        permission: SharePermission = .readOnly,
        acceptanceStatus: ShareAcceptanceStatus = .pending
    ) {
        self.identity = identity
        self.role = role
        self.permission = permission
        self.acceptanceStatus = acceptanceStatus
    }

    /// Whether the participant may save and delete shared records: read-write permission and an accepted,
    /// not removed, place in the share.
    public var canWrite: Bool { permission == .readWrite && acceptanceStatus == .accepted }
}

/// Who a participant is (`CKUserIdentity`): the user record name once known, and how they were invited.
public struct ShareUserIdentity: Sendable, Hashable, Codable {
    /// The participant's user record name in the container; nil until the server resolves the invitation.
    public var userRecordName: String?
    /// The email address the participant was invited by, if any.
    public var emailAddress: String?
    /// The phone number the participant was invited by, if any.
    public var phoneNumber: String?
    /// The participant's name as the server shows it, if known.
    public var displayName: String?

    /// Creates an identity.
    public init(userRecordName: String? = nil, emailAddress: String? = nil, phoneNumber: String? = nil,
                displayName: String? = nil) {
        self.userRecordName = userRecordName
        self.emailAddress = emailAddress
        self.phoneNumber = phoneNumber
        self.displayName = displayName
    }
}

/// A participant's role (`CKShare.ParticipantRole`).
public enum ShareParticipantRole: String, Sendable, Hashable, CaseIterable, Codable {
    /// The role is not known yet.
    case unknown
    /// The person who owns the shared records.
    case owner
    /// A participant who may add and remove other private participants.
    case administrator
    /// A participant the owner invited.
    case privateUser
    /// A participant who joined through the share's public URL.
    case publicUser
}

/// What a participant, or anyone with the URL, may do (`CKShare.ParticipantPermission`).
public enum SharePermission: String, Sendable, Hashable, CaseIterable, Codable {
    /// The permission is not known yet.
    case unknown
    /// No access: for ``RecordShare/publicPermission``, the share is private to its participants.
    case none
    /// Read the shared records.
    case readOnly
    /// Read, save and delete the shared records.
    case readWrite
}

/// Whether a participant has accepted a share (`CKShare.ParticipantAcceptanceStatus`).
public enum ShareAcceptanceStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// The status is not known yet.
    case unknown
    /// Invited, not yet accepted.
    case pending
    /// Accepted: the shared zone is in the participant's shared database.
    case accepted
    /// Removed by the owner, or left: the participant has no access.
    case removed
}
