import Foundation
import RecordKit
import RecordKitTesting

/// The note app's fixtures, the one home of the note zone, note IDs, note texts and note records for the
/// simulator, store and sync tests: this file is linked into RecordKitStoreTests and RecordKitSyncTests, and the
/// `Note` model's fixtures extend it in RecordKitStoreTests/NoteModelFixtures.swift (linked into the sync tests).
enum Fixtures {
    /// The zone the note app keeps its notes in.
    static let zone = RecordZoneID(zoneName: "note-zone")

    static func id(_ name: String, zone: RecordZoneID = Fixtures.zone) -> RecordID { RecordID(recordName: name, zoneID: zone) }

    /// A note record as the simulator tests write it, with no model: a title, new to the server unless a change
    /// tag is given.
    static func noteRecord(_ name: String, title: String = "t", zone: RecordZoneID = Fixtures.zone, changeTag: String? = nil) -> RecordKit.Record {
        var record = RecordKit.Record(recordType: "Note", id: id(name, zone: zone))
        record["title"] = .string(title)
        record.system.changeTag = changeTag
        return record
    }

    /// A note's text: a small file holding `name` (a store refuses an asset whose file does not exist).
    static func text(_ name: String) -> Asset { TestAssetFiles.asset(containing: name) }

    /// What an asset's file holds: the `name` of ``text(_:)``, whichever folder the store copied it into.
    static func textOf(_ asset: Asset?) -> String? { asset.flatMap(TestAssetFiles.text(of:)) }

    /// What the file of an asset field holds; nil when the value is not an asset or its file cannot be read.
    static func textOf(_ value: FieldValue?) -> String? {
        guard case let .asset(asset)? = value else { return nil }
        return textOf(asset)
    }

    /// `asset` with its file named by what the file holds instead of where it is, so that the same file copied into
    /// two folders (the app's and a store's, or a device's store and the server's download cache) compares equal.
    static func byContents(_ asset: Asset) -> Asset {
        guard asset.fileURL != nil else { return asset }
        var named = asset
        named.fileURL = URL(fileURLWithPath: "/contents/" + (TestAssetFiles.text(of: asset) ?? "<unreadable>"))
        return named
    }

    /// `record` with every asset compared by contents.
    static func byContents(_ record: RecordKit.Record) -> RecordKit.Record {
        var named = record
        for (key, value) in record.fields {
            if case let .asset(asset) = value { named.fields[key] = .asset(byContents(asset)) }
        }
        return named
    }

    /// The record an archived row holds, compared by contents; nil when there are no bytes or they do not decode.
    static func byContents(archive: Data?) -> RecordKit.Record? {
        archive.flatMap { try? NativeArchive.decodeRecord($0) }.map(byContents)
    }
}
