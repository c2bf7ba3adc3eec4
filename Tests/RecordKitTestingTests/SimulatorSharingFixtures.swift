import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Three users of one simulator: alice owns a note zone holding a folder with two notes in it (their parent is the
/// folder) and one loose note; bob and carol are invited to alice's shares.
struct SharingWorld {
    let simulator: CloudKitSimulator
    let alice: SimulatedUser, bob: SimulatedUser, carol: SimulatedUser
    /// Alice's records as the server returned them, by record name (named with the default owner, as alice sees them).
    var ownedRecords: [String: Record]

    /// Alice's record `name` as the server last returned it.
    func owned(_ name: String) throws -> Record { try #require(ownedRecords[name]) }

    /// Alice's note zone as bob and carol see it in their shared databases.
    static let sharedZone = RecordZoneID(zoneName: Fixtures.zone.zoneName, ownerName: "alice")

    /// The ID a participant uses for alice's record `name`.
    static func sharedID(_ name: String) -> RecordID { RecordID(recordName: name, zoneID: sharedZone) }

    init() async throws {
        simulator = CloudKitSimulator(seed: 7)
        alice = simulator.user("alice")
        bob = simulator.user("bob")
        carol = simulator.user("carol")
        _ = try await alice.privateDatabase.saveZones([Fixtures.zone])[0].get()
        var folder = Record(recordType: "Folder", id: RecordID(recordName: "folder", zoneID: Fixtures.zone))
        folder["name"] = .string("Trip")
        let inFolder = ["n1", "n2"].map { name -> Record in
            var record = Fixtures.noteRecord(name)
            record.system.parent = Reference(recordID: folder.id)
            return record
        }
        let result = try await alice.privateDatabase.modifyRecords(
            ModifyRecordsRequest(saves: ([folder] + inFolder + [Fixtures.noteRecord("loose")]).map { RecordSave($0) }))
        try result.throwingPartialFailure()
        ownedRecords = Dictionary(uniqueKeysWithValues: try result.saves.map { try $0.result.get() }.map { ($0.id.recordName, $0) })
    }

    /// Alice shares the folder's hierarchy with the participants named, each with their permission.
    func shareFolder(with people: [(String, SharePermission)], publicPermission: SharePermission = .none) async throws -> RecordShare {
        let participants = people.map { ShareParticipant(identity: ShareUserIdentity(userRecordName: $0.0), permission: $0.1) }
        let share = RecordShare(
            rootRecordID: try owned("folder").id, shareRecordName: "folder-share", title: "Trip",
            publicPermission: publicPermission, participants: participants)
        return try await alice.privateDatabase.saveShare(share, rootRecord: try owned("folder"))
    }

    /// `user` opens the share's URL and accepts it.
    @discardableResult
    func accept(_ share: RecordShare, by user: SimulatedUser) async throws -> RecordShare {
        let url = try #require(share.url)
        return try await user.acceptShare(try await user.fetchShareMetadata(url))
    }

    /// Alice saves `records` (named with the default owner) and returns the server's copies.
    func aliceSaves(_ records: [Record]) async throws -> [Record] {
        let result = try await alice.privateDatabase.modifyRecords(ModifyRecordsRequest(saves: records.map { RecordSave($0) }))
        try result.throwingPartialFailure()
        return try result.saves.map { try $0.result.get() }
    }
}
