import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// `<merge clock="modified"/>` with the default `stamp="store"`: on every local save the store sets the clock
/// to the latest of the app's value, the store's clock, and the last server copy's clock plus 1 ms.
@Suite struct MergeClockStampTests {
    static func store(at seconds: TimeInterval) throws -> RecordStore {
        try RecordStore(database: try DatabaseQueue(), models: [Note.self], clock: FixedStoreClock(Date(timeIntervalSince1970: seconds)))
    }

    static func modified(_ store: RecordStore, _ name: String) throws -> Date? {
        try store.storedState(of: Fixtures.id(name))?.local.flatMap { record in
            if case let .timestamp(date)? = record["modified"] { date } else { nil }
        }
    }

    @Test func theGeneratedModelSaysTheStoreStampsItsClock() {
        #expect(Note.mergeClock == MergeClock(field: "modified", stamp: .store))
        #expect(Note.deleteConflict == .editWins)
    }

    @Test func aLaterValueFromTheAppIsKept() throws {
        let store = try Self.store(at: 100)
        try store.save(Fixtures.note("n", modified: 500))
        #expect(try Self.modified(store, "n") == Date(timeIntervalSince1970: 500))
    }

    @Test func aClockTheAppForgotTakesTheStoresTime() throws {
        let store = try Self.store(at: 1_000)
        try store.save(Fixtures.note("n", modified: 0))
        #expect(try Self.modified(store, "n") == Date(timeIntervalSince1970: 1_000))
    }

    @Test func anEditIsAlwaysLaterThanTheServerCopyItEdits() throws {
        let store = try Self.store(at: 0)
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("n", modified: 3_000), tag: "t1")])
        // A device whose wall clock is slow edits the record it holds: its edit is still the later one.
        try store.save(Fixtures.note("n", text: "edited", modified: 10))
        #expect(try Self.modified(store, "n") == Date(timeIntervalSince1970: 3_000.001))
        // The merge with a server record of the same clock then takes the edit.
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("n", text: "other", modified: 3_000), tag: "t2")])
        #expect(Fixtures.textOf(try store.fetch(Note.self, id: Fixtures.id("n"))?.text) == "edited")
    }
}
