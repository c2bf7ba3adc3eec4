import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// A transport that counts the requests it passes on, so a test can say none was sent.
actor CountingTransport: WebServicesTransport {
    let inner = HTTPClientTransport(timeout: .seconds(30))
    private(set) var count = 0

    func send(_ request: WebServicesHTTPRequest) async throws(CloudError) -> WebServicesHTTPResponse {
        count += 1
        return try await inner.send(request)
    }
}

/// Typed queries over the generated Bookshop models, through the client over real HTTP against the emulator's
/// public database: paging, every kind of operator, sorts, undecodable records reported, the changed-since walk
/// over edits made between walks, and refusals that send nothing.
@Suite struct EmulatorTypedQueryTests {
    static func paris() throws -> Location { try Location(latitude: 48.8566, longitude: 2.3522) }
    static func lyon() throws -> Location { try Location(latitude: 45.7640, longitude: 4.8357) }
    static func marseille() throws -> Location { try Location(latitude: 43.2965, longitude: 5.3698) }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    func publicDatabase(_ server: LocalCloudKitServer, transport: any WebServicesTransport = HTTPClientTransport(timeout: .seconds(30))) -> WebServicesDatabase {
        let key = ServerToServerKey(keyID: "server-key-1", privateKey: Emulator.signingKey)
        return WebServicesDatabase(
            endpoint: WebServicesEndpoint(service: server.serviceURL, container: Emulator.container, environment: .development, database: .public),
            credentials: .serverToServer(key), transport: transport)
    }

    /// Seven books: b1…b7, with 100 × n pages, every other one in stock, shops spread over three cities.
    static func books() throws -> [Book] {
        let shops = [try paris(), try lyon(), try marseille()]
        return (1...7).map { n in
            Book(recordID: RecordID(recordName: "b\(n)"), title: n % 2 == 0 ? "Les Rougon \(n)" : "Germinal \(n)", author: n <= 3 ? "Zola" : "Hugo",
                 pages: 100 * n, price: Double(n) + 0.5, format: n == 7 ? .ebook : .paperback, inStock: n % 2 == 1,
                 tags: n % 3 == 0 ? ["novel", "poetry"] : ["novel"], shop: shops[n % 3])
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    func save(_ books: [Book], to database: WebServicesDatabase) async throws {
        let result = try await database.modifyRecords(ModifyRecordsRequest(saves: books.map { RecordSave($0.record()) }, savePolicy: .allKeys, atomic: false))
        #expect(result.itemErrors.isEmpty)
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aTypedQueryPagesAcrossSeveralPagesInItsSortOrder() async throws {
        try await Emulator.withServer { server async throws in
            let database = publicDatabase(server)
            try await save(try Self.books(), to: database)
            let query = ModelQuery<Book>(Book.Fields.pages >= 200).sorted(by: Book.Fields.pages.descending).limit(2)
            var pages: [[String]] = []
            for try await page in database.pages(query) {
                #expect(page.undecodable.isEmpty)
                pages.append(page.models.map(\.recordID.recordName))
            }
            #expect(pages == [["b7", "b6"], ["b5", "b4"], ["b3", "b2"]])
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func everyOperatorKindSelectsWhatCloudKitWould() async throws {
        try await Emulator.withServer { server async throws in
            let database = publicDatabase(server)
            try await save(try Self.books(), to: database)
            func names(_ query: ModelQuery<Book>) async throws -> [String] {
                try await database.queryPage(query).models.map(\.recordID.recordName)
            }
            #expect(try await names(ModelQuery(Book.Fields.title.beginsWith("Les"))) == ["b2", "b4", "b6"])
            #expect(try await names(ModelQuery(Book.Fields.author == "Zola", Book.Fields.inStock == true)) == ["b1", "b3"])
            #expect(try await names(ModelQuery(Book.Fields.format == .ebook)) == ["b7"])
            #expect(try await names(ModelQuery(Book.Fields.pages.in([100, 700]))) == ["b1", "b7"])
            #expect(try await names(ModelQuery(Book.Fields.price < 3)) == ["b1", "b2"])
            #expect(try await names(ModelQuery(Book.Fields.tags.contains("poetry"))) == ["b3", "b6"])
            #expect(try await names(ModelQuery(Book.Fields.tags.containsAny(of: ["poetry", "essay"]))) == ["b3", "b6"])
            #expect(try await names(ModelQuery(Book.Fields.tags.containsNone(of: ["poetry"]))) == ["b1", "b2", "b4", "b5", "b7"])
            #expect(try await names(ModelQuery(Book.Fields.title.containsAllTokens("rougon 4"))) == ["b4"])
            #expect(try await names(ModelQuery(Book.Fields.recordName.in([RecordID(recordName: "b2"), RecordID(recordName: "b5")]))) == ["b2", "b5"])
            // Within 50 km of Paris: the books stocked there (n % 3 == 0).
            #expect(try await names(ModelQuery(Book.Fields.shop.near(try Self.paris(), radius: 50_000))) == ["b3", "b6"])
            // Nearest to Lyon first: Lyon's shops, then Marseille's (about 280 km), then Paris's (about 390 km).
            let nearest = ModelQuery<Book>(Book.Fields.pages <= 600).sorted(by: Book.Fields.shop.distance(from: try Self.lyon()), Book.Fields.pages.ascending)
            #expect(try await names(nearest) == ["b1", "b4", "b2", "b5", "b3", "b6"])
            let selected = try await database.queryPage(ModelQuery(Book.Fields.pages == 100).selecting(.title, .author))
            #expect(selected.models.map(\.title) == ["Germinal 1"])
            #expect(selected.models.first?.pages == 0, "pages was not asked for: its default applies")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aRecordTheModelCannotDecodeIsReportedNotDropped() async throws {
        try await Emulator.withServer { server async throws in
            let database = publicDatabase(server)
            var broken = Record(recordType: "Book", id: RecordID(recordName: "broken"))
            broken["author"] = .string("Anonymous")
            broken["pages"] = .int64(300)
            try await save([try Self.books()[0]], to: database)
            #expect(try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(broken)])).itemErrors.isEmpty)
            let page = try await database.queryPage(ModelQuery<Book>(Book.Fields.pages >= 100))
            #expect(page.models.map(\.recordID.recordName) == ["b1"])
            #expect(page.undecodable.map(\.record.id.recordName) == ["broken"])
            #expect(page.undecodable.first?.error.description.contains("title") == true)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func theChangedSinceWalkDeliversEditsMadeBetweenWalksAndResumesMidWalk() async throws {
        try await Emulator.withServer { server async throws in
            let database = publicDatabase(server)
            try await save(try Self.books(), to: database)
            let query = ModelQuery<Book>().limit(3)
            func walk(from cursor: ChangedSinceCursor, pages limit: Int = .max) async throws -> (names: [String], cursor: ChangedSinceCursor) {
                var names: [String] = [], cursor = cursor, pages = 0
                for try await page in database.changes(query, since: cursor) {
                    names += page.models.map(\.recordID.recordName)
                    cursor = page.cursor
                    pages += 1
                    if pages == limit { break }
                }
                return (names, cursor)
            }
            // Interrupted after one page, then resumed from its cursor: every book once, in save order.
            let first = try await walk(from: ChangedSinceCursor(), pages: 1)
            #expect(first.names == ["b1", "b2", "b3"])
            let rest = try await walk(from: first.cursor)
            #expect(rest.names == ["b4", "b5", "b6", "b7"])
            // Stored as JSON between runs.
            let stored = try JSONDecoder().decode(ChangedSinceCursor.self, from: try JSONEncoder().encode(rest.cursor))
            #expect(try await walk(from: stored).names.isEmpty)
            // Edits between walks: b2 and b5 renamed, b8 added; the next walk brings exactly those, in save order.
            let books = try Self.books()
            var edited = [books[4], books[1]]
            for index in edited.indices { edited[index].title += " (revised)" }
            let added = Book(recordID: RecordID(recordName: "b8"), title: "Nana", author: "Zola", pages: 400)
            try await save(edited + [added], to: database)
            let second = try await walk(from: stored)
            #expect(second.names == ["b5", "b2", "b8"])
            #expect(try await walk(from: second.cursor).names.isEmpty)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aQueryCloudKitWouldRefuseSendsNoRequest() async throws {
        try await Emulator.withServer { server async throws in
            let transport = CountingTransport()
            let database = publicDatabase(server, transport: transport)
            await #expect(throws: TypedQueryError.invalidQuery(
                .missingIndex(recordType: "Book", field: "blurb", index: .queryable, neededFor: "a BEGINS_WITH filter"))) {
                _ = try await database.queryPage(ModelQuery<Book>(Book.Fields.blurb.beginsWith("A")))
            }
            await #expect(throws: TypedQueryError.invalidQuery(
                .missingIndex(recordType: "Series", field: "___recordID", index: .queryable, neededFor: "a query without filters"))) {
                for try await _ in database.pages(ModelQuery<Series>()) {}
            }
            #expect(await transport.count == 0)
            _ = try await database.queryPage(ModelQuery<Series>(Series.Fields.name == "Rougon-Macquart"))
            #expect(await transport.count == 1)
        }
    }
}
