import CloudKit
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn
import Testing

/// `CloudKitDatabase` as `CloudSharing` and `CloudKitContainer` as `ShareAccepting`, over a `CKDatabase` and a
/// `CKContainer` whose answers each test scripts (the tests play the server).
@Suite struct CloudKitSharingTests {
    let container = CKContainer(identifier: "iCloud.test.sharing")
    var cloud: CloudKitDatabase { CloudKitDatabase(container.privateCloudDatabase, container: container) }
    let folderID = RecordID(recordName: "folder", zoneID: noteZone)
    let shareID = RecordID(recordName: "share-1", zoneID: noteZone)

    init() { _ = Device.registered }

    private static func person(_ name: String) -> CKUserIdentity {
        CKUserIdentity(
            userRecordID: CKRecord.ID(recordName: name, zoneID: CKRecordZone.ID(RecordZoneID())), lookupInfo: nil, nameComponents: nil)
    }

    /// The server's share: the owner and Alice (read-write, accepted), under change tag `s1`.
    private static func serverShare(_ id: RecordID, root: String) -> CKShare {
        let owner = CKShare.Participant(userIdentity: person("_owner"), role: .owner, permission: .readWrite, acceptanceStatus: .accepted)
        let alice = CKShare.Participant(userIdentity: person("_alice"), permission: .readWrite, acceptanceStatus: .accepted)
        let share = CKShare(recordID: CKRecord.ID(id), url: URL(string: "https://www.icloud.com/share/1"), participants: [owner, alice], currentUserParticipant: owner)
        share.setObject(NSString(string: root), forKey: RecordShare.rootRecordNameKey)
        share.markSaved(changeTag: "s1")
        return share
    }

    private func folder() -> Record {
        Record(recordType: "Folder", id: folderID, fields: ["name": .string("Trips")])
    }

    @Test func aNewHierarchyShareIsSavedWithItsRootInOneAtomicRequest() async throws {
        let sent = Box<(names: [String], rootShare: String?, atomic: Bool, permissions: [Int])>()
        container.responses.shareParticipant = { lookup in
            #expect(lookup.userRecordID?.recordName == "_alice")
            return CKShare.Participant(userIdentity: Self.person("_alice"))
        }
        container.privateCloudDatabase.responses.modifyRecords = { saves, _, _, atomic in
            let share = saves.compactMap { $0 as? CKShare }.first
            sent.value = (saves.map(\.recordID.recordName), saves.first?.share?.recordID.recordName, atomic,
                          share?.participants.map(\.permission.rawValue) ?? [])
            var results: [CKRecord.ID: Result<CKRecord, any Error>] = [:]
            for record in saves {
                record.markSaved(changeTag: "t-\(record.recordID.recordName)")
                results[record.recordID] = .success(record)
            }
            return (results, [:])
        }
        let alice = ShareParticipant(identity: ShareUserIdentity(userRecordName: "_alice"), permission: .readWrite)
        let share = RecordShare(rootRecordID: folderID, shareRecordName: "share-1", title: "Trips", participants: [alice])

        let saved = try await cloud.saveShare(share, rootRecord: folder())
        #expect(sent.value?.names == ["folder", "share-1"])
        #expect(sent.value?.rootShare == "share-1")
        #expect(sent.value?.atomic == true)
        #expect(sent.value?.permissions == [CKShare.ParticipantPermission.readWrite.rawValue])
        #expect(saved.system.changeTag == "t-share-1")
        #expect(saved.scope == .hierarchy(root: folderID))
        #expect(saved.title == "Trips")
        #expect(saved.participants.map(\.identity.userRecordName) == ["_alice"])
    }

    @Test func aSavedShareIsEditedOnTheServersShare() async throws {
        let sentParticipants = Box<[String?]>()
        let sentTag = Box<String?>()
        let shareID = shareID
        container.privateCloudDatabase.responses.records = { ids in
            [ids[0]: .success(Self.serverShare(shareID, root: "folder"))]
        }
        container.privateCloudDatabase.responses.modifyRecords = { saves, _, _, _ in
            let share = saves.compactMap { $0 as? CKShare }.first
            sentParticipants.value = share?.participants.map { $0.userIdentity.userRecordID?.recordName }
            sentTag.value = share?.recordChangeTag
            return (Dictionary(uniqueKeysWithValues: saves.map { ($0.recordID, Result<CKRecord, any Error>.success($0)) }), [:])
        }
        var share = try await cloud.fetchShare(shareID)
        #expect(share.rootRecordID == folderID)
        #expect(share.participants.map(\.acceptanceStatus) == [.accepted, .accepted])
        share.participants.removeAll { $0.identity.userRecordName == "_alice" }
        share.title = "Renamed"

        let saved = try await CloudKitDatabase(container.privateCloudDatabase).saveShare(share, rootRecord: nil)
        #expect(sentTag.value == "s1", "saved on the server's change tag")
        #expect(sentParticipants.value == ["_owner"])
        #expect(saved.title == "Renamed")
    }

    @Test func aShareSavedOverAnOlderVersionIsRefusedWithTheServersChangeTag() async throws {
        let saves = Box<Int>()
        let shareID = shareID
        container.privateCloudDatabase.responses.records = { ids in
            [ids[0]: .success(Self.serverShare(shareID, root: "folder"))]
        }
        container.privateCloudDatabase.responses.modifyRecords = { records, _, _, _ in
            saves.value = (saves.value ?? 0) + 1
            return (Dictionary(uniqueKeysWithValues: records.map { ($0.recordID, Result<CKRecord, any Error>.success($0)) }), [:])
        }
        var share = try await cloud.fetchShare(shareID)
        share.system.changeTag = "s0"  // read before another device's save made it s1
        share.participants.removeAll { $0.identity.userRecordName == "_alice" }

        let refusal: CloudError?
        do {
            _ = try await cloud.saveShare(share, rootRecord: nil)
            refusal = nil
        } catch {
            refusal = error
        }
        guard case let .serverRecordChanged(server, client)? = refusal else {
            Issue.record("a stale share was not refused as changed on the server: \(String(describing: refusal))")
            return
        }
        #expect(server.id == shareID && client.id == shareID)
        #expect(server.system.changeTag == "s1")
        #expect(client.system.changeTag == "s0")
        #expect(saves.value == nil, "nothing was sent")
    }

    @Test func aParticipantToAddNeedsTheContainer() async {
        let share = RecordShare(zoneID: noteZone, participants: [ShareParticipant(identity: ShareUserIdentity(emailAddress: "a@example.com"))])
        await #expect(throws: CloudError.self) {
            _ = try await CloudKitDatabase(container.privateCloudDatabase).saveShare(share, rootRecord: nil)
        }
        container.responses.shareParticipant = { _ in throw CKError(.unknownItem) }
        let id = share.id
        await #expect(throws: CloudError.unknownItem(id)) {
            _ = try await cloud.saveShare(share, rootRecord: nil)
        }
    }

    @Test func aParticipantsRefusedSaveIsAPermissionFailureAndARootsFailureIsTheRoots() async throws {
        let shareID = shareID, folderID = folderID
        container.privateCloudDatabase.responses.modifyRecords = { _, _, _, _ in
            throw CKError(.partialFailure, userInfo: [CKPartialErrorsByItemIDKey: [
                AnyHashable(CKRecord.ID(shareID)): CKError(.permissionFailure), AnyHashable(CKRecord.ID(folderID)): CKError(.batchRequestFailed),
            ] as [AnyHashable: any Error]])
        }
        let share = RecordShare(rootRecordID: folderID, shareRecordName: "share-1")
        do {
            _ = try await cloud.saveShare(share, rootRecord: folder())
            Issue.record("the save should fail")
        } catch {
            guard case .permissionFailure = error else { Issue.record("expected permissionFailure, got \(error)"); return }
        }
        container.privateCloudDatabase.responses.modifyRecords = { _, _, _, _ in
            throw CKError(.partialFailure, userInfo: [CKPartialErrorsByItemIDKey: [
                AnyHashable(CKRecord.ID(shareID)): CKError(.batchRequestFailed), AnyHashable(CKRecord.ID(folderID)): CKError(.zoneNotFound),
            ] as [AnyHashable: any Error]])
        }
        await #expect(throws: CloudError.zoneNotFound(noteZone)) {
            _ = try await cloud.saveShare(share, rootRecord: folder())
        }
    }

    @Test func fetchingWhatIsNoShareOrNothingIsTyped() async {
        let shareID = shareID
        container.privateCloudDatabase.responses.records = { ids in
            [ids[0]: .success(CKRecord(recordType: "Folder", recordID: ids[0]))]
        }
        await #expect(throws: CloudError.invalidArguments("record \(shareID) is a Folder, not a share")) {
            _ = try await cloud.fetchShare(shareID)
        }
        container.privateCloudDatabase.responses.records = { ids in [ids[0]: .failure(CKError(.unknownItem))] }
        await #expect(throws: CloudError.unknownItem(shareID)) {
            _ = try await cloud.fetchShare(shareID)
        }
    }

    @Test func deletingAShareDeletesItsRecord() async throws {
        let deleted = Box<[String]>()
        container.privateCloudDatabase.responses.modifyRecords = { saves, deletes, _, _ in
            deleted.value = deletes.map(\.recordName)
            return ([:], Dictionary(uniqueKeysWithValues: deletes.map { ($0, Result<Void, any Error>.success(())) }))
        }
        try await cloud.deleteShare(shareID)
        #expect(deleted.value == ["share-1"])
        container.privateCloudDatabase.responses.modifyRecords = { _, deletes, _, _ in
            ([:], Dictionary(uniqueKeysWithValues: deletes.map { ($0, Result<Void, any Error>.failure(CKError(.permissionFailure))) }))
        }
        do {
            try await cloud.deleteShare(shareID)
            Issue.record("the delete should fail")
        } catch {
            guard case .permissionFailure = error else { Issue.record("expected permissionFailure, got \(error)"); return }
        }
    }

    @Test func theSharedDatabaseHasTheSharedScope() {
        #expect(CloudKitDatabase(container.sharedCloudDatabase).scope == .shared)
        #expect(cloud.scope == .private)
    }

    @Test func anInvitationIsReadThenAcceptedThroughTheContainer() async throws {
        let url = try #require(URL(string: "https://www.icloud.com/share/1"))
        let shareID = shareID, folderID = folderID
        let metadataFor: @Sendable (URL) -> CKShare.Metadata = { url in
            CKShare.Metadata(
                containerIdentifier: "iCloud.test.sharing", share: Self.serverShare(shareID, root: "folder"),
                hierarchicalRootRecordID: CKRecord.ID(folderID), participantRole: .privateUser, participantStatus: .pending,
                participantPermission: .readWrite, ownerIdentity: Self.person("_owner"))
        }
        let asked = Box<[URL]>()
        container.responses.shareMetadata = { url in
            asked.value = (asked.value ?? []) + [url]
            return metadataFor(url)
        }
        container.responses.accept = { metadata in metadata.share }
        let acceptor = CloudKitContainer(container)

        let metadata = try await acceptor.fetchShareMetadata(url)
        #expect(metadata.rootRecordID == folderID)
        #expect(metadata.participantStatus == .pending)
        #expect(metadata.participantPermission == .readWrite)
        #expect(metadata.ownerIdentity.userRecordName == "_owner")
        let accepted = try await acceptor.acceptShare(metadata)
        #expect(accepted.id == shareID)
        #expect(accepted.scope == .hierarchy(root: folderID))
        #expect(asked.value == [url, url])

        container.responses.shareMetadata = { _ in throw CKError(.permissionFailure) }
        do {
            _ = try await acceptor.fetchShareMetadata(url)
            Issue.record("a share the user is not invited to should fail")
        } catch {
            guard case .permissionFailure = error else { Issue.record("expected permissionFailure, got \(error)"); return }
        }
    }
}
