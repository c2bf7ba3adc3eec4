import Foundation
import GRDB
import RecordKit
import RecordKitStore

/// Books and series (the Bookshop example schema) in a custom zone: two record types that reference each other.
enum Shelf {
    static let zone = RecordZoneID(zoneName: "books")

    static func id(_ name: String) -> RecordID { RecordID(recordName: name, zoneID: zone) }

    static func series(_ name: String, title: String? = nil) -> Series {
        Series(recordID: id(name), name: title ?? name)
    }

    static func book(_ name: String, pages: Int = 100, series: String? = nil, cover: URL? = nil) -> Book {
        Book(
            recordID: id(name), title: name, author: "A. Author", pages: pages,
            series: series.map { RecordReference(id($0)) }, cover: cover.map { Asset(fileURL: $0) })
    }

    /// The record a server returns for `model`: the same fields with a change tag.
    static func serverRecord(_ model: some RecordModel, tag: String = "t1") -> RecordKit.Record {
        var record = model.record()
        record.system.changeTag = tag
        return record
    }

    /// A store in a fresh in-memory database queue that merges books and series.
    static func memoryStore() throws -> RecordStore {
        try RecordStore(database: try DatabaseQueue(), models: [Book.self, Series.self], clock: Fixtures.clock)
    }
}
