import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

/// The zone the note app keeps its notes in.
let noteZone = RecordZoneID(zoneName: "note-zone")

/// A note record with a title, new to the server unless a change tag is given.
func note(_ name: String, title: String = "t", zone: RecordZoneID = noteZone, changeTag: String? = nil) -> Record {
    var record = Record(recordType: "Note", id: RecordID(recordName: name, zoneID: zone))
    record["title"] = .string(title)
    record.system.changeTag = changeTag
    return record
}

/// A private-database simulator with the note zone created.
func simulatorWithNoteZone(seed: UInt64 = 1) async throws -> CloudKitSimulator {
    let simulator = CloudKitSimulator(seed: seed)
    let results = try await simulator.saveZones([noteZone])
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
