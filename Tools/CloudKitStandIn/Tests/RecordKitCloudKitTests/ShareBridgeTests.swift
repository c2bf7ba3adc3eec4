import CloudKit
import Foundation
import RecordKit
import RecordKitCloudKitOnStandIn
import Testing

/// Shares across the bridge: `RecordShare` <-> `CKShare` for a zone and a hierarchy, participants with every role,
/// permission and status, `ShareMetadata` from `CKShare.Metadata`. The tests play the server: they set what only
/// it sets (change tags, URLs, acceptance statuses) with the stand-in's package initializers.
@Suite struct ShareBridgeTests {
    private let zone = RecordZoneID(zoneName: "notes", ownerName: "__defaultOwner__")

    private static func identity(_ name: String?, email: String? = nil, phone: String? = nil) -> CKUserIdentity {
        let lookup: CKUserIdentity.LookupInfo? =
            if let email { CKUserIdentity.LookupInfo(emailAddress: email) }
            else if let phone { CKUserIdentity.LookupInfo(phoneNumber: phone) }
            else { nil }
        return CKUserIdentity(
            userRecordID: name.map { CKRecord.ID(recordName: $0, zoneID: CKRecordZone.ID(zoneName: "_defaultZone", ownerName: CKCurrentUserDefaultName)) },
            lookupInfo: lookup, nameComponents: nil)
    }

    private static func participant(
        _ name: String?, email: String? = nil, phone: String? = nil, role: CKShare.ParticipantRole = .privateUser,
        permission: CKShare.ParticipantPermission = .readOnly, status: CKShare.ParticipantAcceptanceStatus = .pending
    ) -> CKShare.Participant {
        CKShare.Participant(
            userIdentity: identity(name, email: email, phone: phone), role: role, permission: permission, acceptanceStatus: status)
    }

    @Test func aNewZoneShareRoundTripsWithItsParticipants() throws {
        let alice = ShareParticipant(identity: ShareUserIdentity(userRecordName: "_alice"), permission: .readWrite)
        let bob = ShareParticipant(identity: ShareUserIdentity(emailAddress: "bob@example.com"), role: .administrator)
        let share = RecordShare(zoneID: zone, title: "Notes", publicPermission: .none, participants: [alice, bob])
        let lookedUp = [Self.participant(nil, email: "bob@example.com"), Self.participant("_alice")]

        let ck = try share.ckShare(rootRecord: nil, serverShare: nil, lookedUp: lookedUp)
        #expect(ck.recordType == CKRecordTypeShare)
        #expect(ck.recordID.recordName == CKRecordNameZoneWideShare)
        #expect(ck.recordID.zoneID.zoneName == "notes")
        #expect(ck.object(forKey: CKShare.SystemFieldKey.title) as? NSString == "Notes")
        #expect(ck.publicPermission == .none)
        #expect(ck.participants.map(\.permission) == [.readWrite, .readOnly])
        #expect(ck.participants.map(\.role) == [.privateUser, .administrator])

        ck.markSaved(changeTag: "s1")
        let back = try RecordShare(ckShare: ck)
        #expect(back.scope == .zone(zone))
        #expect(back.id == share.id)
        #expect(back.title == "Notes")
        #expect(back.publicPermission == SharePermission.none)
        #expect(back.system.changeTag == "s1")
        #expect(back.participants.map(\.identity.userRecordName) == ["_alice", nil])
        #expect(back.participants.map(\.identity.emailAddress) == [nil, "bob@example.com"])
        #expect(back.participants.map(\.role) == [.privateUser, .administrator])
        #expect(back.participants.map(\.permission) == [.readWrite, .readOnly])
        #expect(back.participants.map(\.acceptanceStatus) == [.pending, .pending])
    }

    @Test func aNewHierarchyShareNamesItselfInItsRootAndItsRootInItself() throws {
        let rootID = RecordID(recordName: "folder-1", zoneID: zone)
        let root = CKRecord(recordType: "Folder", recordID: CKRecord.ID(rootID))
        let share = RecordShare(rootRecordID: rootID, shareRecordName: "share-1", title: "Folder", publicPermission: .readOnly)

        let ck = try share.ckShare(rootRecord: root, serverShare: nil)
        #expect(root.share?.recordID == ck.recordID)
        #expect(ck.recordID.recordName == "share-1")
        #expect(ck.publicPermission == .readOnly)

        let back = try RecordShare(ckShare: ck)
        #expect(back.scope == .hierarchy(root: rootID))
        #expect(back.rootRecordID == rootID)
        #expect(back.publicPermission == .readOnly)
        // The caller's root wins over the field (metadata names it, for shares made elsewhere).
        let other = RecordID(recordName: "elsewhere", zoneID: zone)
        #expect(try RecordShare(ckShare: ck, rootRecordID: other).scope == .hierarchy(root: other))
    }

    @Test func aShareMadeElsewhereWithoutItsRootIsAMissingField() {
        let ck = CKShare(recordID: CKRecord.ID(recordName: "s", zoneID: CKRecordZone.ID(zone)), url: nil, participants: [], currentUserParticipant: nil)
        #expect(throws: RecordDecodingError.missingField(recordType: "cloudkit.share", recordName: "s", field: RecordShare.rootRecordNameKey)) {
            try RecordShare(ckShare: ck)
        }
    }

    @Test func aServerShareIsEditedInACopy() throws {
        let owner = Self.participant("_owner", role: .owner, permission: .readWrite, status: .accepted)
        let alice = Self.participant("_alice", permission: .readWrite, status: .accepted)
        let bob = Self.participant("_bob", status: .removed)
        let url = URL(string: "https://www.icloud.com/share/abc")
        let server = CKShare(
            recordID: CKRecord.ID(recordName: CKRecordNameZoneWideShare, zoneID: CKRecordZone.ID(zone)), url: url,
            participants: [owner, alice, bob], currentUserParticipant: owner)
        server.markSaved(changeTag: "s7")

        var share = try RecordShare(ckShare: server)
        #expect(share.url == url)
        #expect(share.owner?.identity.userRecordName == "_owner")
        #expect(share.participants.map(\.acceptanceStatus) == [.accepted, .accepted, .removed])
        share.participants.removeAll { $0.identity.userRecordName == "_bob" }
        share.participants[1].permission = .readOnly
        share.participants.append(ShareParticipant(identity: ShareUserIdentity(phoneNumber: "+15550100"), permission: .readWrite))
        let carol = Self.participant(nil, phone: "+15550100")

        let ck = try share.ckShare(rootRecord: nil, serverShare: server, lookedUp: [carol])
        #expect(ck !== server)
        #expect(ck.recordChangeTag == "s7")
        #expect(ck.url == url)
        #expect(ck.participants.count == 3)
        #expect(ck.participants.contains { $0 === carol && $0.permission == .readWrite })
        #expect(!ck.participants.contains { $0 === bob })
        #expect(alice.permission == .readOnly)
        #expect(server.participants.count == 3, "the server's share keeps its list")
        #expect(owner.role == .owner && owner.permission == .readWrite, "the owner is the server's")
    }

    @Test func sharesTheBridgeCannotMakeAreTypedErrors() {
        let rootID = RecordID(recordName: "folder-1", zoneID: zone)
        #expect(throws: CloudKitBridgeError.shareNeedsRootRecord(recordName: "s", rootRecordName: "folder-1")) {
            try RecordShare(rootRecordID: rootID, shareRecordName: "s").ckShare(rootRecord: nil, serverShare: nil)
        }
        var seen = RecordShare(zoneID: zone)
        seen.system.changeTag = "s1"
        #expect(throws: CloudKitBridgeError.shareNeedsServerCopy(recordName: CKRecordNameZoneWideShare)) {
            try seen.ckShare(rootRecord: nil, serverShare: nil)
        }
        let stranger = ShareParticipant(identity: ShareUserIdentity(emailAddress: "eve@example.com"))
        #expect(throws: CloudKitBridgeError.participantNotLookedUp(recordName: CKRecordNameZoneWideShare, participant: "eve@example.com")) {
            try RecordShare(zoneID: zone, participants: [stranger]).ckShare(rootRecord: nil, serverShare: nil, lookedUp: [Self.participant("_alice")])
        }
    }

    @Test func everyRoleMapsBothWays() {
        let pairs: [(CKShare.ParticipantRole, ShareParticipantRole)] = [
            (.unknown, .unknown), (.owner, .owner), (.administrator, .administrator), (.privateUser, .privateUser),
            (.publicUser, .publicUser),
        ]
        #expect(pairs.count == ShareParticipantRole.allCases.count)
        for (ck, role) in pairs {
            #expect(ShareParticipantRole(ck) == role)
            #expect(role.ckParticipantRole == ck)
        }
    }

    @Test func everyPermissionMapsBothWays() {
        let pairs: [(CKShare.ParticipantPermission, SharePermission)] = [
            (.unknown, .unknown), (.none, SharePermission.none), (.readOnly, .readOnly), (.readWrite, .readWrite),
        ]
        #expect(pairs.count == SharePermission.allCases.count)
        for (ck, permission) in pairs {
            #expect(SharePermission(ck) == permission)
            #expect(permission.ckParticipantPermission == ck)
        }
    }

    @Test func everyAcceptanceStatusMapsBothWays() {
        let pairs: [(CKShare.ParticipantAcceptanceStatus, ShareAcceptanceStatus)] = [
            (.unknown, .unknown), (.pending, .pending), (.accepted, .accepted), (.removed, .removed),
        ]
        #expect(pairs.count == ShareAcceptanceStatus.allCases.count)
        for (ck, status) in pairs {
            #expect(ShareAcceptanceStatus(ck) == status)
            #expect(status.ckAcceptanceStatus == ck)
        }
    }

    @Test func anIdentityReadsItsNameAndLookupInfo() {
        var components = PersonNameComponents()
        components.givenName = "Ada"
        components.familyName = "Lovelace"
        let identity = CKUserIdentity(
            userRecordID: nil, lookupInfo: CKUserIdentity.LookupInfo(emailAddress: "ada@example.com"), nameComponents: components)
        #expect(ShareUserIdentity(ckUserIdentity: identity) == ShareUserIdentity(emailAddress: "ada@example.com", displayName: "Ada Lovelace"))
        let byRecord = CKUserIdentity(
            userRecordID: nil, lookupInfo: CKUserIdentity.LookupInfo(userRecordID: CKRecord.ID(recordName: "_ada", zoneID: CKRecordZone.ID(zone))),
            nameComponents: PersonNameComponents())
        #expect(ShareUserIdentity(ckUserIdentity: byRecord) == ShareUserIdentity(userRecordName: "_ada"))
    }

    @Test func metadataOfAHierarchyAndOfAZone() throws {
        let rootID = CKRecord.ID(recordName: "folder-1", zoneID: CKRecordZone.ID(zone))
        let share = CKShare(
            recordID: CKRecord.ID(recordName: "share-1", zoneID: CKRecordZone.ID(zone)), url: URL(string: "https://www.icloud.com/share/x"),
            participants: [], currentUserParticipant: nil)
        let owner = Self.identity("_owner")
        let metadata = CKShare.Metadata(
            containerIdentifier: "iCloud.example", share: share, hierarchicalRootRecordID: rootID, participantRole: .privateUser,
            participantStatus: .pending, participantPermission: .readWrite, ownerIdentity: owner)
        let read = try ShareMetadata(ckShareMetadata: metadata)
        #expect(read.containerIdentifier == "iCloud.example")
        #expect(read.rootRecordID == RecordID(rootID))
        #expect(read.share.scope == .hierarchy(root: RecordID(rootID)))
        #expect(read.ownerIdentity.userRecordName == "_owner")
        #expect(read.participantRole == .privateUser)
        #expect(read.participantStatus == .pending)
        #expect(read.participantPermission == .readWrite)

        let zoneShare = CKShare(recordZoneID: CKRecordZone.ID(zone))
        let zoneMetadata = CKShare.Metadata(
            containerIdentifier: "iCloud.example", share: zoneShare, hierarchicalRootRecordID: nil, participantRole: .publicUser,
            participantStatus: .accepted, participantPermission: .readOnly, ownerIdentity: owner)
        let readZone = try ShareMetadata(ckShareMetadata: zoneMetadata)
        #expect(readZone.rootRecordID == nil)
        #expect(readZone.share.scope == .zone(zone))
        #expect(readZone.participantRole == .publicUser)
    }
}
