import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// The sharing rules: who may write, who may share, and when a participant loses the zone.
@Suite struct SimulatorSharingRuleTests {
    @Test func aReadOnlyParticipantsSavesAndDeletesFailItemByItem() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readOnly)])
        try await world.accept(share, by: world.bob)
        let n1 = try await world.bob.sharedDatabase.fetchRecords([SharingWorld.sharedID("n1")])[0].result.get()
        var edited = n1
        edited["title"] = .string("bob was here")
        let result = try await world.bob.sharedDatabase.modifyRecords(
            ModifyRecordsRequest(saves: [RecordSave(edited)], deletes: [SharingWorld.sharedID("n2")]))
        guard case .permissionFailure? = result.saves[0].error, case .permissionFailure? = result.deletes[0].error else {
            Issue.record("expected permission failures, got \(result)")
            return
        }
        #expect(await world.simulator.serverRecord(SharingWorld.sharedID("n1"))?["title"] == .string("t"))
        #expect(await world.simulator.serverRecord(SharingWorld.sharedID("n2")) != nil)
    }

    @Test func aReadWriteParticipantWritesInsideTheHierarchyOnly() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readWrite)])
        try await world.accept(share, by: world.bob)
        var edited = try await world.bob.sharedDatabase.fetchRecords([SharingWorld.sharedID("n1")])[0].result.get()
        edited["title"] = .string("bob was here")
        var added = Fixtures.noteRecord("n4", zone: SharingWorld.sharedZone)
        added.system.parent = Reference(recordID: SharingWorld.sharedID("folder"))
        let outside = Fixtures.noteRecord("n5", zone: SharingWorld.sharedZone)
        let result = try await world.bob.sharedDatabase.modifyRecords(
            ModifyRecordsRequest(saves: [RecordSave(edited), RecordSave(added), RecordSave(outside)], atomic: false))
        #expect(result.saves[0].error == nil && result.saves[1].error == nil)
        guard case .permissionFailure? = result.saves[2].error else {
            Issue.record("a record outside the shared hierarchy was saved: \(result.saves[2])")
            return
        }
        // Alice sees bob's edit in her private database, under her default owner name.
        let mine = try await world.alice.privateDatabase.fetchRecords([try world.owned("n1").id])[0].result.get()
        #expect(mine["title"] == .string("bob was here") && mine.system.lastModifiedUserRecordName == "bob")
        #expect(mine.id.zoneID == Fixtures.zone)
    }

    @Test func aParticipantCannotShareFurther() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readWrite)])
        try await world.accept(share, by: world.bob)
        let n1 = try await world.bob.sharedDatabase.fetchRecords([SharingWorld.sharedID("n1")])[0].result.get()
        let further = RecordShare(rootRecordID: n1.id, shareRecordName: "bobs-share")
        await #expect {
            try await world.bob.sharedDatabase.saveShare(further, rootRecord: n1)
        } throws: { error in
            if case CloudError.permissionFailure = error { true } else { false }
        }
        #expect(await world.simulator.serverShares().map(\.id.recordName) == ["folder-share"])
        // Nor as a plain record of the share type.
        let asRecord = Record(recordType: RecordShare.recordType, id: SharingWorld.sharedID("sneaky"))
        let result = try await world.bob.sharedDatabase.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(asRecord)]))
        #expect(result.saves[0].error != nil)
    }

    @Test func loweringAParticipantsPermissionStopsTheirWrites() async throws {
        let world = try await SharingWorld()
        var share = try await world.shareFolder(with: [("bob", .readWrite)])
        try await world.accept(share, by: world.bob)
        share = try await world.alice.privateDatabase.fetchShare(share.id)
        share.participants = share.participants.map { participant in
            var changed = participant
            if participant.identity.userRecordName == "bob" { changed.permission = .readOnly }
            return changed
        }
        share = try await world.alice.privateDatabase.saveShare(share, rootRecord: nil)
        #expect(share.participant(userRecordName: "bob")?.acceptanceStatus == .accepted)
        #expect(share.participant(userRecordName: "bob")?.permission == .readOnly)
        var edited = try await world.bob.sharedDatabase.fetchRecords([SharingWorld.sharedID("n1")])[0].result.get()
        edited["title"] = .string("too late")
        let result = try await world.bob.sharedDatabase.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(edited)]))
        guard case .permissionFailure? = result.saves[0].error else {
            Issue.record("a read-only participant's save went through: \(result.saves[0])")
            return
        }
    }
}
