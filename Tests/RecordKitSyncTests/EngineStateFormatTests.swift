import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import Testing

/// The engine's state blob as older versions wrote it still reads.
@Suite struct EngineStateFormatTests {
    /// The first format (`RKSE1`): a JSON list of the records sent as new whose response was never seen, with no
    /// subscription. Bytes as that version wrote them.
    private static let firstFormat = Data(#"RKSE1[{"ownerName":"__defaultOwner__","recordName":"n1","zoneName":"note-zone"}]"#.utf8)

    @Test func theFirstFormatStillReadsItsAttemptedRecords() async throws {
        let harness = try noteHarness(devices: 1) { $0.databaseSubscriptionID = "recordkit-changes" }
        let device = harness[0]
        // An older version sent n1 as new, lost the response, and the app deleted the note before the next sync:
        // the server holds n1, the store does not, and the old state remembers the attempt.
        _ = await harness.simulator.serverCreateZone(Fixtures.zone)
        try await harness.simulator.serverSave([Fixtures.note("n1", text: "t", modified: 1).record()])
        try device.store.setEngineState(Self.firstFormat, for: .syncEngine)

        try await device.sync()
        // The attempt was read: the engine deleted n1 on the server instead of fetching it back.
        #expect(await harness.simulator.serverRecord(Fixtures.id("n1")) == nil)
        #expect(try notes(on: device).isEmpty)
        // The state is written in the current format, the subscription remembered.
        let state = try #require(try device.store.engineState(.syncEngine))
        #expect(state.starts(with: Data("RKSE2".utf8)))
        #expect(String(decoding: state, as: UTF8.self).contains("recordkit-changes"))
    }
}
