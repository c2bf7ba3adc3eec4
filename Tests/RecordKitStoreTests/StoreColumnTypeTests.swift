import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// SQLite keeps any type in any column, so a damaged or foreign file can hold text where the store wrote an
/// integer. What SQLite and GRDB convert (a blob of UTF-8 as text, a real as an integer) still reads. Each such value is a typed `corruptColumn` error naming the record and the column (GRDB's `row[i]`
/// crashed the app on them until FuzzStoreRow found it), and sync goes on around the row.
@Suite struct StoreColumnTypeTests {
    /// Sets one column of the record `name` to a raw SQL expression.
    static func set(_ column: String, to expression: String, of name: String, in store: RecordStore) throws {
        try store.database.write { db in
            try db.execute(sql: "UPDATE recordkit_records SET \(column) = \(expression) WHERE recordName = ?", arguments: [name])
        }
    }

    static func expectCorruptColumn(
        _ column: String, of name: String?, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(RecordStoreError) -> Void
    ) {
        do {
            try body()
            Issue.record("a \(column) of the wrong type must not read", sourceLocation: sourceLocation)
        } catch {
            guard case let .corruptColumn(id, "recordkit_records", found, _) = error else {
                Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(found == column, sourceLocation: sourceLocation)
            #expect(id?.recordName == name, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        ("pending", "x''"), ("pending", "'soon'"), ("pending", "7"), ("generation", "'two'"), ("generation", "x'00'"),
        ("value", "3"), ("server", "2.5"), ("recordType", "x'ff'"),
    ])
    func aValueOfAnotherTypeIsACorruptColumnNamingTheRecord(column: String, expression: String) throws {
        let store = try Fixtures.memoryStore()
        try store.save(contentsOf: [Fixtures.note("ok"), Fixtures.note("bad")])
        try Self.set(column, to: expression, of: "bad", in: store)

        Self.expectCorruptColumn(column, of: "bad") { () throws(RecordStoreError) in _ = try store.storedState(of: Fixtures.id("bad")) }
        #expect(try store.storedState(of: Fixtures.id("ok"))?.local != nil, "the other rows still read")
        let batch = try store.nextPendingBatch()
        #expect(batch.saves.map(\.record.id.recordName) == ["ok"])
        #expect(batch.unreadable.count == 1, "the damaged row is reported, not dropped: \(batch)")
    }

    @Test func anIDColumnOfAnotherTypeIsReportedWithoutAnID() throws {
        let store = try Fixtures.memoryStore()
        try store.save(contentsOf: [Fixtures.note("ok"), Fixtures.note("bad")])
        // Not UTF-8, so not text (GRDB reads a blob that is UTF-8 as a string).
        try Self.set("recordName", to: "x'ff'", of: "bad", in: store)

        let all = try store.fetchAll(Note.self)
        #expect(all.models.map(\.recordID.recordName) == ["ok"])
        #expect(all.undecodable.count == 1)
        guard case let .corruptColumn(nil, _, column, found) = all.undecodable.first else { Issue.record("unexpected \(all)"); return }
        #expect(column == "recordName" && found == "a 1-byte blob")
        #expect(all.undecodable.first?.description == "a row of recordkit_records is corrupt: its column recordName holds a 1-byte blob, which the store never writes there")
    }

    @Test func tokensAndZoneFlagsOfAnotherTypeAreCorruptColumns() throws {
        let store = try Fixtures.memoryStore()
        try store.setZone(Fixtures.zone, exists: true)
        try store.setDatabaseToken(ServerChangeToken(data: Data([1])))
        try store.database.write { db in
            try db.execute(sql: "UPDATE recordkit_zones SET token = 12")
            try db.execute(sql: "UPDATE recordkit_state SET value = 1.5 WHERE key = 'databaseToken'")
        }
        #expect(throws: RecordStoreError.corruptColumn(nil, table: "recordkit_zones", column: "token", found: "the integer 12")) {
            try store.zones()
        }
        #expect(throws: RecordStoreError.corruptColumn(nil, table: "recordkit_state", column: "value", found: "the real 1.5")) {
            try store.databaseToken()
        }
    }

    /// A fetched page is stored around a damaged row: the row keeps its local state, its server copy is updated,
    /// and the report names it.
    @Test func aFetchedPageIsStoredAroundADamagedRow() throws {
        let store = try Fixtures.memoryStore()
        try store.save(contentsOf: [Fixtures.note("bad"), Fixtures.note("ok")])
        try Self.set("pending", to: "'soon'", of: "bad", in: store)
        let token = ServerChangeToken(data: Data([4]))
        let server = Fixtures.serverRecord(Fixtures.note("bad", text: "server"), tag: "e2")
        let report = try store.apply(FetchedPage(
            zoneID: Fixtures.zone, changed: [server, Fixtures.serverRecord(Fixtures.note("ok", text: "new"), tag: "e1")], token: token))

        guard case let .corruptColumn(id, _, "pending", _) = report.unmerged.first else { Issue.record("unexpected \(report)"); return }
        #expect(id == Fixtures.id("bad") && report.unmerged.count == 1)
        #expect(try store.zone(Fixtures.zone)?.token == token)
        let stored = try store.database.read { db in
            try Row.fetchOne(db, sql: "SELECT value, server, pending FROM recordkit_records WHERE recordName = 'bad'")
        }
        let row = try #require(stored)
        #expect(Fixtures.byContents(archive: row[0]) == Fixtures.byContents(Fixtures.note("bad").record()), "the local value is kept")
        #expect(Fixtures.byContents(archive: row[1]) == Fixtures.byContents(server), "the server copy is updated")
        #expect(row[2] as String? == "soon", "the damaged column is left for the app to see")
    }

    /// A send is recorded over a damaged row as over an edit made during the send: local value kept, server copy
    /// stored, nothing thrown.
    @Test func aSentSaveIsRecordedOverADamagedRow() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("bad"))
        let batch = try store.nextPendingBatch()
        let sent = try #require(batch.saves.first)
        try Self.set("generation", to: "'late'", of: "bad", in: store)
        let server = Fixtures.serverRecord(Fixtures.note("bad"), tag: "e1")
        try store.markSent([.saved(serverRecord: server, generation: sent.generation)])
        let stored = try store.database.read { db in
            try Row.fetchOne(db, sql: "SELECT server, generation FROM recordkit_records WHERE recordName = 'bad'")
        }
        let row = try #require(stored)
        #expect(Fixtures.byContents(archive: row[0]) == Fixtures.byContents(server))
        #expect(row[1] as String? == "late")
    }
}


/// GRDB binds a Swift string as C text, which ends at its first NUL: a record `"a\0b"` would be stored, found
/// and overwritten as `"a"`. The store refuses such names on every path that binds one (a fetched record is
/// skipped and reported); a row written by other
/// code with a NUL in its name reads back as it is (FuzzStoreRow found reads cut at the NUL too).
@Suite struct StoreNameTests {
    /// `␀` in an argument stands for a NUL (the test log cuts a raw one).
    @Test(arguments: ["a␀b", "␀", "tail␀"])
    func aNameWithANULIsRefusedEverywhere(spelled: String) throws {
        let name = spelled.replacingOccurrences(of: "␀", with: "\u{0}")
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("a"))
        let refused = RecordStoreError.unstorableName(name, what: "record name")
        let note = Fixtures.note(name)
        #expect(throws: refused) { try store.save(note) }
        #expect(throws: refused) { try store.fetch(Note.self, id: note.recordID) }
        #expect(throws: refused) { try store.storedState(of: note.recordID) }
        #expect(throws: refused) { try store.delete(Note.self, id: note.recordID) }
        // A fetched record is skipped and reported, so the rest of its page and the token are stored.
        let report = try store.apply(FetchedPage(zoneID: note.recordID.zoneID, changed: [Fixtures.serverRecord(note, tag: "t")], deleted: [note.recordID]))
        #expect(report.skipped == [SkippedRecord(id: note.recordID, error: refused), SkippedRecord(id: note.recordID, error: refused)])
        let zone = RecordZoneID(zoneName: name)
        #expect(throws: RecordStoreError.unstorableName(name, what: "zone name")) { try store.setZone(zone, exists: true) }
        #expect(throws: RecordStoreError.unstorableName(name, what: "zone name")) { try store.forgetZone(zone, keepingLocalChanges: true) }
        #expect(throws: RecordStoreError.unstorableName(name, what: "zone name")) { try store.fetchAll(Note.self, inZone: zone) }
        // Nothing else changed: "a" is still there, alone.
        #expect(Fixtures.byContents(try store.fetchAll(Note.self).models) == [Fixtures.byContents(Fixtures.note("a"))])
        #expect(refused.description.contains(#"\0"#))
    }

    @Test func aRowWithANULInItsNameReadsBackAsItIs() throws {
        let store = try Fixtures.memoryStore()
        try store.save(Fixtures.note("a"))
        try store.database.write { db in
            // A damaged value too, so the row's own ID (not the archive's) is what the error names.
            try db.execute(sql: "UPDATE recordkit_records SET recordName = CAST(x'610062' AS TEXT), value = x'00'")
        }
        let all = try store.fetchAll(Note.self)
        guard case let .corruptRecord(id, _, _, _) = all.undecodable.first else { Issue.record("unexpected \(all)"); return }
        #expect(id.recordName == "a\u{0}b", "\(id.recordName.debugDescription)")
    }
}
