import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckrecordtypeshare
public let CKRecordTypeShare: CKRecord.RecordType = "cloudkit.share"
/// https://developer.apple.com/documentation/cloudkit/ckrecordnamezonewideshare
public let CKRecordNameZoneWideShare: String = "cloudkit.zoneshare"

/// https://developer.apple.com/documentation/cloudkit/ckshare
/// A `CKRecord` of type `cloudkit.share`. The stand-in keeps what a test or the server sets; it enforces none of
/// the server's sharing rules.
open class CKShare: CKRecord {
    /// https://developer.apple.com/documentation/cloudkit/ckshare/publicpermission
    open var publicPermission: CKShare.ParticipantPermission = .none
    /// https://developer.apple.com/documentation/cloudkit/ckshare/url
    open private(set) var url: URL?
    /// https://developer.apple.com/documentation/cloudkit/ckshare/participants
    open private(set) var participants: [CKShare.Participant] = []
    /// https://developer.apple.com/documentation/cloudkit/ckshare/currentuserparticipant
    open private(set) var currentUserParticipant: CKShare.Participant?

    /// https://developer.apple.com/documentation/cloudkit/ckshare/owner
    /// The participant whose role is owner; the stand-in makes one for the current user when a test set none.
    open var owner: CKShare.Participant {
        participants.first { $0.role == .owner } ?? CKShare.Participant(
            userIdentity: CKUserIdentity(userRecordID: nil, lookupInfo: nil, nameComponents: nil),
            role: .owner, permission: .readWrite, acceptanceStatus: .accepted)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/init(rootrecord:)
    /// Names the share in the root record's `share` (the two are saved together).
    public convenience init(rootRecord: CKRecord) {
        self.init(rootRecord: rootRecord, share: CKRecord.ID(recordName: UUID().uuidString, zoneID: rootRecord.recordID.zoneID))
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/init(rootrecord:share:)
    public init(rootRecord: CKRecord, share shareID: CKRecord.ID) {
        super.init(recordType: CKRecordTypeShare, recordID: shareID)
        rootRecord.share = CKRecord.Reference(recordID: shareID, action: .none)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/init(recordzoneid:)
    public init(recordZoneID: CKRecordZone.ID) {
        super.init(recordType: CKRecordTypeShare, recordID: CKRecord.ID(recordName: CKRecordNameZoneWideShare, zoneID: recordZoneID))
    }

    /// Not Apple API (the framework makes shares from the server's answers): a share as the server holds it,
    /// for the stand-in's tests.
    package init(
        recordID: CKRecord.ID, url: URL?, participants: [CKShare.Participant], currentUserParticipant: CKShare.Participant?
    ) {
        super.init(recordType: CKRecordTypeShare, recordID: recordID)
        self.url = url
        self.participants = participants
        self.currentUserParticipant = currentUserParticipant
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/init(coder:)
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/addparticipant(_:)
    open func addParticipant(_ participant: CKShare.Participant) {
        guard !participants.contains(where: { $0 === participant }) else { return }
        participants.append(participant)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/removeparticipant(_:)
    open func removeParticipant(_ participant: CKShare.Participant) {
        participants.removeAll { $0 === participant }
    }

    /// https://developer.apple.com/documentation/cloudkit/ckrecord (NSCopying)
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = CKShare(
            recordID: recordID, url: url, participants: participants, currentUserParticipant: currentUserParticipant)
        copy.publicPermission = publicPermission
        copy.copyValues(from: self)
        return copy
    }
}

extension CKShare {
    /// https://developer.apple.com/documentation/cloudkit/ckshare/systemfieldkey
    public enum SystemFieldKey {
        /// https://developer.apple.com/documentation/cloudkit/ckshare/systemfieldkey/title
        public static let title: CKRecord.FieldKey = "cloudkit.title"
        /// https://developer.apple.com/documentation/cloudkit/ckshare/systemfieldkey/thumbnailimagedata
        public static let thumbnailImageData: CKRecord.FieldKey = "cloudkit.thumbnailImageData"
        /// https://developer.apple.com/documentation/cloudkit/ckshare/systemfieldkey/sharetype
        public static let shareType: CKRecord.FieldKey = "cloudkit.type"
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/participantrole
    public enum ParticipantRole: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantrole/unknown
        case unknown = 0
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantrole/owner
        case owner = 1
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantrole/administrator
        case administrator = 2
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantrole/privateuser
        case privateUser = 3
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantrole/publicuser
        case publicUser = 4
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission
    public enum ParticipantPermission: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/unknown
        case unknown = 0
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/none
        case none = 1
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/readonly
        case readOnly = 2
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantpermission/readwrite
        case readWrite = 3
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/participantacceptancestatus
    public enum ParticipantAcceptanceStatus: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantacceptancestatus/unknown
        case unknown = 0
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantacceptancestatus/pending
        case pending = 1
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantacceptancestatus/accepted
        case accepted = 2
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participantacceptancestatus/removed
        case removed = 3
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/participant
    /// "You don't create participants": the container looks them up (`shareParticipant(forUserRecordID:)`).
    open class Participant: NSObject, @unchecked Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participant/useridentity
        public let userIdentity: CKUserIdentity
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participant/role-swift.property
        open var role: CKShare.ParticipantRole
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participant/permission-swift.property
        open var permission: CKShare.ParticipantPermission
        /// https://developer.apple.com/documentation/cloudkit/ckshare/participant/acceptancestatus-swift.property
        open private(set) var acceptanceStatus: CKShare.ParticipantAcceptanceStatus

        /// Not Apple API (the framework makes participants): for the stand-in's tests and container.
        package init(
            userIdentity: CKUserIdentity, role: CKShare.ParticipantRole = .privateUser,
            permission: CKShare.ParticipantPermission = .readOnly, acceptanceStatus: CKShare.ParticipantAcceptanceStatus = .pending
        ) {
            self.userIdentity = userIdentity
            self.role = role
            self.permission = permission
            self.acceptanceStatus = acceptanceStatus
        }
    }

    /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata
    open class Metadata: NSObject, @unchecked Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata/containeridentifier
        public let containerIdentifier: String
        /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata/share
        public let share: CKShare
        /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata/hierarchicalrootrecordid
        public let hierarchicalRootRecordID: CKRecord.ID?
        /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata/participantrole
        public let participantRole: CKShare.ParticipantRole
        /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata/participantstatus
        public let participantStatus: CKShare.ParticipantAcceptanceStatus
        /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata/participantpermission
        public let participantPermission: CKShare.ParticipantPermission
        /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata/owneridentity
        public let ownerIdentity: CKUserIdentity
        /// https://developer.apple.com/documentation/cloudkit/ckshare/metadata/rootrecord
        public let rootRecord: CKRecord?

        /// Not Apple API (the framework makes metadata): for the stand-in's tests.
        package init(
            containerIdentifier: String, share: CKShare, hierarchicalRootRecordID: CKRecord.ID?,
            participantRole: CKShare.ParticipantRole, participantStatus: CKShare.ParticipantAcceptanceStatus,
            participantPermission: CKShare.ParticipantPermission, ownerIdentity: CKUserIdentity, rootRecord: CKRecord? = nil
        ) {
            self.containerIdentifier = containerIdentifier
            self.share = share
            self.hierarchicalRootRecordID = hierarchicalRootRecordID
            self.participantRole = participantRole
            self.participantStatus = participantStatus
            self.participantPermission = participantPermission
            self.ownerIdentity = ownerIdentity
            self.rootRecord = rootRecord
        }
    }
}
