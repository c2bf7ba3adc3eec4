// StoreQueryBenchmark: the store's typed queries over its projection, side by side in one run with (a) a
// hand-written GRDB table of the same columns and indexes (the floor) and (b) today's fetchAll + in-memory filter,
// on 100,000 books (Schemas/Examples/Bookshop.records.xml). Exits 1 when a goal of issue 25 is missed:
// a filtered, sorted page of 50 within 1.5x of (a) and at least 50x faster than (b) (on two query shapes; when the
// floor (a) itself is under 50x faster than (b), no implementation can reach 50x and the shape is held to the 1.5x
// goal only, which the output says); count within 1.5x of (a); a full-text match within 2x of a hand-written FTS5
// query; and a live query's update after a one-record edit within 2x of GRDB's own ValueObservation on (a) (median
// of 200 edits). With `--baseline PATH`, also the save goal: a single-book save with the projection within 1.3x of
// today's save, the save of 3739d63 run by the baseline StoreBenchmark at PATH (see SingleSaveGoal; build it with
// Tools/Benchmarks/Baselines/build-save-baseline.sh). Every run prints, for information, the same saves into a
// store of this build opened without models (no projection): what the projection itself costs.
//
// swift run -c release --package-path Tools/Benchmarks StoreQueryBenchmark [--count N] [--edits N] [--baseline PATH]
// swift run -c release --package-path Tools/Benchmarks StoreQueryBenchmark --save-goal PATH [--count N] (that goal only)
// swift run -c release --package-path Tools/Benchmarks StoreQueryBenchmark --single-save-only projected|plain [--count N]
import Foundation
import GRDB
import RecordKit
import RecordKitStore

let arguments = CommandLine.arguments
func option(_ name: String) -> Int? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
}
let count = option("--count") ?? 100_000
let editCount = option("--edits") ?? 200
func pathArgument(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
// Child mode (and a profiler's): the single-book saves of the save goal alone, into a store with or without models.
if let mode = arguments.firstIndex(of: "--single-save-only"), arguments.indices.contains(mode + 1) {
    let projected = arguments[mode + 1] != "plain"
    try SingleSaveProfile.run(count: count) { path in try RecordStore(path: path, models: projected ? [Book.self, Series.self] : []) }
    exit(0)
}
// The save goal alone, against the baseline binary: alternating runs of child processes.
// Nine: one run of either side varies by up to ±30% on a shared host, and five runs gave medians from 1.19x to
// 1.47x for one build.
let saveRuns = 9
if let baseline = pathArgument("--save-goal") {
    exit(try SingleSaveGoal.run(baseline: baseline, count: count, runs: saveRuns) == nil ? 0 : 1)
}
let baseline = pathArgument("--baseline")

let folder = NSTemporaryDirectory() + "store-query-benchmark-\(UUID().uuidString)"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

let seriesIDs = BookSample.seriesIDs
print("Preparing \(count) books…")
let books = BookSample.make(count: count)

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

/// One page shape: our query, the same query hand-written on (a), and (b) fetchAll + the same filter and sort.
/// The goal against (b) is 50x when the floor (a) reaches 50x; otherwise no implementation can, and the shape is
/// held to the 1.5x-of-floor goal only.
@MainActor func pageShape(
    _ name: String, _ query: ModelQuery<Book>, handSQL: String, _ filter: (Book) -> Bool
) throws {
    let ours = try best(20) { sink &+= try store.fetch(query).count }
    let floor = try best(20) { sink &+= try handBooks(handSQL).count }
    let fetchAll = try best(3) {
        let all = try store.fetchAll(Book.self).models
        let found = all.filter(filter)
            .sorted { ($0.published ?? .distantPast, $1.recordID.recordName) > ($1.published ?? .distantPast, $0.recordID.recordName) }
        sink &+= found.prefix(50).count
    }
    check("\(name): page of 50", ours, floor, atMost: 1.5, versus: "hand-written GRDB")
    let speedUp = fetchAll / ours, floorSpeedUp = fetchAll / floor
    print(String(format: "  fetchAll + in-memory filter: %.1f ms: the query is %.0fx faster, the hand-written floor %.0fx", fetchAll * 1000, speedUp, floorSpeedUp))
    if floorSpeedUp < 50 {
        print("  (the floor itself is under 50x faster than fetchAll + filter on this shape: held to the 1.5x-of-floor goal instead)")
    } else {
        let verdict = speedUp >= 50 ? "ok" : "MISSED"
        print("  goal at least 50x faster than fetchAll + filter: \(verdict)")
        if speedUp < 50 { failures.append("\(name) versus fetchAll") }
    }
}

var sink = 0
// A range and an equality on two indexed fields, sorted on a third: SQLite scans about 13,000 rows whichever way.
try pageShape(
    "pages >= 300 and hardcover, by published", ModelQuery<Book>(Book.Fields.pages >= 300, Book.Fields.format == .hardcover)
        .sorted(by: Book.Fields.published.descending).limit(50),
    handSQL: "SELECT data FROM books WHERE pages >= 300 AND format = 'hardcover' ORDER BY published DESC, recordName LIMIT 50"
) { $0.pages >= 300 && $0.format == .hardcover }
// The shape an app asks most: the books of one series (a selective equality on an indexed reference), sorted, first page.
let oneSeries = seriesIDs[7]
try pageShape(
    "books of one series, by published", ModelQuery<Book>(Book.Fields.series == RecordReference<Series>(oneSeries))
        .sorted(by: Book.Fields.published.descending).limit(50),
    handSQL: "SELECT data FROM books WHERE series = '\(oneSeries.recordName)' ORDER BY published DESC, recordName LIMIT 50"
) { $0.series?.recordID == oneSeries }

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

// Saves. The goal (with `--baseline PATH`) compares this build's save with the projection to today's save, the
// save of 3739d63, in child processes (SingleSaveGoal). For information, every run also times the same saves into a
// store of this build opened without models (no projection), holding the same books: what the projection itself
// costs on top of this build's save, which has got faster since 3739d63. The rounds alternate between the two
// stores, each going first every other round: measured as five rounds of one then five of the other, a change of
// the machine's load between the halves moved the ratio from 0.98x to 1.55x across three runs of one build.
let plain = try RecordStore(path: folder + "/plain.sqlite", models: [])
for chunk in stride(from: 0, to: count, by: 1000) { try plain.save(contentsOf: books[chunk..<min(chunk + 1000, count)]) }
/// The ratio of 100 single-book saves into each store: the median, over 27 rounds, of the ratio of the two
/// back-to-back timings of a round, and each store's best round. The median of the paired ratios is the fair
/// summary: this host's speed drifts over seconds, so the best of nine rounds of each store could come from a fast
/// spell one store caught and the other did not (1.07x, 1.10x and 1.45x in three runs of one build), where two
/// timings 20 ms apart see the same machine.
func timeSaves(retitled: Bool) throws -> (pairedMedian: Double, projected: Double, plain: Double) {
    var projected = Double.infinity, unprojected = Double.infinity
    var ratios: [Double] = []
    for round in 0..<27 {
        let edited = BookSample.edits(of: books, round: round + (retitled ? 100 : 0), retitled: retitled)
        var pair = (projected: 0.0, plain: 0.0)
        for saveIntoProjected in round % 2 == 0 ? [true, false] : [false, true] {
            let target = saveIntoProjected ? store : plain
            let time = try seconds { for book in edited { try target.save(book) } }
            if saveIntoProjected { pair.projected = time } else { pair.plain = time }
        }
        projected = min(projected, pair.projected)
        unprojected = min(unprojected, pair.plain)
        ratios.append(pair.projected / pair.plain)
    }
    return (ratios.sorted()[ratios.count / 2], projected, unprojected)
}
let saves = try timeSaves(retitled: false)
print(String(
    format: "save (100 single-book transactions) against this build without projection: %.2fx, median of 27 paired rounds; best rounds %.3f ms, %.3f ms (for information)",
    saves.pairedMedian, saves.projected * 1e3, saves.plain * 1e3))
let retitled = try timeSaves(retitled: true)
print(String(
    format: "  the same saves changing the searchable title too: %.2fx (median of 27 paired rounds; best rounds %.3f ms, %.3f ms) (for information)",
    retitled.pairedMedian, retitled.projected * 1e3, retitled.plain * 1e3))
if let baseline {
    if let miss = try SingleSaveGoal.run(baseline: baseline, count: count, runs: saveRuns) { failures.append(miss) }
} else {
    print("Issue 25's save goal (a single-book save within 1.3x of the save of 3739d63) is checked only with --baseline PATH.")
}

// Live queries: the time from a one-record edit (a save through the store; the same UPDATE on (a)) to the emission
// of the changed page, by the store's observe(query) and by GRDB's ValueObservation of the hand-written query.
let livePage = ModelQuery<Book>(Book.Fields.pages >= 300, Book.Fields.format == .hardcover).sorted(by: Book.Fields.published.descending).limit(50)
let liveSQL = "SELECT data FROM books WHERE pages >= 300 AND format = 'hardcover' ORDER BY published DESC, recordName LIMIT 50"
guard let edited = try store.fetch(livePage).first else { throw CocoaError(.fileReadUnknown) }

/// The median time from `edit(n)` to the next value of `values`, over `edits` edits (the first value, the current
/// one, makes the first edit).
func medianLatency<Values: AsyncSequence>(_ values: Values, edits: Int, _ edit: (Int) throws -> Void) async throws -> Double {
    var times: [Double] = []
    var start: ContinuousClock.Instant?
    for try await _ in values {
        if let start {
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        if times.count == edits { break }
        start = .now
        try edit(times.count)
    }
    guard !times.isEmpty else { return .infinity }
    return times.sorted()[times.count / 2]
}

func ourEdit(_ n: Int) throws {
    var book = edited
    book.title = "edited \(n) \(UUID().uuidString)"
    try store.save(book)
}
func handEdit(_ n: Int) throws {
    var book = edited
    book.title = "edited \(n) \(UUID().uuidString)"
    try hand.write { db in
        try db.execute(
            sql: "UPDATE books SET title = ?, data = ? WHERE recordName = ?",
            arguments: [book.title, NativeArchive.encode(book.record()), book.recordID.recordName])
        try db.execute(
            sql: "UPDATE books_fts SET title = ? WHERE rowid = (SELECT id FROM books WHERE recordName = ?)",
            arguments: [book.title, book.recordID.recordName])
    }
}
let handObservation = ValueObservation.tracking { db in
    try Row.fetchAll(db, sql: liveSQL).map { row in try Book(record: try NativeArchive.decodeRecord(row["data"] as Data)) }
}.removeDuplicates()
// Alternating halves, so a machine getting busier or quieter affects both alike.
var ourLatencies: [Double] = [], handLatencies: [Double] = []
for _ in 0..<2 {
    ourLatencies.append(try await medianLatency(store.observe(livePage), edits: editCount / 2, ourEdit))
    handLatencies.append(try await medianLatency(handObservation.values(in: hand), edits: editCount / 2, handEdit))
}
check(
    "live query update after a one-record edit (median of \(editCount))", ourLatencies.reduce(0, +) / 2, handLatencies.reduce(0, +) / 2,
    atMost: 2, versus: "GRDB ValueObservation")

print("(\(sink))")
if failures.isEmpty {
    print("every goal met")
} else {
    print("missed: \(failures.joined(separator: ", "))")
    // exit skips the deferred removal of the scratch folder (two stores of `count` books).
    try? FileManager.default.removeItem(atPath: folder)
    exit(1)
}
