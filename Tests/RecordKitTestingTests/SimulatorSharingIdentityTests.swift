import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting
import Testing

/// Participants invited by email address or phone number match the user who has that address or number when they
/// open the share; a participant named by user record name keeps working (the other suites).
@Suite struct SimulatorSharingIdentityTests {
    private func shareFolder(_ world: SharingWorld, with identity: ShareUserIdentity) async throws -> RecordShare {
        let share = RecordShare(
            rootRecordID: try world.owned("folder").id, shareRecordName: "folder-share", title: "Trip",
            participants: [ShareParticipant(identity: identity, permission: .readWrite)])
        return try await world.alice.privateDatabase.saveShare(share, rootRecord: try world.owned("folder"))
    }

    @Test func anInvitationByEmailIsTheUsersWhoHasThatAddress() async throws {
        let world = try await SharingWorld()
        let bob = await world.simulator.registerUser("bob", emailAddress: "Bob@Example.com")
        let share = try await shareFolder(world, with: ShareUserIdentity(emailAddress: "bob@example.com"))
        let metadata = try await bob.fetchShareMetadata(try #require(share.url))
        #expect(metadata.participantStatus == .pending && metadata.participantPermission == .readWrite)
        let accepted = try await bob.acceptShare(metadata)
        // The server now names the invitee: the same participant, with bob's user record name.
        #expect(accepted.participants.count == 2)
        let participant = try #require(accepted.participant(userRecordName: "bob"))
        #expect(participant.identity.emailAddress == "bob@example.com" && participant.acceptanceStatus == .accepted)
        #expect(await world.simulator.sharedRecords(of: "bob").map(\.id.recordName) == ["folder", "n1", "n2"])
        // Carol, who has another address, cannot open it.
        _ = await world.simulator.registerUser("carol", emailAddress: "carol@example.com")
        await #expect(throws: CloudError.self) { try await world.carol.fetchShareMetadata(try #require(share.url)) }
    }

    @Test func anInvitationByPhoneNumberIsTheUsersWhoHasThatNumber() async throws {
        let world = try await SharingWorld()
        _ = await world.simulator.registerUser("carol", phoneNumber: "+1 555-0100")
        let share = try await shareFolder(world, with: ShareUserIdentity(phoneNumber: "+15550100"))
        await #expect(throws: CloudError.self) { try await world.bob.fetchShareMetadata(try #require(share.url)) }
        try await world.accept(share, by: world.carol)
        #expect(await world.simulator.sharedZoneIDs(of: "carol") == [SharingWorld.sharedZone])
        #expect(await world.simulator.sharedZoneIDs(of: "bob").isEmpty)
    }

    @Test func theOwnersCopyListingTheInviteeByEmailKeepsTheUserTheServerResolved() async throws {
        let world = try await SharingWorld()
        let bob = await world.simulator.registerUser("bob", emailAddress: "bob@example.com")
        let share = try await shareFolder(world, with: ShareUserIdentity(emailAddress: "bob@example.com"))
        _ = try await bob.acceptShare(try await bob.fetchShareMetadata(try #require(share.url)))
        // Alice's app edits the title on its copy, whose participant is still named by email only.
        var edited = share
        edited.title = "Trip (final)"
        edited.system = try await world.alice.privateDatabase.fetchShare(share.id).system
        let saved = try await world.alice.privateDatabase.saveShare(edited, rootRecord: nil)
        #expect(saved.participant(userRecordName: "bob")?.acceptanceStatus == .accepted)
        #expect(await world.simulator.sharedZoneIDs(of: "bob") == [SharingWorld.sharedZone])
    }
}
