import Foundation
import GRDB
import RecordKit
import RecordKitStore
import RecordKitTesting

/// A temporary folder for one test's database files, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "recordkitstore-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

enum Fixtures {
    static let zone = RecordZoneID(zoneName: "note-zone")

    static func id(_ name: String, zone: RecordZoneID = Fixtures.zone) -> RecordID { RecordID(recordName: name, zoneID: zone) }

    /// A note's text: a small file holding `name` (a store refuses an asset whose file does not exist).
    static func text(_ name: String) -> Asset { TestAssetFiles.asset(containing: name) }

    /// What an asset's file holds: the `name` of ``text(_:)``, whichever folder the store copied it into.
    static func textOf(_ asset: Asset?) -> String? { asset.flatMap(TestAssetFiles.text(of:)) }

    /// `asset` with its file named by what the file holds instead of where it is, so that the same file copied into
    /// two folders (the app's, the store's) compares equal.
    static func byContents(_ asset: Asset) -> Asset {
        guard asset.fileURL != nil else { return asset }
        var named = asset
        named.fileURL = URL(fileURLWithPath: "/contents/" + (TestAssetFiles.text(of: asset) ?? "<unreadable>"))
        return named
    }

    /// `note` with its text compared by contents (``byContents(_:)-(Asset)``).
    static func byContents(_ note: Note) -> Note {
        var named = note
        named.text = byContents(note.text)
        return named
    }

    /// Notes compared by contents.
    static func byContents(_ notes: [Note]) -> [Note] { notes.map(byContents) }

    /// `note` as the store returns it, compared by contents; nil when there is none.
    static func byContents(_ note: Note?) -> Note? { note.map(byContents) }

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

    static func note(_ name: String, text: String? = nil, modified: TimeInterval = 1_000, zone: RecordZoneID = Fixtures.zone) -> Note {
        Note(recordID: id(name, zone: zone), text: Self.text(text ?? name), modified: Date(timeIntervalSince1970: modified))
    }

    /// The record a server returns for `note`: the same fields with a change tag.
    static func serverRecord(_ note: Note, tag: String) -> RecordKit.Record {
        var record = note.record()
        record.system.changeTag = tag
        return record
    }

    /// A store in a fresh in-memory database queue.
    static func memoryStore() throws -> RecordStore {
        try RecordStore(database: try DatabaseQueue(), models: [Note.self], clock: clock)
    }

    /// The tests' store clock: 1970-01-01, before every `modified` the tests write, so a save keeps the app's
    /// clock unless it is not later than the server copy's (see `MergeClockStampTests`).
    static let clock = FixedStoreClock(Date(timeIntervalSince1970: 0))
}

/// A store clock that stays where it is set.
struct FixedStoreClock: RecordStoreClock {
    let date: Date
    init(_ date: Date) { self.date = date }
    func currentDate() -> Date { date }
}
