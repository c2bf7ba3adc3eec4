#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension RecordShare {
    /// The field RecordKit writes on a hierarchy share it makes: the root record's name. A `CKShare` does not name
    /// its root, and may hold fields of its own ("Like CKRecords, CKShares can store arbitrary key-value pairs"),
    /// so a hierarchy share fetched alone still knows what it covers.
    public static let rootRecordNameKey = "recordKitRootRecordName"

    /// Reads a `CKShare`: its ID, what it covers, title, URL, public permission, participants (the owner
    /// included) and system fields.
    ///
    /// A share named `CKRecordNameZoneWideShare` covers its zone. Any other covers the hierarchy under
    /// `rootRecordID` when the caller knows it (`CKShare.Metadata.hierarchicalRootRecordID`, or the record
    /// whose `share` names it), else under the record ``rootRecordNameKey`` names.
    ///
    /// - Throws: `RecordDecodingError.wrongRecordType(expected:found:recordName:)` for a record that is not a
    ///   share, `missingField` for a hierarchy share whose root is not known.
    public init(ckShare: CKShare, rootRecordID: RecordID? = nil) throws(RecordDecodingError) {
        let recordName = ckShare.recordID.recordName
        guard ckShare.recordType == RecordShare.recordType else {
            throw .wrongRecordType(expected: RecordShare.recordType, found: ckShare.recordType, recordName: recordName)
        }
        let id = RecordID(ckShare.recordID)
        let scope: Scope
        if recordName == CKRecordNameZoneWideShare {
            scope = .zone(id.zoneID)
        } else if let rootRecordID {
            scope = .hierarchy(root: rootRecordID)
        } else if let rootName = ckShare.object(forKey: Self.rootRecordNameKey) as? NSString {
            scope = .hierarchy(root: RecordID(recordName: String(rootName), zoneID: id.zoneID))
        } else {
            throw .missingField(recordType: RecordShare.recordType, recordName: recordName, field: Self.rootRecordNameKey)
        }
        self.init(
            id: id, scope: scope,
            title: (ckShare.object(forKey: CKShare.SystemFieldKey.title) as? NSString).map(String.init),
            url: ckShare.url,
            publicPermission: SharePermission(ckShare.publicPermission),
            participants: ckShare.participants.map(ShareParticipant.init(ckParticipant:)),
            system: try SystemFields(ckRecord: ckShare))
    }

    /// The `CKShare` to save for this share.
    ///
    /// A share the server has not seen is made new: `CKShare(recordZoneID:)` for a zone, or
    /// `CKShare(rootRecord:share:)` for a hierarchy, which names the share in `rootRecord`'s `share` (save the two
    /// together). A share the server has (one with a change tag) is a copy of `serverShare`, the server's
    /// `CKShare`, since participants exist only as the server describes them.
    ///
    /// The title and public permission are set; participants `serverShare` lists and this share does not are
    /// removed; those both list take this share's role and permission; the others are taken from `lookedUp`
    /// (participants the container found: `CKContainer.shareParticipant(forUserRecordID:)` and its email and
    /// phone forms), matched by user record name, email address or phone number. The owner, the URL and the
    /// acceptance statuses are the server's to set.
    public func ckShare(
        rootRecord: CKRecord?, serverShare: CKShare?, lookedUp: [CKShare.Participant] = []
    ) throws(CloudKitBridgeError) -> CKShare {
        let share: CKShare
        if let serverShare {
            guard let copy = serverShare.copy() as? CKShare else {
                throw .unexpectedError(expected: "a copy of CKShare", found: "\(type(of: serverShare.copy()))")
            }
            share = copy
        } else if system.changeTag != nil {
            throw .shareNeedsServerCopy(recordName: id.recordName)
        } else {
            switch scope {
            case let .zone(zoneID):
                share = CKShare(recordZoneID: CKRecordZone.ID(zoneID))
            case let .hierarchy(root):
                guard let rootRecord, RecordID(rootRecord.recordID) == root else {
                    throw .shareNeedsRootRecord(recordName: id.recordName, rootRecordName: root.recordName)
                }
                share = CKShare(rootRecord: rootRecord, share: CKRecord.ID(id))
                share.setObject(NSString(string: root.recordName), forKey: Self.rootRecordNameKey)
            }
        }
        share.setObject(title.map { NSString(string: $0) }, forKey: CKShare.SystemFieldKey.title)
        share.publicPermission = publicPermission.ckParticipantPermission
        try applyParticipants(to: share, lookedUp: lookedUp)
        return share
    }

    /// The identities of the participants, other than the owner, that `serverShare` does not list: those
    /// ``ckShare(rootRecord:serverShare:lookedUp:)`` needs looked up by the container.
    public func participantsToLookUp(in serverShare: CKShare?) -> [ShareUserIdentity] {
        participants.filter { participant in
            participant.role != .owner
                && !(serverShare?.participants.contains { participant.identity.matches($0.userIdentity) } ?? false)
        }.map(\.identity)
    }

    private func applyParticipants(to share: CKShare, lookedUp: [CKShare.Participant]) throws(CloudKitBridgeError) {
        let wanted = participants.filter { $0.role != .owner }
        for existing in share.participants where existing.role != .owner {
            if !wanted.contains(where: { $0.identity.matches(existing.userIdentity) }) { share.removeParticipant(existing) }
        }
        for participant in wanted {
            let ckParticipant: CKShare.Participant
            if let existing = share.participants.first(where: { participant.identity.matches($0.userIdentity) }) {
                ckParticipant = existing
            } else if let found = lookedUp.first(where: { participant.identity.matches($0.userIdentity) }) {
                ckParticipant = found
                share.addParticipant(found)
            } else {
                throw .participantNotLookedUp(recordName: id.recordName, participant: participant.identity.nameForErrors)
            }
            ckParticipant.permission = participant.permission.ckParticipantPermission
            if participant.role != .unknown { ckParticipant.role = participant.role.ckParticipantRole }
        }
    }
}

extension ShareParticipant {
    /// Reads a `CKShare.Participant`: identity, role, permission, acceptance status.
    public init(ckParticipant: CKShare.Participant) {
        self.init(
            identity: ShareUserIdentity(ckUserIdentity: ckParticipant.userIdentity),
            role: ShareParticipantRole(ckParticipant.role),
            permission: SharePermission(ckParticipant.permission),
            acceptanceStatus: ShareAcceptanceStatus(ckParticipant.acceptanceStatus))
    }
}

extension ShareUserIdentity {
    /// Reads a `CKUserIdentity`: the user record name (of the identity, or of its lookup info), the email address
    /// and phone number it was looked up by, and the name as given and family name joined.
    public init(ckUserIdentity identity: CKUserIdentity) {
        let name = identity.nameComponents.map { components in
            [components.givenName, components.middleName, components.familyName].compactMap { $0 }.joined(separator: " ")
        }
        self.init(
            userRecordName: (identity.userRecordID ?? identity.lookupInfo?.userRecordID)?.recordName,
            emailAddress: identity.lookupInfo?.emailAddress,
            phoneNumber: identity.lookupInfo?.phoneNumber,
            displayName: name?.isEmpty == false ? name : nil)
    }

    /// Whether a `CKUserIdentity` is this person: the same user record name, email address or phone number.
    func matches(_ identity: CKUserIdentity) -> Bool {
        let other = ShareUserIdentity(ckUserIdentity: identity)
        if let name = userRecordName, name == other.userRecordName { return true }
        if let email = emailAddress, email == other.emailAddress { return true }
        if let phone = phoneNumber, phone == other.phoneNumber { return true }
        return false
    }

    /// The identity as an error names it: its user record name, email address or phone number.
    var nameForErrors: String {
        userRecordName.map { "user \($0)" } ?? emailAddress ?? phoneNumber ?? "an identity with no name"
    }
}

// The framework's enums are compared, not switched over: they may grow cases, which read as `unknown`.

extension ShareParticipantRole {
    /// The role of a `CKShare.ParticipantRole`; a case this version does not know is `unknown`.
    public init(_ role: CKShare.ParticipantRole) {
        if role == .owner {
            self = .owner
        } else if role == .administrator {
            self = .administrator
        } else if role == .privateUser {
            self = .privateUser
        } else if role == .publicUser {
            self = .publicUser
        } else {
            self = .unknown
        }
    }

    /// The `CKShare.ParticipantRole` of the role.
    public var ckParticipantRole: CKShare.ParticipantRole {
        switch self {
        case .unknown: .unknown
        case .owner: .owner
        case .administrator: .administrator
        case .privateUser: .privateUser
        case .publicUser: .publicUser
        }
    }
}

extension SharePermission {
    /// The permission of a `CKShare.ParticipantPermission`; a case this version does not know is `unknown`.
    public init(_ permission: CKShare.ParticipantPermission) {
        if permission == .none {
            self = .none
        } else if permission == .readOnly {
            self = .readOnly
        } else if permission == .readWrite {
            self = .readWrite
        } else {
            self = .unknown
        }
    }

    /// The `CKShare.ParticipantPermission` of the permission.
    public var ckParticipantPermission: CKShare.ParticipantPermission {
        switch self {
        case .unknown: .unknown
        case .none: .none
        case .readOnly: .readOnly
        case .readWrite: .readWrite
        }
    }
}

extension ShareAcceptanceStatus {
    /// The status of a `CKShare.ParticipantAcceptanceStatus`; a case this version does not know is `unknown`.
    public init(_ status: CKShare.ParticipantAcceptanceStatus) {
        if status == .pending {
            self = .pending
        } else if status == .accepted {
            self = .accepted
        } else if status == .removed {
            self = .removed
        } else {
            self = .unknown
        }
    }

    /// The `CKShare.ParticipantAcceptanceStatus` of the status.
    public var ckAcceptanceStatus: CKShare.ParticipantAcceptanceStatus {
        switch self {
        case .unknown: .unknown
        case .pending: .pending
        case .accepted: .accepted
        case .removed: .removed
        }
    }
}

extension ShareMetadata {
    /// Reads a `CKShare.Metadata`: the share (a hierarchy share's root from `hierarchicalRootRecordID`), the
    /// container, the owner, and the current user's role, status and permission.
    public init(ckShareMetadata metadata: CKShare.Metadata) throws(RecordDecodingError) {
        let root = metadata.hierarchicalRootRecordID.map(RecordID.init)
        self.init(
            share: try RecordShare(ckShare: metadata.share, rootRecordID: root),
            containerIdentifier: metadata.containerIdentifier,
            rootRecordID: root,
            ownerIdentity: ShareUserIdentity(ckUserIdentity: metadata.ownerIdentity),
            participantRole: ShareParticipantRole(metadata.participantRole),
            participantStatus: ShareAcceptanceStatus(metadata.participantStatus),
            participantPermission: SharePermission(metadata.participantPermission))
    }
}
#endif
