import Foundation
import RecordKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// Typed queries over the generated Bookshop models (Generated/Bookshop, a symlink to the golden files), compiled
/// to records/query bodies: each operator's exact filter dictionary, sorts, limits, desired keys, and the index
/// refusals, which happen before any request is sent.
@Suite struct ModelQueryCompilationTests {
    static let instant = Date(timeIntervalSince1970: 1_700_000_000)
    static func paris() throws -> Location { try Location(latitude: 48.8566, longitude: 2.3522) }

    /// The request body as a dictionary.
    func body(_ query: ModelQuery<Book>, marker: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> NSDictionary {
        let data = try query.webServicesRequestBody(continuationMarker: marker)
        return try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary, sourceLocation: sourceLocation)
    }

    func onlyFilter(_ predicate: QueryPredicate<Book>, sourceLocation: SourceLocation = #_sourceLocation) throws -> NSDictionary {
        let query = try #require(try body(ModelQuery(predicate), sourceLocation: sourceLocation)["query"] as? NSDictionary, sourceLocation: sourceLocation)
        let filters = try #require(query["filterBy"] as? [NSDictionary], sourceLocation: sourceLocation)
        try #require(filters.count == 1, sourceLocation: sourceLocation)
        return filters[0]
    }

    /// Each operator's predicate and the filter dictionary it must compile to.
    func operators() throws -> [(QueryPredicate<Book>, [String: Any])] {
        let (instant, paris) = (Self.instant, try Self.paris())
        return [
        (Book.Fields.title == "Les Misérables",
         ["comparator": "EQUALS", "fieldName": "title", "fieldValue": ["value": "Les Misérables", "type": "STRING"]]),
        (Book.Fields.author != "Hugo",
         ["comparator": "NOT_EQUALS", "fieldName": "author", "fieldValue": ["value": "Hugo", "type": "STRING"]]),
        (Book.Fields.pages < 100, ["comparator": "LESS_THAN", "fieldName": "pages", "fieldValue": ["value": 100, "type": "INT64"]]),
        (Book.Fields.pages <= 100,
         ["comparator": "LESS_THAN_OR_EQUALS", "fieldName": "pages", "fieldValue": ["value": 100, "type": "INT64"]]),
        (Book.Fields.price > 9.5, ["comparator": "GREATER_THAN", "fieldName": "price", "fieldValue": ["value": 9.5, "type": "DOUBLE"]]),
        (Book.Fields.published >= instant,
         ["comparator": "GREATER_THAN_OR_EQUALS", "fieldName": "published",
          "fieldValue": ["value": 1_700_000_000_000, "type": "TIMESTAMP"]]),
        (Book.Fields.format == .ebook, ["comparator": "EQUALS", "fieldName": "format", "fieldValue": ["value": "ebook", "type": "STRING"]]),
        (Book.Fields.inStock == true, ["comparator": "EQUALS", "fieldName": "inStock", "fieldValue": ["value": 1, "type": "INT64"]]),
        (Book.Fields.pages.in([100, 200]),
         ["comparator": "IN", "fieldName": "pages", "fieldValue": ["value": [100, 200], "type": "INT64_LIST"]]),
        (Book.Fields.format.notIn([.ebook]),
         ["comparator": "NOT_IN", "fieldName": "format", "fieldValue": ["value": ["ebook"], "type": "STRING_LIST"]]),
        (Book.Fields.title.beginsWith("Les"),
         ["comparator": "BEGINS_WITH", "fieldName": "title", "fieldValue": ["value": "Les", "type": "STRING"]]),
        (Book.Fields.title.notBeginsWith("Le"),
         ["comparator": "NOT_BEGINS_WITH", "fieldName": "title", "fieldValue": ["value": "Le", "type": "STRING"]]),
        (Book.Fields.title.containsAllTokens("miserables hugo"),
         ["comparator": "CONTAINS_ALL_TOKENS", "fieldName": "title", "fieldValue": ["value": "miserables hugo", "type": "STRING"]]),
        (Book.Fields.title.containsAnyTokens("hugo zola"),
         ["comparator": "CONTAINS_ANY_TOKENS", "fieldName": "title", "fieldValue": ["value": "hugo zola", "type": "STRING"]]),
        (Book.Fields.shop.near(paris, radius: 2_500),
         ["comparator": "NEAR", "fieldName": "shop", "distance": 2_500,
          "fieldValue": ["value": ["latitude": 48.8566, "longitude": 2.3522], "type": "LOCATION"]]),
        (Book.Fields.tags.contains("poetry"),
         ["comparator": "LIST_CONTAINS", "fieldName": "tags", "fieldValue": ["value": "poetry", "type": "STRING"]]),
        (Book.Fields.tags.notContains("poetry"),
         ["comparator": "NOT_LIST_CONTAINS", "fieldName": "tags", "fieldValue": ["value": "poetry", "type": "STRING"]]),
        (Book.Fields.tags.containsAny(of: ["poetry", "novel"]),
         ["comparator": "LIST_CONTAINS_ANY", "fieldName": "tags", "fieldValue": ["value": ["poetry", "novel"], "type": "STRING_LIST"]]),
        (Book.Fields.tags.containsNone(of: ["poetry"]),
         ["comparator": "NOT_LIST_CONTAINS_ANY", "fieldName": "tags", "fieldValue": ["value": ["poetry"], "type": "STRING_LIST"]]),
        (Book.Fields.tags.containsAll(of: ["poetry", "french"]),
         ["comparator": "LIST_CONTAINS_ALL", "fieldName": "tags", "fieldValue": ["value": ["poetry", "french"], "type": "STRING_LIST"]]),
        (Book.Fields.tags.anyBeginsWith("fr"),
         ["comparator": "LIST_MEMBER_BEGINS_WITH", "fieldName": "tags", "fieldValue": ["value": "fr", "type": "STRING"]]),
        (Book.Fields.series == RecordReference<Series>(RecordID(recordName: "rougon")),
         ["comparator": "EQUALS", "fieldName": "series",
          "fieldValue": ["value": ["recordName": "rougon", "action": "NONE"], "type": "REFERENCE"]]),
        (Book.Fields.recordName == RecordID(recordName: "b1"),
         ["comparator": "EQUALS", "systemFieldName": "recordName", "fieldValue": ["value": ["recordName": "b1"]]]),
        (Book.Fields.recordName.in([RecordID(recordName: "b1"), RecordID(recordName: "b2")]),
         ["comparator": "IN", "systemFieldName": "recordName", "fieldValue": ["value": [["recordName": "b1"], ["recordName": "b2"]]]]),
        (Book.Fields.modificationDate > instant,
         ["comparator": "GREATER_THAN", "systemFieldName": "modifiedTimestamp",
          "fieldValue": ["value": 1_700_000_000_000, "type": "TIMESTAMP"]]),
        (Book.Fields.creationDate < instant,
         ["comparator": "LESS_THAN", "systemFieldName": "createdTimestamp",
          "fieldValue": ["value": 1_700_000_000_000, "type": "TIMESTAMP"]]),
        ]
    }

    @Test func eachOperatorCompilesToItsWebServicesFilter() throws {
        let operators = try operators()
        #expect(operators.count == 26)
        for (predicate, expected) in operators {
            let filter = try onlyFilter(predicate)
            #expect(JSONValue.equal(filter, expected), "\(filter) is not \(expected)")
        }
    }

    @Test func sortsLimitKeysZoneAndMarkerAreWrittenAsTheReferenceDescribes() throws {
        let query = ModelQuery<Book>(Book.Fields.pages >= 100)
            .sorted(by: Book.Fields.published.descending, Book.Fields.title.ascending,
                    Book.Fields.shop.distance(from: try Self.paris()), Book.Fields.modificationDate.ascending)
            .limit(25)
            .selecting(.title, .pages)
        let expected: [String: Any] = [
            "query": [
                "recordType": "Book",
                "filterBy": [["comparator": "GREATER_THAN_OR_EQUALS", "fieldName": "pages", "fieldValue": ["value": 100, "type": "INT64"]]],
                "sortBy": [
                    ["fieldName": "published", "ascending": false],
                    ["fieldName": "title", "ascending": true],
                    ["fieldName": "shop", "ascending": true, "relativeLocation": ["latitude": 48.8566, "longitude": 2.3522]],
                    ["systemFieldName": "modifiedTimestamp", "ascending": true],
                ],
            ],
            "zoneID": ["zoneName": "_defaultZone"],
            "resultsLimit": 25,
            "desiredKeys": ["title", "pages"],
            "continuationMarker": "bWFya2Vy",
        ]
        let written = try body(query, marker: "bWFya2Vy")
        #expect(JSONValue.equal(written, expected), "\(written)")
    }

    @Test func aQueryWithoutFiltersNamesOnlyItsTypeAndZone() throws {
        let written = try body(ModelQuery<Book>())
        let expected: [String: Any] = ["query": ["recordType": "Book"], "zoneID": ["zoneName": "_defaultZone"]]
        #expect(JSONValue.equal(written, expected), "\(written)")
    }

    @Test func eachOperatorMeetsTheRecordsCloudKitWouldReturn() throws {
        var record = Book(recordID: RecordID(recordName: "b1"), title: "Les Misérables", author: "Hugo", pages: 1232,
                          price: 12, format: .paperback, inStock: true, tags: ["novel", "french"], shop: try Self.paris()).record()
        record.system.modificationDate = Self.instant
        #expect(ModelQuery<Book>(Book.Fields.pages > 1000, Book.Fields.title.beginsWith("Les")).isMet(by: record))
        #expect(ModelQuery<Book>(Book.Fields.tags.containsAny(of: ["poetry", "french"])).isMet(by: record))
        #expect(!ModelQuery<Book>(Book.Fields.tags.containsAny(of: ["poetry"])).isMet(by: record))
        let (nearby, lyon) = (try Location(latitude: 48.86, longitude: 2.35), try Location(latitude: 45.76, longitude: 4.83))
        #expect(ModelQuery<Book>(Book.Fields.shop.near(nearby, radius: 1_000)).isMet(by: record))
        #expect(!ModelQuery<Book>(Book.Fields.shop.near(lyon, radius: 1_000)).isMet(by: record))
        #expect(ModelQuery<Book>(Book.Fields.modificationDate >= Self.instant).isMet(by: record))
        #expect(!ModelQuery<Book>(Book.Fields.modificationDate > Self.instant).isMet(by: record))
        #expect(ModelQuery<Book>(Book.Fields.recordName == RecordID(recordName: "b1")).isMet(by: record))
        #expect(!ModelQuery<Book>(Book.Fields.blurb == "x").isMet(by: record))
    }
}

/// Queries CloudKit would refuse for want of an index: refused by `validate()`, with the field and the index named,
/// and by the client before anything is sent.
@Suite struct ModelQueryIndexTests {
    /// Each refused query and the error that names its problem.
    func refusals() throws -> [(ModelQuery<Book>, ModelQueryError)] {
        let origin = try Location(latitude: 0, longitude: 0)
        return [
        (ModelQuery(Book.Fields.blurb == "x"),
         .missingIndex(recordType: "Book", field: "blurb", index: .queryable, neededFor: "a EQUALS filter")),
        (ModelQuery(Book.Fields.author.containsAllTokens("victor")),
         .missingIndex(recordType: "Book", field: "author", index: .searchable, neededFor: "a CONTAINS_ALL_TOKENS filter")),
        (ModelQuery(Book.Fields.pages > 1).sorted(by: Book.Fields.author.ascending),
         .missingIndex(recordType: "Book", field: "author", index: .sortable, neededFor: "sorting")),
        (ModelQuery(Book.Fields.creationDate > Date(timeIntervalSince1970: 0)),
         .missingIndex(recordType: "Book", field: "___createTime", index: .queryable, neededFor: "a GREATER_THAN filter")),
        (ModelQuery(Book.Fields.shop.near(origin, radius: -1)),
         .invalidArgument(recordType: "Book", field: "shop", reason: "a NEAR radius is a finite, non-negative number of meters")),
        (ModelQuery<Book>().limit(0),
         .invalidArgument(recordType: "Book", field: nil, reason: "resultsLimit 0 asks for no records; use at least 1")),
        (ModelQuery(Book.Fields.pages > 1, Book.Fields.published.isNil),
         .unsupportedComparator(recordType: "Book", field: "published", comparator: .isNil)),
        (ModelQuery(Book.Fields.series.isNotNil),
         .unsupportedComparator(recordType: "Book", field: "series", comparator: .isNotNil)),
        ]
    }

    @Test func aQueryWithoutTheIndexItNeedsIsRefused() throws {
        let refusals = try refusals()
        #expect(refusals.count == 8)
        for (query, expected) in refusals {
            #expect(throws: expected) { try query.validate() }
        }
    }

    @Test func theRequestBodyRefusesANilCheckWhichWebServicesLacks() {
        #expect(throws: CloudError.invalidArguments(
            "field tags: Web Services has no IS_NOT_NIL comparator (a nil check runs only on a local store)")) {
            try ModelQuery<Book>(Book.Fields.pages > 1, Book.Fields.tags.isNotNil).webServicesRequestBody()
        }
        let subscription = Subscription(id: "s", kind: .query(QuerySubscription(
            recordType: "Book", filters: [QueryFilter("blurb", .isNil, QueryFilter.noValue)])))
        #expect(throws: CloudError.invalidArguments("subscription s: Web Services has no IS_NIL comparator (field blurb)")) {
            try SubscriptionJSON.object(subscription)
        }
    }

    @Test func aQueryWithoutFiltersNeedsAQueryableRecordName() throws {
        try ModelQuery<Book>().validate()
        let error = ModelQueryError.missingIndex(recordType: "Series", field: "___recordID", index: .queryable, neededFor: "a query without filters")
        #expect(throws: error) { try ModelQuery<Series>().validate() }
        #expect(error.description.contains("<systemIndex field=\"___recordID\" queryable=\"true\"/>"))
        try ModelQuery<Series>(Series.Fields.name == "Rougon-Macquart").validate()
    }

    @Test func indexedQueriesPass() throws {
        let origin = try Location(latitude: 0, longitude: 0)
        try ModelQuery<Book>(
            Book.Fields.title.containsAnyTokens("hugo"), Book.Fields.tags.contains("novel"), Book.Fields.shop.near(origin, radius: 10),
            sortedBy: [Book.Fields.modificationDate.descending, Book.Fields.shop.distance(from: origin)]
        ).validate()
    }

    @Test func theClientRefusesBeforeSendingAnything() async throws {
        let transport = StubTransport([])
        let database = stubDatabase(transport, scope: .public)
        await #expect(throws: TypedQueryError.invalidQuery(
            .missingIndex(recordType: "Book", field: "blurb", index: .sortable, neededFor: "sorting"))) {
            _ = try await database.queryPage(ModelQuery<Book>(Book.Fields.pages > 1).sorted(by: Book.Fields.blurb.descending))
        }
        var walk = database.changes(ModelQuery<Series>(Series.Fields.name == "x"), since: ChangedSinceCursor()).makeAsyncIterator()
        await #expect(throws: TypedQueryError.invalidQuery(
            .missingIndex(recordType: "Series", field: "___modTime", index: .queryable, neededFor: "a GREATER_THAN_OR_EQUALS filter"))) {
            _ = try await walk.next()
        }
        #expect(await transport.requests.isEmpty)
    }
}

/// Deep equality of parsed JSON and a literal (NSDictionary's own `isEqual` compares some parsed doubles unequal to
/// Swift literals on Linux): objects by keys, arrays in order, numbers by value, strings as strings.
enum JSONValue {
    static func equal(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? [String: Any], let y = b as? [String: Any] {
            return Set(x.keys) == Set(y.keys) && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
        }
        if let x = a as? NSDictionary, let y = b as? [String: Any] {
            return equal(x as? [String: Any] ?? [:], y) && x.count == y.count
        }
        if let x = a as? [Any], let y = b as? [Any] {
            return x.count == y.count && zip(x, y).allSatisfy(equal)
        }
        if let x = a as? String, let y = b as? String { return x == y }
        if let x = a as? NSNumber, let y = b as? NSNumber { return x.doubleValue == y.doubleValue }
        return false
    }
}
