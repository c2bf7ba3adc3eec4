import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting

/// A note in the note zone whose text names `text`, edited at `modified` seconds.
func makeNote(_ name: String, text: String, modified: TimeInterval) -> Note {
    Note(
        recordID: RecordID(recordName: name, zoneID: noteZone),
        text: TestAssetFiles.asset(containing: text), modified: Date(timeIntervalSince1970: modified))
}

extension Note {
    /// The contents of the note's text file: what the edit wrote.
    var textName: String { TestAssetFiles.text(of: text) ?? "" }
}

/// A harness of `devices` note-app devices.
func noteHarness(
    devices: Int = 1, seed: UInt64 = 1, configure: (inout SyncConfiguration) -> Void = { _ in }
) throws -> SyncHarness {
    try SyncHarness(devices: devices, models: [Note.self], zones: [noteZone], seed: seed, configure: configure)
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

/// What the file of an asset field holds; nil when the value is not an asset or its file cannot be read.
func textOf(_ value: FieldValue?) -> String? {
    guard case let .asset(asset)? = value else { return nil }
    return TestAssetFiles.text(of: asset)
}

/// `record` with each asset's file named by what it holds instead of where it is: a device's copy in its store's
/// folder and the server's in its download cache compare equal when they hold the same bytes.
func byContents(_ record: Record) -> Record {
    var named = record
    for (key, value) in record.fields {
        guard case var .asset(asset) = value, asset.fileURL != nil else { continue }
        asset.fileURL = URL(fileURLWithPath: "/contents/" + (TestAssetFiles.text(of: asset) ?? "<unreadable>"))
        named.fields[key] = .asset(asset)
    }
    return named
}
