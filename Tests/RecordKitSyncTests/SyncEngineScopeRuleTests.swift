import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The engine sends by the store's one scope rule (`RecordStore.sendingScope(of:)`), the rule the CKSyncEngine
/// adapter follows too (issue 29).
@Suite struct SyncEngineScopeRuleTests {
    @Test func thePrivateEngineNeverSendsAZoneOfAnotherOwnerTheStoreHasNoRowFor() async throws {
        let harness = try noteHarness()
        let device = harness[0]
        // Saved before any engine of the shared database recorded the zone (the app wrote into it first).
        let theirZone = RecordZoneID(zoneName: "shared-notes", ownerName: "_owner")
        try device.store.save(Fixtures.note("theirs", text: "edit", modified: 2, zone: theirZone))
        try device.store.save(Fixtures.note("mine", text: "mine", modified: 2))
        try await device.sync()
        #expect(await harness.simulator.serverRecords().map(\.id.recordName) == ["mine"])
        #expect(try device.store.pendingItems(for: .shared).map(\.id) == [Fixtures.id("theirs", zone: theirZone)])
        #expect(try device.store.pendingItems(for: .private).isEmpty)
    }
}
