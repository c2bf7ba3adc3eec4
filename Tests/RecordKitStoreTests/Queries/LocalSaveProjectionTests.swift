import Foundation
import GRDB
import RecordKit
@testable import RecordKitStore
import Testing

/// A local save writes its projection row itself, from the record in hand (the projection's triggers are off for
/// its upsert): the row must be that of the record as stored, after the store stamped its clock field, and an
/// update must replace the row it had.
@Suite struct LocalSaveProjectionTests {
    static func store(at seconds: TimeInterval) throws -> RecordStore {
        try RecordStore(database: try DatabaseQueue(), models: [StampedMemo.self], clock: FixedStoreClock(Date(timeIntervalSince1970: seconds)))
    }

    static func memo(_ name: String, text: String, edited seconds: TimeInterval) -> StampedMemo {
        StampedMemo(id: RecordID(recordName: name, zoneID: .default), text: text, edited: Date(timeIntervalSince1970: seconds))
    }

    @Test func theProjectionHoldsTheClockTheStoreStamped() throws {
        let store = try Self.store(at: 1_000)
        // The app's clock is older than the store's: the store stamps 1,000 s into the archive it stores.
        try store.save(contentsOf: [Self.memo("a", text: "first", edited: 5), Self.memo("b", text: "second", edited: 2_000)])
        #expect(try store.projectionMismatches() == [])
        let stamped = try store.fetch(ModelQuery<StampedMemo>(StampedMemo.Fields.edited == Date(timeIntervalSince1970: 1_000)))
        #expect(stamped.map(\.text) == ["first"])
        let page = try store.fetch(ModelQuery<StampedMemo>().sorted(by: StampedMemo.Fields.edited.descending).limit(1))
        #expect(page.map(\.text) == ["second"])
    }

    @Test func aSaveOverAStoredRecordReplacesItsRow() throws {
        let store = try Self.store(at: 0)
        try store.save(Self.memo("a", text: "old words", edited: 10))
        try store.save(Self.memo("a", text: "new words", edited: 20))
        #expect(try store.projectionMismatches() == [])
        #expect(try store.count(ModelQuery<StampedMemo>()) == 1)
        #expect(try store.fetch(ModelQuery<StampedMemo>(StampedMemo.Fields.text == "old words")).isEmpty)
        #expect(try store.fetch(ModelQuery<StampedMemo>(StampedMemo.Fields.text == "new words")).map(\.recordID.recordName) == ["a"])
        // A transaction's saves go through the same path.
        try store.transaction { transaction in
            transaction.save(Self.memo("b", text: "in a transaction", edited: 30))
            transaction.delete(StampedMemo.self, id: RecordID(recordName: "a", zoneID: .default))
        }
        #expect(try store.projectionMismatches() == [])
        #expect(try store.fetch(ModelQuery<StampedMemo>()).map(\.text) == ["in a transaction"])
    }

    /// Saving a record again unchanged leaves its projection row alone (and its full-text row): rewriting them
    /// on every such save wrote three times the pages of a single-record transaction. A save that changes a field
    /// updates the row in place: only the changed columns (the row keeps its `_rowid`), and the full-text row only
    /// when a searchable field changed. The trigger's delete and insert of the whole row wrote every index and a new
    /// full-text segment per save, four times the time of the same save into a store without the projection.
    @Test func aSaveRewritesOnlyWhatChangedInPlace() throws {
        let store = try Shelf.memoryStore()
        let book = Shelf.book("kept", pages: 120)
        // Another row after it, so a rewritten row would get another `_rowid` (SQLite takes the largest plus one).
        try store.save(contentsOf: [book, Shelf.book("after")])
        let names = try store.projectionNames(of: Book.self)
        func rowID() throws -> Int64? {
            try store.database.read { db in
                try Int64.fetchOne(db, sql: "SELECT _rowid FROM \(names.table) WHERE recordName = ?", arguments: ["kept"])
            }
        }
        func titled(_ words: String) throws -> [String] {
            try store.fetch(ModelQuery<Book>(Book.Fields.title.containsAllTokens(words))).map(\.recordID.recordName)
        }
        let first = try rowID()
        #expect(first != nil)

        // What an unchanged save writes: the store's own rows, none of the projection's.
        let unchanged = try Self.rowChanges(in: store) { try store.save(book) }
        #expect(try rowID() == first)

        var edited = book
        edited.pages = 121
        // One row more: the projection row, in place; the full-text row stays as it was.
        #expect(try Self.rowChanges(in: store) { try store.save(edited) } == unchanged + 1)
        #expect(try rowID() == first)
        #expect(try store.projectionMismatches() == [])
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.pages == 121)).map(\.recordID.recordName) == ["kept"])
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.pages == 120)).isEmpty)
        #expect(try titled("kept") == ["kept"])

        edited.title = "renamed volume"
        // The full-text row too.
        #expect(try Self.rowChanges(in: store) { try store.save(edited) } > unchanged + 1)
        #expect(try rowID() == first)
        #expect(try store.projectionMismatches() == [])
        #expect(try titled("renamed") == ["kept"])
        #expect(try titled("kept").isEmpty)
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.title == "renamed volume")).map(\.pages) == [121])
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.title == "kept")).isEmpty)
    }

    /// A local save projects the record its model made from the record's own values, with no decode through the
    /// model (decoding it again was more than half the CPU time of a one-book save's projection update). The
    /// values must be the ones the integrity check computes from the archive through the model, for every field
    /// kind, set or left to its default or nil; a record that another model made is decoded as before.
    @Test func aModelsOwnRecordIsProjectedAsItsArchiveDecodes() throws {
        let store = try Shelf.memoryStore()
        let type = try #require(store.projection.types.first { $0.recordType == Book.recordType })
        var full = Shelf.book("full", pages: 0, series: "saga", cover: URL(fileURLWithPath: "/tmp/covers/full.jpg"))
        full.price = 12.5
        full.published = Date(timeIntervalSince1970: 1_234_567)
        full.format = .ebook
        full.inStock = true
        full.tags = ["novel", "quote \" inside"]
        full.shop = try Location(latitude: 48.85, longitude: 2.35)
        full.blurb = "café"
        var dated = Shelf.serverRecord(Shelf.book("dated"))
        dated.system.creationDate = Date(timeIntervalSince1970: 10)
        dated.system.modificationDate = Date(timeIntervalSince1970: 20)
        for book in [Shelf.book("bare"), full, try Book(record: dated)] {
            let record = book.record()
            let bytes = NativeArchive.encode(record)
            var own: [DatabaseValue] = []
            #expect(type.write(ArchivedRecord(record: record, bytes: bytes, madeBy: ObjectIdentifier(Book.self)), to: &own))
            var decoded: [DatabaseValue] = []
            #expect(type.write(ArchivedRecord(record: record, bytes: bytes, madeBy: ObjectIdentifier(Series.self)), to: &decoded))
            #expect(own.count == 2 + type.layout.columnCount)
            #expect(own == type.project(bytes), "\(book.recordID.recordName)")
            #expect(decoded == own, "\(book.recordID.recordName)")
        }
    }

    /// The saves themselves take that path: inserting and updating a record decode none, and the rows are exact.
    @Test func aLocalSaveDoesNotDecodeTheRecordItsModelMade() throws {
        let store = try RecordStore(database: try DatabaseQueue(), models: [CountedMemo.self], clock: Fixtures.clock)
        let decodesBefore = CountedMemo.decodes.value
        var memo = CountedMemo(id: RecordID(recordName: "m", zoneID: .default), text: "first")
        try store.save(memo)
        memo.text = "second"
        try store.save(memo)
        try store.transaction { $0.save(CountedMemo(id: RecordID(recordName: "n", zoneID: .default), text: "third")) }
        #expect(CountedMemo.decodes.value == decodesBefore)
        #expect(try store.projectionMismatches() == [])
        #expect(try store.fetch(ModelQuery<CountedMemo>(CountedMemo.Fields.text == "second")).map(\.recordID.recordName) == ["m"])
    }

    /// A save updates the row of a stored record of its type and inserts a record the store does not hold; each
    /// record tries first the statement that stored the one before it, the update for the first. So a single edit
    /// runs no insert (an insert that found the row cost an edit about 6% of its time). The record after one stored
    /// by the other statement must still be stored: SQLite's count of changed rows must come from the statement
    /// that found nothing, or a new record would be taken as updated, and lost.
    @Test func eachSaveIsStoredByTheStatementThatFindsItsRow() throws {
        let store = try Shelf.memoryStore()
        var kept = Shelf.book("kept", pages: 10)
        try store.save(kept)
        let statements = StatementLog()
        store.database.writeWithoutTransaction { db in
            db.trace(options: .statement) { event in
                if case let .statement(statement) = event { statements.append(statement.expandedSQL) }
            }
        }
        kept.pages = 11
        try store.save(contentsOf: [kept, Shelf.book("new", pages: 20)])
        let inserts = statements.all.filter { $0.hasPrefix("INSERT INTO recordkit_records ") }
        #expect(inserts.count == 1)
        #expect(inserts.allSatisfy { $0.contains("'new'") })

        // Inserts, then an edit after them: the record after an insert tries the insert first.
        kept.pages = 12
        let before = statements.all.count
        try store.save(contentsOf: [Shelf.book("second", pages: 30), Shelf.book("third", pages: 40), kept])
        store.database.writeWithoutTransaction { db in db.trace(options: []) { _ in } }
        let updates = statements.all.dropFirst(before).filter { $0.hasPrefix("UPDATE recordkit_records ") }
        #expect(updates.count == 2)
        #expect(!updates.contains { $0.contains("'third'") })

        #expect(try store.fetch(Book.self, id: Shelf.id("kept"))?.pages == 12)
        for (name, pages) in [("new", 20), ("second", 30), ("third", 40)] {
            #expect(try store.fetch(Book.self, id: Shelf.id(name))?.pages == pages)
        }
        #expect(try store.pendingItems().map(\.id.recordName) == ["new", "second", "third", "kept"])
        #expect(try store.projectionMismatches() == [])
        let pages = try store.fetch(ModelQuery<Book>(Book.Fields.pages >= 11).sorted(by: Book.Fields.pages.ascending)).map(\.pages)
        #expect(pages == [12, 20, 30, 40])
        // A record of another type under a book's ID is refused, whichever statement a save tries first.
        for batch in [[Shelf.series("kept")], [Shelf.series("fresh"), Shelf.series("kept")]] {
            #expect(throws: RecordStoreError.typeMismatch(Shelf.id("kept"), stored: "Book", requested: "Series")) {
                try store.save(contentsOf: batch)
            }
        }
        #expect(try store.fetch(Series.self, id: Shelf.id("fresh")) == nil)
    }

    /// How many rows `body` inserted, updated or deleted on the store's one connection, triggers and virtual
    /// tables included (SQLite's `total_changes()`).
    static func rowChanges(in store: RecordStore, _ body: () throws -> Void) throws -> Int {
        func total() throws -> Int { try store.database.read { db in try Int.fetchOne(db, sql: "SELECT total_changes()") ?? 0 } }
        let before = try total()
        try body()
        return try total() - before
    }

    /// A list of strings is a JSON array in its column, read by `json_each`: every tag must come back as saved,
    /// the ones that need an escape in JSON too.
    @Test func tagsThatNeedJSONEscapesAreFoundAsSaved() throws {
        let store = try Shelf.memoryStore()
        let tags = ["plain", "quote \" inside", "back\\slash", "line\nbreak", "tab\tand\rreturn", "bell\u{07}", "café ☕️", ""]
        var book = Shelf.book("escaped")
        book.tags = tags
        try store.save(contentsOf: [book, Shelf.book("other")])
        #expect(try store.projectionMismatches() == [])
        for tag in tags {
            let found = try store.fetch(ModelQuery<Book>(Book.Fields.tags.contains(tag)))
            #expect(found.map(\.recordID.recordName) == ["escaped"], "tag \(tag.debugDescription)")
        }
        #expect(try store.fetch(ModelQuery<Book>(Book.Fields.tags.anyBeginsWith("quote \""))).count == 1)
    }
}

/// A hand-written projectable model whose clock field the store stamps on every local save.
struct StampedMemo: ProjectableRecordModel {
    enum Field: String, RecordFieldKey { case text, edited }
    enum Fields {
        static let text = QueryField<StampedMemo, String>("text", indexes: [.queryable])
        static let edited = QueryField<StampedMemo, Date>("edited", indexes: [.queryable, .sortable])
    }

    static let recordType = "StampedMemo"
    static let schemaVersion = 1
    static let mergeClock: MergeClock? = MergeClock(field: "edited", stamp: .store)
    static let fieldDescriptors = [
        RecordFieldDescriptor("text", .scalar(.string), indexes: [.queryable]),
        RecordFieldDescriptor("edited", .scalar(.timestamp), indexes: [.queryable, .sortable]),
    ]
    static var recordNameQueryField: QueryField<StampedMemo, RecordID> { .recordName(indexes: []) }
    static var modificationDateQueryField: QueryField<StampedMemo, Date> { .modificationDate(indexes: []) }

    var text: String
    var edited: Date
    var metadata: RecordMetadata

    init(id: RecordID, text: String, edited: Date) {
        self.text = text
        self.edited = edited
        metadata = RecordMetadata(recordID: id)
    }

    init(record: RecordKit.Record) throws(RecordDecodingError) {
        guard case let .string(text)? = record["text"] else {
            throw .missingField(recordType: Self.recordType, recordName: record.id.recordName, field: "text")
        }
        guard case let .timestamp(edited)? = record["edited"] else {
            throw .missingField(recordType: Self.recordType, recordName: record.id.recordName, field: "edited")
        }
        self.text = text
        self.edited = edited
        metadata = RecordMetadata(recordID: record.id, system: record.system)
    }

    func record() -> RecordKit.Record {
        var record = RecordKit.Record(recordType: Self.recordType, id: metadata.recordID, system: metadata.system)
        record["text"] = .string(text)
        record["edited"] = .timestamp(edited)
        return record
    }

    static func merge(ancestor: StampedMemo?, client: StampedMemo, server: StampedMemo) -> StampedMemo { server }
}

/// A hand-written projectable model that counts how often a record is decoded into it (only
/// `aLocalSaveDoesNotDecodeTheRecordItsModelMade` uses it, so no other test's decodes are counted).
struct CountedMemo: ProjectableRecordModel {
    enum Field: String, RecordFieldKey { case text }
    enum Fields {
        static let text = QueryField<CountedMemo, String>("text", indexes: [.queryable])
    }

    /// A count other threads may read and add to.
    final class Count: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    static let decodes = Count()
    static let recordType = "CountedMemo"
    static let schemaVersion = 1
    static let fieldDescriptors = [RecordFieldDescriptor("text", .scalar(.string), indexes: [.queryable])]
    static var recordNameQueryField: QueryField<CountedMemo, RecordID> { .recordName(indexes: []) }
    static var modificationDateQueryField: QueryField<CountedMemo, Date> { .modificationDate(indexes: []) }

    var text: String
    var metadata: RecordMetadata

    init(id: RecordID, text: String) {
        self.text = text
        metadata = RecordMetadata(recordID: id)
    }

    init(record: RecordKit.Record) throws(RecordDecodingError) {
        Self.decodes.increment()
        guard case let .string(text)? = record["text"] else {
            throw .missingField(recordType: Self.recordType, recordName: record.id.recordName, field: "text")
        }
        self.text = text
        metadata = RecordMetadata(recordID: record.id, system: record.system)
    }

    func record() -> RecordKit.Record {
        var record = RecordKit.Record(recordType: Self.recordType, id: metadata.recordID, system: metadata.system)
        record["text"] = .string(text)
        return record
    }

    static func merge(ancestor: CountedMemo?, client: CountedMemo, server: CountedMemo) -> CountedMemo { server }
}

/// The statements a connection's trace reported, in order (the trace runs on the connection's queue).
final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    func append(_ statement: String) { lock.withLock { statements.append(statement) } }
    var all: [String] { lock.withLock { statements } }
}
