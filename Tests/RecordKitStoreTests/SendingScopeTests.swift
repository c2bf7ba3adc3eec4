import Foundation
import RecordKit
import RecordKitStore
import Testing

/// The store's one rule of which database a zone's pending changes go to (issue 29), which both engines follow:
/// a local copy sends nothing, a zone recorded as shared or owned by another user is the shared database's, any
/// other the private database's.
@Suite struct SendingScopeTests {
    static let bobsZone = RecordZoneID(zoneName: "bobs-notes", ownerName: "_bob")

    @Test func aZoneOfAnotherOwnerIsSharedEvenWithoutARecordedScope() throws {
        let store = try Fixtures.memoryStore()
        // No row for bob's zone: the owner's name alone says it is another user's, so the shared database's.
        try store.save(Fixtures.note("theirs", zone: Self.bobsZone))
        try store.save(Fixtures.note("mine"))
        #expect(try store.sendingScope(of: Self.bobsZone) == .shared)
        #expect(try store.nextPendingBatch(for: .shared).saves.map(\.record.id.recordName) == ["theirs"])
        #expect(try store.nextPendingBatch(for: .private).saves.map(\.record.id.recordName) == ["mine"])
        // A row made by a fetched page (its scope column at its default) does not make it private either.
        try store.apply(FetchedPage(zoneID: Self.bobsZone, token: ServerChangeToken(data: Data([1]))))
        #expect(try store.zone(Self.bobsZone) != nil)
        #expect(try store.pendingItems(for: .shared).map(\.id.recordName) == ["theirs"])
        #expect(try store.pendingItems(for: .private).map(\.id.recordName) == ["mine"])
    }

    @Test func theRecordedScopeAndLocalCopiesDecideForTheCurrentUsersZones() throws {
        let store = try Fixtures.memoryStore()
        #expect(try store.sendingScope(of: Fixtures.zone) == .private)
        #expect(try store.sendingScope(of: RecordZoneID(zoneName: "never-seen")) == .private)
        try store.setZone(Fixtures.zone, scope: .shared)
        #expect(try store.sendingScope(of: Fixtures.zone) == .shared)
        try store.loseSharedZone(Self.bobsZone, policy: .keepLocalCopy)
        #expect(try store.sendingScope(of: Self.bobsZone) == nil)
        try store.save(Fixtures.note("kept", zone: Self.bobsZone))
        #expect(try store.pendingItems(for: .shared).isEmpty && store.pendingItems(for: .private).isEmpty)
    }
}
