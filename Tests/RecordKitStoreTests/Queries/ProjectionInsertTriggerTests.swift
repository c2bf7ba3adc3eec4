import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// The projection keeps inserted records with statements in the records table's one insert trigger (the asset
/// bookkeeping's), not with a trigger per projected type: SQLite sets up the program of every insert trigger for
/// each inserted row, even a row whose insert bypasses it (every record of an initial sync), so a trigger per type
/// cost each record of the sync its setup.
@Suite struct ProjectionInsertTriggerTests {
    /// The temporary triggers on the records table that fire on an insert.
    static func insertTriggers(_ store: RecordStore) throws -> [String] {
        try store.database.read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_temp_master
                WHERE type = 'trigger' AND tbl_name = 'recordkit_records' AND sql LIKE '%AFTER INSERT%'
                """)
        }
    }

    @Test func theRecordsTableHasOneInsertTriggerWhateverTheProjectedTypes() throws {
        let projected = try Shelf.memoryStore()
        let plain = try RecordStore(database: try DatabaseQueue(), models: [], clock: Fixtures.clock)
        #expect(try Self.insertTriggers(plain).count == 1)
        #expect(try Self.insertTriggers(projected) == Self.insertTriggers(plain))
    }

    /// Rows inserted through the trigger (not the paths that write their projection rows themselves): each type's
    /// statements project only the records of their type, a full-text row with a book's, and a record this
    /// version cannot decode is left out.
    @Test func rowsInsertedThroughTheTriggerAreProjectedByTheirTypesStatements() throws {
        let store = try Shelf.memoryStore()
        var undecodable = Shelf.book("broken").record()
        undecodable["title"] = .int64(4)  // a kind the model refuses
        let records = [Shelf.book("b1", pages: 321, series: "s1").record(), Shelf.series("s1", title: "Saga").record(), undecodable]
        try store.database.write { db in
            for record in records {
                try db.execute(
                    sql: """
                        INSERT INTO recordkit_records (ownerName, zoneName, recordName, recordType, value, server, pending, generation)
                        VALUES (?, ?, ?, ?, ?, NULL, 0, 0)
                        """,
                    arguments: [record.id.zoneID.ownerName, record.id.zoneID.zoneName, record.id.recordName, record.recordType,
                                NativeArchive.encode(record)])
            }
        }
        #expect(try store.projectionMismatches() == [])
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.pages == 321)).map(\.recordID.recordName) == ["b1"])
        #expect(try store.fetch(ModelQuery<Series>()).map(\.name) == ["Saga"])
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.title.containsAnyTokens("b1"))).count == 1)
        let names = try store.projectionNames(of: Book.self)
        let bookRows = try store.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(names.table)") }
        #expect(bookRows == 1)
        #expect(try store.unprojected(Book.self).count == 1)
    }
}
