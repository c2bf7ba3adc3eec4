// StoreQueryBenchmark: the store's typed queries over its projection, side by side in one run with (a) a
// hand-written GRDB table of the same columns and indexes (the floor) and (b) today's fetchAll + in-memory filter,
// on 100,000 books (Schemas/Examples/Bookshop.records.xml). Exits 1 when a goal of issue 25 is missed:
// a filtered, sorted page of 50 within 1.5x of (a) and at least 50x faster than (b); count within 1.5x of (a);
// a full-text match within 2x of a hand-written FTS5 query; a save with the projection within 1.3x of a save
// into a store kept without one.
//
// swift run -c release --package-path Tools/Benchmarks StoreQueryBenchmark [--count N]
import Foundation
import GRDB
import RecordKit
import RecordKitStore

let arguments = CommandLine.arguments
let count = arguments.firstIndex(of: "--count").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 100_000
let folder = NSTemporaryDirectory() + "store-query-benchmark-\(UUID().uuidString)"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

/// A seeded SplitMix64, so every run measures the same books.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let words = ["garden", "river", "night", "été", "café", "winter", "house", "letters", "shadow", "island", "glass", "fire",
             "stone", "city", "dream", "ocean", "silence", "forest", "mirror", "road"]
let zone = RecordZoneID(zoneName: "library")
var random = Seeded(state: 25)
let seriesIDs = (0..<200).map { RecordID(recordName: "series-\($0)", zoneID: zone) }
print("Preparing \(count) books…")
let books: [Book] = (0..<count).map { n in
    let title = (0..<3).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }.joined(separator: " ")
    return Book(
        recordID: RecordID(recordName: String(format: "book-%06d", n), zoneID: zone), title: title,
        author: "author \(Int.random(in: 0..<2000, using: &random))", pages: Int.random(in: 10..<1000, using: &random),
        price: Double(Int.random(in: 100..<5000, using: &random)) / 100,
        published: Date(timeIntervalSince1970: Double(Int.random(in: 0..<1_700_000_000, using: &random))),
        format: [Format.hardcover, .paperback, .ebook][Int.random(in: 0..<3, using: &random)], inStock: Bool.random(using: &random),
        tags: ["novel", "poetry", "essay"].filter { _ in Bool.random(using: &random) },
        series: RecordReference(seriesIDs[Int.random(in: 0..<seriesIDs.count, using: &random)]))
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let elapsed = try ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The best of `rounds` timings of `body`.
func best(_ rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<rounds { fastest = min(fastest, try seconds(body)) }
    return fastest
}

// MARK: The stores

let store = try RecordStore(path: folder + "/store.sqlite", models: [Book.self, Series.self])
let bulk = try seconds { for chunk in stride(from: 0, to: count, by: 1000) { try store.save(contentsOf: books[chunk..<min(chunk + 1000, count)]) } }
print(String(format: "store bulk save (with projection): %.2f s", bulk))

/// The floor: a table with the same columns and indexes, written and read by hand with GRDB.
let hand = try DatabasePool(path: folder + "/hand.sqlite")
try hand.write { db in
    try db.execute(sql: """
        CREATE TABLE books (id INTEGER PRIMARY KEY, recordName TEXT NOT NULL UNIQUE, title TEXT, author TEXT, pages INTEGER,
            price REAL, published REAL, format TEXT, inStock INTEGER, tags TEXT, series TEXT, data BLOB);
        CREATE INDEX books_title ON books (title); CREATE INDEX books_author ON books (author);
        CREATE INDEX books_pages ON books (pages); CREATE INDEX books_price ON books (price);
        CREATE INDEX books_published ON books (published); CREATE INDEX books_format ON books (format);
        CREATE INDEX books_inStock ON books (inStock); CREATE INDEX books_series ON books (series);
        CREATE VIRTUAL TABLE books_fts USING fts5(title, tokenize = 'unicode61 remove_diacritics 2');
        """)
    let insert = try db.makeStatement(sql: """
        INSERT INTO books (recordName, title, author, pages, price, published, format, inStock, tags, series, data)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    let fts = try db.makeStatement(sql: "INSERT INTO books_fts (rowid, title) VALUES (last_insert_rowid(), ?)")
    for book in books {
        let tags = "[" + book.tags.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        try insert.execute(arguments: [
            book.recordID.recordName, book.title, book.author, book.pages, book.price, book.published?.timeIntervalSince1970,
            book.format.rawValue, book.inStock, tags, book.series?.recordID.recordName, NativeArchive.encode(book.record()),
        ])
        try fts.execute(arguments: [book.title])
    }
}

/// The hand-written reader: the archived book of each row, decoded as the store decodes its own.
func handBooks(_ sql: String, _ arguments: StatementArguments = []) throws -> [Book] {
    try hand.read { db in
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            try Book(record: try NativeArchive.decodeRecord(row["data"] as Data))
        }
    }
}

// MARK: Measurements

var failures: [String] = []
@MainActor func check(_ name: String, _ ours: Double, _ other: Double, atMost ratio: Double, versus: String) {
    let measured = ours / other
    let verdict = measured <= ratio ? "ok" : "MISSED"
    print(String(format: "%@: %.3f ms, %@ %.3f ms: %.2fx (goal at most %.2fx) %@", name, ours * 1000, versus, other * 1000, measured, ratio, verdict))
    if measured > ratio { failures.append(name) }
}

let page = ModelQuery<Book>(Book.Fields.pages >= 300, Book.Fields.format == .hardcover)
    .sorted(by: Book.Fields.published.descending).limit(50)
var sink = 0
let ourPage = try best(20) { sink &+= try store.fetch(page).count }
let handPage = try best(20) {
    sink &+= try handBooks("SELECT data FROM books WHERE pages >= 300 AND format = 'hardcover' ORDER BY published DESC, recordName LIMIT 50").count
}
let fetchAllPage = try best(3) {
    let all = try store.fetchAll(Book.self).models
    let found = all.filter { $0.pages >= 300 && $0.format == .hardcover }
        .sorted { ($0.published ?? .distantPast, $1.recordID.recordName) > ($1.published ?? .distantPast, $0.recordID.recordName) }
    sink &+= found.prefix(50).count
}
check("filtered, sorted page of 50", ourPage, handPage, atMost: 1.5, versus: "hand-written GRDB")
print(String(format: "  fetchAll + in-memory filter: %.1f ms: the query is %.0fx faster (goal at least 50x) %@",
             fetchAllPage * 1000, fetchAllPage / ourPage, fetchAllPage / ourPage >= 50 ? "ok" : "MISSED"))
if fetchAllPage / ourPage < 50 { failures.append("page versus fetchAll") }

let counted = ModelQuery<Book>(Book.Fields.pages >= 300, Book.Fields.format == .hardcover)
let ourCount = try best(20) { sink &+= try store.count(counted) }
let handCount = try best(20) {
    sink &+= try hand.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM books WHERE pages >= 300 AND format = 'hardcover'") ?? 0 }
}
check("count", ourCount, handCount, atMost: 1.5, versus: "hand-written GRDB")

let search = ModelQuery<Book>(Book.Fields.title.containsAllTokens("cafe winter")).limit(50)
let ourSearch = try best(20) { sink &+= try store.fetch(search).count }
let handSearch = try best(20) {
    sink &+= try handBooks("""
        SELECT data FROM books WHERE id IN (SELECT rowid FROM books_fts WHERE books_fts MATCH '{title} : "cafe" AND {title} : "winter"')
        ORDER BY recordName LIMIT 50
        """).count
}
check("full-text match, page of 50", ourSearch, handSearch, atMost: 2, versus: "hand-written FTS5")

// Saves: 100 edits of one book each, one transaction each, into the store with its projection and into a store
// opened without models (no projection: today's save).
let plain = try RecordStore(path: folder + "/plain.sqlite", models: [])
try plain.save(contentsOf: books[0..<min(count, 10_000)])
let edits = (0..<100).map { n -> Book in
    var book = books[n * 7 % min(count, 10_000)]
    book.pages += 1
    return book
}
let ourSave = try best(5) { for book in edits { try store.save(book) } }
let plainSave = try best(5) { for book in edits { try plain.save(book) } }
check("save (100 single-book transactions)", ourSave, plainSave, atMost: 1.3, versus: "store without projection")

print("(\(sink))")
if failures.isEmpty {
    print("every goal met")
} else {
    print("missed: \(failures.joined(separator: ", "))")
    exit(1)
}
