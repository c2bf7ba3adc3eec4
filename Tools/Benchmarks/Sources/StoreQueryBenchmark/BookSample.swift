import Foundation
import RecordKit

/// The benchmark's books, the same in every run, and the edits its single-save measurements make. The 3739d63
/// baseline of the single-save goal builds this file too (Tools/Benchmarks/Baselines/build-save-baseline.sh), so
/// both sides save the same books with the same edits: keep it to API that commit has.
enum BookSample {
    static let zone = RecordZoneID(zoneName: "library")
    static let seriesIDs = (0..<200).map { RecordID(recordName: "series-\($0)", zoneID: zone) }
    static let words = ["garden", "river", "night", "été", "café", "winter", "house", "letters", "shadow", "island",
                        "glass", "fire", "stone", "city", "dream", "ocean", "silence", "forest", "mirror", "road"]

    /// `count` books from a seeded generator.
    static func make(count: Int) -> [Book] {
        var random = Seeded(state: 25)
        return (0..<count).map { n in
            let title = (0..<3).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }.joined(separator: " ")
            return Book(
                recordID: RecordID(recordName: String(format: "book-%06d", n), zoneID: zone), title: title,
                author: "author \(Int.random(in: 0..<2000, using: &random))", pages: Int.random(in: 10..<1000, using: &random),
                price: Double(Int.random(in: 100..<5000, using: &random)) / 100,
                published: Date(timeIntervalSince1970: Double(Int.random(in: 0..<1_700_000_000, using: &random))),
                format: [Format.hardcover, .paperback, .ebook][Int.random(in: 0..<3, using: &random)],
                inStock: Bool.random(using: &random),
                tags: ["novel", "poetry", "essay"].filter { _ in Bool.random(using: &random) },
                series: RecordReference(seriesIDs[Int.random(in: 0..<seriesIDs.count, using: &random)]))
        }
    }

    /// A round of 100 single-book edits. Each round changes the books again (a save of an unchanged record leaves
    /// its projection row alone, so repeating one round's edits would time the projection only once): their page
    /// count, a field an app edits without touching the searchable title, and, when `retitled`, their title, which
    /// rewrites the full-text row (FTS5 writes a new segment per transaction that changes it).
    static func edits(of books: [Book], round: Int, retitled: Bool) -> [Book] {
        (0..<100).map { n -> Book in
            var book = books[n * 7 % min(books.count, 10_000)]
            book.pages += round + 1
            if retitled { book.title += " \(round)" }
            return book
        }
    }
}

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
