import CloudKit
import Foundation
import RecordKit
import RecordKitSyncOnStandIn

/// A one-zone CloudKit server for the two-device tests, which plays CKSyncEngine for each device: a send is
/// willSendChanges, then batches until none is left (each answered with sentRecordZoneChanges and a
/// stateUpdate), then didSendChanges; a fetch is willFetchChanges, willFetchRecordZoneChanges,
/// fetchedRecordZoneChanges, stateUpdate, didFetchRecordZoneChanges, didFetchChanges. Saves follow
/// ifServerRecordUnchanged (a new change tag on every save; a stale or missing tag is serverRecordChanged with
/// the server's record), and write only the saved record's `changedKeys()` over the server's record (a changed
/// key set to nil removes the field), as CloudKit does. The device's fetch position lives in the state
/// serialization's label, as CKSyncEngine keeps its change tokens in its state.
final class FakeCloud {
    private var records: [String: (record: Record, sequence: Int)] = [:]
    private var deleted: [String: Int] = [:]
    private var sequence = 0
    /// Every `CKRecord` the devices sent to save, in order.
    private(set) var sentRecords: [CKRecord] = []

    func send(_ device: Device) async throws {
        await device.send(.willSendChanges(.init()))
        while let batch = await device.nextBatch() {
            var saved: [CKRecord] = []
            var failed: [CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave] = []
            for ckRecord in batch.recordsToSave {
                sentRecords.append(ckRecord)
                let name = ckRecord.recordID.recordName
                let stored = records[name]?.record
                if let stored, stored.system.changeTag != ckRecord.recordChangeTag {
                    let error = CKError(.serverRecordChanged, userInfo: [CKRecordChangedErrorServerRecordKey: try stored.ckRecord()])
                    failed.append(.init(record: ckRecord, error: error))
                    continue
                }
                sequence += 1
                let record = try Server.applying(ckRecord, over: stored, tag: "tag-\(sequence)")
                records[name] = (record, sequence)
                deleted[name] = nil
                saved.append(try record.ckRecord())
            }
            for id in batch.recordIDsToDelete {
                sequence += 1
                records[id.recordName] = nil
                deleted[id.recordName] = sequence
            }
            await device.send(.sentRecordZoneChanges(.init(
                savedRecords: saved, failedRecordSaves: failed, deletedRecordIDs: batch.recordIDsToDelete)))
            await device.stateUpdate(try device.storedStateLabel() ?? "0")
        }
        await device.send(.didSendChanges(.init()))
    }

    func fetch(_ device: Device) async throws {
        let zone = CKRecordZone.ID(noteZone)
        let since = Int(try device.storedStateLabel() ?? "0") ?? 0
        await device.send(.willFetchChanges(.init()))
        await device.send(.willFetchRecordZoneChanges(.init(zoneID: zone)))
        let changed = try records.values.filter { $0.sequence > since }.sorted { $0.sequence < $1.sequence }
            .map { CKDatabase.RecordZoneChange.Modification(record: try $0.record.ckRecord()) }
        let gone = deleted.filter { $0.value > since }.keys.sorted()
            .map { CKDatabase.RecordZoneChange.Deletion(recordID: ckID($0), recordType: "Note") }
        await device.send(.fetchedRecordZoneChanges(.init(modifications: changed, deletions: gone)))
        await device.stateUpdate(String(sequence))
        await device.send(.didFetchRecordZoneChanges(.init(zoneID: zone)))
        await device.send(.didFetchChanges(.init()))
    }

    /// The server's record named `name`, nil when it has none.
    func record(named name: String) -> Record? {
        records[name]?.record
    }

    /// Fetches and sends on every device until no device has anything left to send.
    func settle(_ devices: [Device]) async throws {
        for _ in 0..<5 {
            for device in devices {
                try await fetch(device)
                try await send(device)
            }
            if try devices.allSatisfy({ try $0.store.pendingCount() == 0 }) { break }
        }
        for device in devices { try await fetch(device) }
    }

    /// The server's notes by record name.
    func notes() throws -> [String: Note] {
        try records.mapValues { try Note(record: $0.record) }
    }
}
