import Foundation
import GRDB
import RecordKit
import RecordKitStore
import RecordKitTesting

/// A seeded random catalog of books and series for the query tests, and random queries over it.
struct QueryLibrary {
    static let zone = RecordZoneID(zoneName: "library")
    static let words = ["Les", "misérables", "été", "Cafe", "café", "naïve", "Garden", "garden", "of", "the", "Ombre", "ÉCOLE",
                        "école", "x-ray", "42", "Zola", "AND", "NEAR", "\"quoted\"", "a*b"]
    static let authors = ["Hugo", "Austen", "Zola", "Ümit", "ada", "Brontë"]
    static let tags = ["poetry", "novel", "classic", "sf", "drama", "post"]

    var random: SplitMix64
    var series: [Series] = []
    var books: [Book] = []

    init(seed: UInt64, seriesCount: Int = 6, bookCount: Int = 120) throws {
        random = SplitMix64(seed: seed)
        for index in 0..<seriesCount {
            let id = RecordID(recordName: "series-\(index)", zoneID: Self.zone)
            series.append(Series(recordID: id, name: "Series \(pick(Self.words))"))
        }
        for index in 0..<bookCount { books.append(try book(index)) }
    }

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func title() -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in pick(Self.words) }.joined(separator: " ")
    }

    mutating func date() -> Date {
        Date(timeIntervalSince1970: Double(Int64.random(in: 0..<2_000_000_000_000, using: &random)) / 1000)
    }

    mutating func location() throws -> Location {
        try Location(latitude: Double.random(in: -60...60, using: &random), longitude: Double.random(in: -170...170, using: &random))
    }

    mutating func book(_ index: Int) throws -> Book {
        let id = RecordID(recordName: String(format: "book-%03d", index), zoneID: Self.zone)
        let tagCount = Int.random(in: 0...3, using: &random)
        return Book(
            recordID: id, title: title(), author: pick(Self.authors), pages: Int.random(in: 0..<500, using: &random),
            price: Double(Int.random(in: 0..<5000, using: &random)) / 100,
            published: chance(80) ? date() : nil, format: pick([.hardcover, .paperback, .ebook]), inStock: chance(50),
            tags: (0..<tagCount).map { _ in pick(Self.tags) }, shop: chance(70) ? try location() : nil,
            series: chance(70) ? RecordReference(pick(series).recordID) : nil, blurb: chance(50) ? title() : nil,
            cover: chance(30) ? TestAssetFiles.asset(containing: "cover-\(index)") : nil)
    }

    // MARK: Random queries

    mutating func predicate() throws -> QueryPredicate<Book> {
        let other = pick(books)
        switch Int.random(in: 0..<38, using: &random) {
        case 0: return Book.Fields.pages > Int.random(in: 0..<500, using: &random)
        case 1: return Book.Fields.pages <= Int.random(in: 0..<500, using: &random)
        case 2: return Book.Fields.pages == other.pages
        case 3: return Book.Fields.pages != other.pages
        case 4: return Book.Fields.price < Double(Int.random(in: 0..<5000, using: &random)) / 100
        case 5: return Book.Fields.price >= other.price
        case 6: return Book.Fields.published > date()
        case 7: return Book.Fields.published == (other.published ?? date())
        case 8: return Book.Fields.title.beginsWith(String(other.title.prefix(Int.random(in: 0...3, using: &random))))
        case 9: return Book.Fields.title.notBeginsWith(String(other.title.prefix(2)))
        case 10: return Book.Fields.author.in([pick(Self.authors), pick(Self.authors)])
        case 11: return Book.Fields.author.notIn([pick(Self.authors)])
        case 12: return Book.Fields.format == pick([.hardcover, .paperback, .ebook])
        case 13: return Book.Fields.inStock == chance(50)
        case 14: return Book.Fields.tags.contains(pick(Self.tags))
        case 15: return Book.Fields.tags.notContains(pick(Self.tags))
        case 16: return Book.Fields.tags.containsAny(of: [pick(Self.tags), pick(Self.tags)])
        case 17: return Book.Fields.tags.containsNone(of: [pick(Self.tags)])
        case 18: return Book.Fields.tags.containsAll(of: [pick(Self.tags), pick(Self.tags)])
        case 19: return Book.Fields.tags.anyBeginsWith(pick(["po", "n", "dr", ""]))
        case 20: return Book.Fields.shop.near(try location(), radius: Double.random(in: 0...8_000_000, using: &random))
        case 21: return Book.Fields.series == RecordReference<Series>(pick(series).recordID)
        case 22: return Book.Fields.series != RecordReference<Series>(pick(series).recordID)
        case 23: return Book.Fields.series.in([RecordReference<Series>(pick(series).recordID), RecordReference<Series>(pick(series).recordID)])
        case 24: return Book.Fields.title.containsAllTokens(title())
        case 25: return Book.Fields.title.containsAnyTokens(title())
        case 26: return Book.Fields.recordName == other.recordID
        case 27: return Book.Fields.recordName.in([other.recordID, pick(books).recordID])
        case 28: return Book.Fields.blurb == (other.blurb ?? "none")
        // Nil checks, on fields some random books lack: a scalar, a location (two columns), a reference (three), a
        // list, an unindexed string, a system field.
        case 29: return Book.Fields.published.isNil
        case 30: return Book.Fields.published.isNotNil
        case 31: return Book.Fields.shop.isNil
        case 32: return Book.Fields.series.isNotNil
        case 33: return Book.Fields.series.isNil
        case 34: return Book.Fields.tags.isNil
        case 35: return Book.Fields.blurb.isNotNil
        case 36: return pick([Book.Fields.creationDate.isNil, Book.Fields.modificationDate.isNotNil, Book.Fields.recordName.isNil])
        default: return Book.Fields.title.containsAllTokens(pick(["", "   ", "*", "AND (", "\"", "café ÉTÉ"]))
        }
    }

    mutating func sort() throws -> QuerySort<Book> {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: Book.Fields.title.ascending
        case 1: Book.Fields.title.descending
        case 2: Book.Fields.pages.ascending
        case 3: Book.Fields.price.descending
        case 4: Book.Fields.published.ascending
        case 5: Book.Fields.published.descending
        case 6: Book.Fields.shop.distance(from: try location())
        case 7: Book.Fields.series.ascending
        case 8: Book.Fields.recordName.descending
        default: Book.Fields.author.ascending
        }
    }

    mutating func query() throws -> (query: ModelQuery<Book>, offset: Int) {
        var query = ModelQuery<Book>(predicates: try (0..<Int.random(in: 0...3, using: &random)).map { _ in try predicate() })
        query.sorts = try (0..<Int.random(in: 0...2, using: &random)).map { _ in try sort() }
        if chance(40) { query.resultsLimit = Int.random(in: 1...30, using: &random) }
        return (query, chance(30) ? Int.random(in: 0...40, using: &random) : 0)
    }
}

