import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// Corrupt rows and a full disk: typed errors that name the record, and nothing else lost.
@Suite struct StoreCorruptionTests {
    /// Flips one byte in the middle of a stored copy, as a bad sector or a stray write would.
    static func corrupt(_ column: String, of name: String, in store: RecordStore) throws {
        try store.database.write { db in
            try db.execute(sql: """
                UPDATE recordkit_records SET \(column) = substr(\(column), 1, 20) || x'FF' || substr(\(column), 22)
                WHERE recordName = ?
                """, arguments: [name])
        }
    }

    @Test func aCorruptRowGivesATypedErrorNamingTheRecordWhileTheOthersRead() throws {
        let store = try Fixtures.memoryStore()
        try store.save(contentsOf: ["a", "bad", "c"].map { Fixtures.note($0) })
        try Self.corrupt("value", of: "bad", in: store)

        #expect(Fixtures.byContents(try store.fetch(Note.self, id: Fixtures.id("a"))) == Fixtures.byContents(Fixtures.note("a")))
        do {
            _ = try store.fetch(Note.self, id: Fixtures.id("bad"))
            Issue.record("a corrupt row must not read")
        } catch {
            guard case .corruptRecord(let id, "Note", .local, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(id == Fixtures.id("bad"))
            #expect(error.description.contains("'bad'"))
        }

        let all = try store.fetchAll(Note.self)
        #expect(Set(all.models.map(\.recordID.recordName)) == ["a", "c"])
        #expect(all.undecodable.count == 1)

        // Sending: the corrupt record is reported, the others still go (sqlite-data #492 lost them all).
        let batch = try store.nextPendingBatch()
        #expect(Set(batch.saves.map(\.record.id.recordName)) == ["a", "c"])
        #expect(batch.unreadable.count == 1)
        #expect(try store.pendingCount() == 3, "the corrupt row is kept")
    }

    /// A corrupt pending edit must not block the zone's change feed: the page and its token are stored, the corrupt
    /// row is reported and kept.
    @Test func aCorruptPendingEditDoesNotBlockAFetchedPage() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("bad"))
        try Self.corrupt("value", of: "bad", in: store)
        let token = ServerChangeToken(data: Data([4]))
        let report = try store.apply(FetchedPage(
            zoneID: Fixtures.zone,
            changed: [Fixtures.serverRecord(Fixtures.note("bad", text: "server"), tag: "e2"), Fixtures.serverRecord(Fixtures.note("ok"), tag: "e1")],
            token: token))
        #expect(report.unmerged.count == 1)
        guard case .corruptRecord(let id, _, .local, _) = report.unmerged.first else { Issue.record("unexpected \(report)"); return }
        #expect(id == Fixtures.id("bad"))
        #expect(try store.zone(Fixtures.zone)?.token == token)
        #expect(try store.fetch(Note.self, id: Fixtures.id("ok")) != nil)
        #expect(try store.database.read { db in try Int.fetchOne(db, sql: "SELECT pending FROM recordkit_records WHERE recordName = 'bad'") } == 1)
    }

    @Test func aCorruptServerCopyIsNamedAsSuch() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(serverRecords: [Fixtures.serverRecord(Fixtures.note("a"), tag: "e1")])
        try Self.corrupt("server", of: "a", in: store)
        do {
            _ = try store.storedState(of: Fixtures.id("a"))
            Issue.record("a corrupt server copy must not read")
        } catch {
            guard case .corruptRecord(_, _, .server, _) = error else { Issue.record("unexpected \(error)"); return }
        }
        #expect(Fixtures.textOf(try store.fetch(Note.self, id: Fixtures.id("a"))?.text) == "a", "the local copy still reads")
    }

    @Test func aCorruptTokenIsATypedError() throws {
        let store = try Fixtures.memoryStore()
        try store.apply(FetchedPage(zoneID: Fixtures.zone, token: ServerChangeToken(data: Data(repeating: 3, count: 40))))
        try store.database.write { db in try db.execute(sql: "UPDATE recordkit_zones SET token = x'0102'") }
        #expect(throws: RecordStoreError.self) { _ = try store.zone(Fixtures.zone) }
    }

    /// Disk full, simulated by SQLite's page limit: the save throws, nothing earlier is lost, and once there is room
    /// again the store works.
    @Test func aFullDiskFailsTheSaveLosesNothingAndRecovers() throws {
        let folder = try TemporaryFolder()
        let store = try RecordStore(path: folder.file("full.sqlite"), models: [Note.self], clock: Fixtures.clock)
        let before = (0..<20).map { Fixtures.note("before-\($0)") }
        try store.save(contentsOf: before)
        try store.database.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages + 1)")
        }

        let big = (0..<2_000).map { Fixtures.note("big-\($0)", text: String(repeating: "x", count: 200)) }
        do {
            try store.save(contentsOf: big)
            Issue.record("the save must fail when the database is full")
        } catch {
            guard case .diskFull = error else { Issue.record("expected diskFull, got \(error)"); return }
        }
        #expect(try store.fetchAll(Note.self).models.count == before.count, "nothing earlier lost, nothing of the failed save stored")
        #expect(try store.pendingCount() == before.count)
        #expect(Fixtures.byContents(try store.fetch(Note.self, id: Fixtures.id("before-7"))) == Fixtures.byContents(before[7]))

        try store.database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        try store.save(contentsOf: big)
        #expect(try store.fetchAll(Note.self).models.count == before.count + big.count)
        #expect(try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    }
}
