import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// Typed queries over the store's projection, each checked against RecordKit's in-process evaluation
/// (`ModelQuery.evaluate`, the order CloudKit gives) over the same seeded random books.
@Suite struct StoreQueryTests {
    /// A store holding the library's books and series (saved locally).
    static func store(_ library: QueryLibrary) throws -> RecordStore {
        let store = try RecordStore(database: try DatabaseQueue(), models: [Book.self, Series.self], clock: Fixtures.clock)
        try store.save(contentsOf: library.series)
        try store.save(contentsOf: library.books)
        return store
    }

    /// What the query gives, computed in memory over the stored models' records.
    static func reference(_ query: ModelQuery<Book>, offset: Int, books: [Book]) -> [RecordID] {
        let all = query.evaluate(books.map { $0.record() }).map(\.id).dropFirst(offset)
        return Array(query.resultsLimit.map { all.prefix($0) } ?? all)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomQueriesMatchTheInMemoryReference(seed: UInt64) throws {
        var library = try QueryLibrary(seed: seed)
        let store = try Self.store(library)
        let stored = try store.fetchAll(Book.self).models
        #expect(stored.count == library.books.count)
        for _ in 0..<200 {
            let (query, offset) = try library.query()
            let expected = Self.reference(query, offset: offset, books: stored)
            let found = try store.fetch(query, offset: offset).map(\.recordID)
            #expect(found == expected, "query \(query.filters) sorted by \(query.requestSorts) offset \(offset)")
            let all = Self.reference(ModelQuery(predicates: query.predicates), offset: 0, books: stored)
            #expect(try store.count(query) == all.count)
            #expect(try store.exists(query) == !all.isEmpty)
        }
    }

    @Test func fetchedModelsAreTheStoredOnes() throws {
        let library = try QueryLibrary(seed: 9)
        let store = try Self.store(library)
        let query = ModelQuery<Book>(Book.Fields.pages >= 100).sorted(by: Book.Fields.pages.ascending)
        let expected = try store.fetchAll(Book.self).models.filter { $0.pages >= 100 }
            .sorted { ($0.pages, $0.recordID.recordName) < ($1.pages, $1.recordID.recordName) }
        #expect(try store.fetch(query) == expected)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func relationsMatchTheInMemoryReference(seed: UInt64) throws {
        var library = try QueryLibrary(seed: seed)
        let store = try Self.store(library)
        let stored = try store.fetchAll(Book.self).models
        for _ in 0..<50 {
            let (query, _) = try library.query()
            let books = Self.reference(ModelQuery(predicates: query.predicates), offset: 0, books: stored)
            let referenced = Set(stored.filter { books.contains($0.recordID) }.compactMap { $0.series?.recordID })
            let shelves = try store.fetch(Book.Fields.series, of: ModelQuery(predicates: query.predicates))
            #expect(shelves.map(\.recordID) == referenced.sorted { $0.recordName < $1.recordName })

            let parents = ModelQuery<Series>(Series.Fields.name.beginsWith(String(library.pick(library.series).name.prefix(9))))
            let parentIDs = Set(try store.fetch(parents).map(\.recordID))
            let expected = Self.reference(query, offset: 0, books: stored.filter { $0.series.map { parentIDs.contains($0.recordID) } ?? false })
            #expect(try store.fetch(query, where: Book.Fields.series, in: parents).map(\.recordID) == expected)
        }
    }

    @Test func nilChecksFindTheRecordsWithoutTheFieldOfEveryKind() throws {
        let store = try RecordStore(database: try DatabaseQueue(), models: [Book.self, Series.self], clock: Fixtures.clock)
        let shelf = RecordReference<Series>(RecordID(recordName: "s", zoneID: QueryLibrary.zone))
        let full = Book(recordID: RecordID(recordName: "full", zoneID: QueryLibrary.zone), title: "t", author: "a", pages: 1,
                        published: Date(timeIntervalSince1970: 0), tags: ["x"], shop: try Location(latitude: 1, longitude: 2),
                        series: shelf, blurb: "b")
        let empty = Book(recordID: RecordID(recordName: "empty", zoneID: QueryLibrary.zone), title: "t", author: "a")
        try store.save(contentsOf: [full, empty])
        let checks: [(QueryPredicate<Book>, QueryPredicate<Book>)] = [
            (Book.Fields.published.isNil, Book.Fields.published.isNotNil), (Book.Fields.shop.isNil, Book.Fields.shop.isNotNil),
            (Book.Fields.series.isNil, Book.Fields.series.isNotNil), (Book.Fields.blurb.isNil, Book.Fields.blurb.isNotNil),
        ]
        for (isNil, isNotNil) in checks {
            #expect(try store.fetch(ModelQuery(isNil)).map(\.recordID.recordName) == ["empty"], "\(isNil.key)")
            #expect(try store.fetch(ModelQuery(isNotNil)).map(\.recordID.recordName) == ["full"], "\(isNotNil.key)")
            #expect(try store.count(ModelQuery(isNil, isNotNil)) == 0)
        }
        // A list is nil only when the record lacks it; the reference decides for an empty one.
        let books = try store.fetchAll(Book.self).models.map { $0.record() }
        for predicate in [Book.Fields.tags.isNil, Book.Fields.tags.isNotNil, Book.Fields.recordName.isNil, Book.Fields.recordName.isNotNil] {
            let expected = ModelQuery(predicate).evaluate(books).map(\.id)
            #expect(try store.fetch(ModelQuery(predicate)).map(\.recordID) == expected, "\(predicate.filter.comparator) \(predicate.key)")
        }
        #expect(try store.fetch(ModelQuery(Book.Fields.tags.isNotNil)).map(\.recordID.recordName).contains("full"))
        #expect(try store.count(ModelQuery(Book.Fields.recordName.isNil)) == 0)
    }

    @Test func aFieldTheModelDoesNotDeclareIsATypedError() throws {
        let store = try Self.store(try QueryLibrary(seed: 1, bookCount: 3))
        let retired = QueryField<Book, String>("subtitle", indexes: [.queryable])
        #expect(throws: RecordStoreError.unknownQueryField(recordType: "Book", field: "subtitle")) {
            try store.fetch(ModelQuery<Book>(retired == "x"))
        }
        #expect(throws: RecordStoreError.unknownQueryField(recordType: "Book", field: "subtitle")) {
            try store.count(ModelQuery<Book>().sorted(by: retired.ascending))
        }
    }

    @Test func aTokenMatchOnAFieldWithoutFullTextIndexIsATypedError() throws {
        let store = try Self.store(try QueryLibrary(seed: 1, bookCount: 3))
        #expect(throws: RecordStoreError.self) { try store.fetch(ModelQuery<Book>(Book.Fields.author.containsAllTokens("x"))) }
    }

    @Test func fullTextSyntaxInUserTextIsMatchedAsWords() throws {
        let store = try RecordStore(database: try DatabaseQueue(), models: [Book.self, Series.self], clock: Fixtures.clock)
        let book = Book(recordID: RecordID(recordName: "b", zoneID: QueryLibrary.zone), title: "Café AND \"Été\" NEAR(x*)", author: "a")
        try store.save(book)
        for text in ["\"", "AND", "NEAR(", "x*", "* OR ^", "été café", "{title}: x", "'; DROP TABLE x; --"] {
            let found = try store.fetch(ModelQuery<Book>(Book.Fields.title.containsAnyTokens(text)))
            let expected = ModelQuery<Book>(Book.Fields.title.containsAnyTokens(text)).evaluate([book.record()]).map(\.id)
            #expect(found.map(\.recordID) == expected, "text \(text)")
        }
    }

    @Test func undecodableRecordsAreLeftOutAndCounted() throws {
        let store = try Self.store(try QueryLibrary(seed: 2, bookCount: 5))
        var record = Book(recordID: RecordID(recordName: "broken", zoneID: QueryLibrary.zone), title: "x", author: "y").record()
        record["title"] = .int64(4)  // a kind the model refuses
        _ = try store.apply(FetchedPage(zoneID: QueryLibrary.zone, changed: [record]))
        #expect(try store.count(ModelQuery<Book>()) == 5)
        #expect(try store.unprojected(Book.self).count == 1)
        #expect(try store.projectionMismatches() == [])
    }

    @Test func theEscapeHatchReadsTheDocumentedNames() throws {
        let library = try QueryLibrary(seed: 3, bookCount: 40)
        let store = try Self.store(library)
        let names = try store.projectionNames(of: Book.self)
        #expect(names.table == "recordkit_q_Book")
        #expect(names.fullTextTable == "recordkit_q_Book_fts")
        #expect(names.columnsByField["series"] == ["series", "series_zoneName", "series_ownerName"])
        #expect(names.columnsByField["shop"] == ["shop_latitude", "shop_longitude"])
        let books = try store.fetch(Book.self, sql: """
            SELECT ownerName, zoneName, recordName FROM \(names.table)
            WHERE EXISTS (SELECT 1 FROM json_each(tags) WHERE value = 'poetry') ORDER BY pages DESC, recordName
            """)
        let expected = ModelQuery<Book>(Book.Fields.tags.contains("poetry")).sorted(by: Book.Fields.pages.descending)
            .evaluate(try store.fetchAll(Book.self).models.map { $0.record() }).map(\.id)
        #expect(books.map(\.recordID) == expected)
    }
}
