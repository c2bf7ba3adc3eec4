import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// A share is saved under its change tag, as a record is: two owner devices editing participants cannot silently
/// overwrite each other.
@Suite struct SimulatorSharingConflictTests {
    @Test func aShareSavedWithAStaleChangeTagFailsWithTheServersCopy() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readWrite)])
        // Two devices of alice start from the same copy.
        var phone = share, laptop = share
        phone.participants.append(ShareParticipant(identity: ShareUserIdentity(userRecordName: "carol")))
        let saved = try await world.alice.privateDatabase.saveShare(phone, rootRecord: nil)
        laptop.participants.removeAll { $0.identity.userRecordName == "bob" }
        await #expect {
            _ = try await world.alice.privateDatabase.saveShare(laptop, rootRecord: nil)
        } throws: { error in
            guard case let CloudError.serverRecordChanged(server, client) = error else { return false }
            return server.id == share.id && server.recordType == RecordShare.recordType
                && server.system.changeTag == saved.system.changeTag && client.system.changeTag == share.system.changeTag
                && server["title"] == .string("Trip")
        }
        // Nothing of the laptop's edit is on the server: bob is still invited, and carol too.
        let server = try #require(await world.simulator.serverShare(RecordID(recordName: "folder-share", zoneID: SharingWorld.sharedZone)))
        #expect(server.participant(userRecordName: "bob") != nil && server.participant(userRecordName: "carol") != nil)
        #expect(server.system.changeTag == saved.system.changeTag)
        // Edited again on the server's copy, the laptop's change goes through.
        var fresh = try await world.alice.privateDatabase.fetchShare(share.id)
        fresh.participants.removeAll { $0.identity.userRecordName == "bob" }
        let removed = try await world.alice.privateDatabase.saveShare(fresh, rootRecord: nil)
        #expect(removed.participant(userRecordName: "bob") == nil && removed.participant(userRecordName: "carol") != nil)
    }

    @Test func anAcceptanceChangesTheSharesChangeTag() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readWrite)])
        try await world.accept(share, by: world.bob)
        await #expect {
            _ = try await world.alice.privateDatabase.saveShare(share, rootRecord: nil)
        } throws: { error in
            if case CloudError.serverRecordChanged = error { true } else { false }
        }
        #expect(try await world.alice.privateDatabase.fetchShare(share.id).system.changeTag != share.system.changeTag)
    }

    @Test func aShareTheServerNoLongerHoldsIsUnknown() async throws {
        let world = try await SharingWorld()
        let share = try await world.shareFolder(with: [("bob", .readWrite)])
        try await world.alice.privateDatabase.deleteShare(share.id)
        await #expect(throws: CloudError.unknownItem(share.id)) {
            _ = try await world.alice.privateDatabase.saveShare(share, rootRecord: nil)
        }
        #expect(await world.simulator.serverShares().isEmpty)
    }
}
