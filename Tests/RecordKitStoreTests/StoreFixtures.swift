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

/// The store tests' own fixtures; the note zone, IDs, texts and notes are in NoteFixtures.swift and
/// NoteModelFixtures.swift.
extension Fixtures {
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
