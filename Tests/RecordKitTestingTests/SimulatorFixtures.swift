import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

/// A private-database simulator with the note zone (``Fixtures/zone``) created.
func simulatorWithNoteZone(seed: UInt64 = 1) async throws -> CloudKitSimulator {
    let simulator = CloudKitSimulator(seed: seed)
    let results = try await simulator.saveZones([Fixtures.zone])
    _ = try results[0].get()
    return simulator
}

/// Saves records with the default policy and returns the server's copies; fails on any item error.
func save(_ records: [Record], to simulator: CloudKitSimulator) async throws -> [Record] {
    let result = try await simulator.modifyRecords(ModifyRecordsRequest(saves: records.map { RecordSave($0) }))
    try result.throwingPartialFailure()
    return try result.saves.map { try $0.result.get() }
}

extension RecordItemResult {
    /// The item's error, if it failed.
    var error: CloudError? {
        if case let .failure(error) = result { return error }
        return nil
    }
}
