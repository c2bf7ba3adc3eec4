import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting

/// A harness of `devices` note-app devices.
func noteHarness(
    devices: Int = 1, seed: UInt64 = 1, configure: (inout SyncConfiguration) -> Void = { _ in }
) throws -> SyncHarness {
    try SyncHarness(devices: devices, models: [Note.self], zones: [Fixtures.zone], seed: seed, configure: configure)
}

/// The device's readable notes by record name.
func notes(on device: SimulatedDevice) throws -> [String: Note] {
    Dictionary(uniqueKeysWithValues: try device.store.fetchAll(Note.self).models.map { ($0.recordID.recordName, $0) })
}

extension EventLog {
    /// The IDs in `.sent` events, one array per request.
    var sentBatches: [[RecordID]] {
        events.compactMap { if case let .sent(saved, deleted) = $0 { saved + deleted } else { nil } }
    }

    /// The records whose conflicts were merged.
    var merged: [RecordID] {
        events.compactMap { if case let .conflictMerged(id) = $0 { id } else { nil } }
    }

    /// The failures reported.
    var failures: [(RecordID, CloudError)] {
        events.compactMap { if case let .failure(id, error) = $0 { (id, error) } else { nil } }
    }

    /// The fetched pages' sizes.
    var fetchedPages: [Int] {
        events.compactMap { if case let .fetched(_, changed, deleted) = $0 { changed.count + deleted.count } else { nil } }
    }
}
