import Foundation
import RecordKit
import Testing

@Suite struct RecordShareTests {
    let zone = RecordZoneID(zoneName: "Notes", ownerName: "_owner")

    @Test func aZoneShareHasTheFixedRecordNameAndNoRoot() {
        let share = RecordShare(zoneID: zone, title: "Everything")
        #expect(share.id == RecordID(recordName: "cloudkit.zoneshare", zoneID: zone))
        #expect(share.scope == .zone(zone))
        #expect(share.rootRecordID == nil)
        #expect(share.zoneID == zone)
    }

    @Test func aHierarchyShareLivesInItsRootsZone() {
        let root = RecordID(recordName: "folder-1", zoneID: zone)
        let share = RecordShare(rootRecordID: root, shareRecordName: "share-1")
        #expect(share.id == RecordID(recordName: "share-1", zoneID: zone))
        #expect(share.rootRecordID == root)
        #expect(share.publicPermission == SharePermission.none)
    }

    @Test func theOwnerAndParticipantsAreFoundByRoleAndName() {
        let owner = ShareParticipant(
            identity: ShareUserIdentity(userRecordName: "_owner"), role: .owner, permission: .readWrite,
            acceptanceStatus: .accepted)
        let reader = ShareParticipant(identity: ShareUserIdentity(userRecordName: "_reader", emailAddress: "r@example.com"))
        let share = RecordShare(zoneID: zone, participants: [reader, owner])
        #expect(share.owner == owner)
        #expect(share.participant(userRecordName: "_reader") == reader)
        #expect(share.participant(userRecordName: "_nobody") == nil)
    }

    @Test(arguments: [
        (SharePermission.readWrite, ShareAcceptanceStatus.accepted, true),
        (.readWrite, .pending, false),
        (.readWrite, .removed, false),
        (.readOnly, .accepted, false),
        (.none, .accepted, false),
    ])
    func onlyAnAcceptedReadWriteParticipantCanWrite(permission: SharePermission, status: ShareAcceptanceStatus, canWrite: Bool) {
        let participant = ShareParticipant(
            identity: ShareUserIdentity(userRecordName: "_p"), permission: permission, acceptanceStatus: status)
        #expect(participant.canWrite == canWrite)
    }
}
