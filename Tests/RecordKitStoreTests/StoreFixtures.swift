import Foundation
import GRDB
import RecordKit
import RecordKitStore

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

    static func text(_ name: String) -> Asset { Asset(fileURL: URL(fileURLWithPath: "/tmp/\(name).txt")) }

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
