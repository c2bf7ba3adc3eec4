import CardsV1
import CardsV2
import Foundation
import GRDB
import RecordKit
import RecordKitStore
import Testing

/// A store written by the Cards app at schema version 1, opened by version 2 (whose `label` field is new and
/// indexed): the projection is rebuilt from the stored records, nothing is lost, and queries on the new field work.
@Suite struct ProjectionUpgradeTests {
    static let zone = RecordZoneID(zoneName: "cards")

    static func id(_ index: Int) -> RecordID { RecordID(recordName: String(format: "card-%02d", index), zoneID: zone) }

    @Test func openingWithANewIndexedFieldRebuildsTheProjection() throws {
        let folder = NSTemporaryDirectory() + "projection-upgrade-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/store.sqlite"
        let date = Date(timeIntervalSince1970: 1_000)
        do {
            let old = try RecordStore(path: path, models: [CardsV1.Card.self, CardsV1.Memo.self])
            try old.save(contentsOf: (0..<20).map { CardsV1.Card(recordID: Self.id($0), title: "card \($0)", body: "", color: Int64($0 % 3), tags: ["t\($0 % 4)"], modified: date) })
            try old.save(CardsV1.Memo(recordID: RecordID(recordName: "memo", zoneID: Self.zone), title: "memo", body: "", color: 0, tags: [], modified: date))
            #expect(try old.count(ModelQuery<CardsV1.Card>(CardsV1.Card.Fields.color == 1)) == 7)
            let names = try old.projectionNames(of: CardsV1.Card.self)
            #expect(names.columnsByField["label"] == nil)
        }
        let new = try RecordStore(path: path, models: [CardsV2.Card.self, CardsV2.Memo.self])
        #expect(try new.projectionMismatches() == [])
        #expect(try new.count(ModelQuery<CardsV2.Card>()) == 20)
        #expect(try new.count(ModelQuery<CardsV2.Memo>()) == 1)
        // Every old card has the new field's default; a card saved by version 2 is found by it.
        #expect(try new.count(ModelQuery<CardsV2.Card>(CardsV2.Card.Fields.label == "")) == 20)
        var labelled = try #require(try new.fetch(CardsV2.Card.self, id: Self.id(3)))
        labelled.label = "urgent"
        try new.save(labelled)
        let found = try new.fetch(ModelQuery<CardsV2.Card>(CardsV2.Card.Fields.label == "urgent"))
        #expect(found.map(\.recordID) == [Self.id(3)])
        #expect(try new.fetch(ModelQuery<CardsV2.Card>().sorted(by: CardsV2.Card.Fields.label.descending).limit(1)).map(\.recordID) == [Self.id(3)])
        #expect(try new.count(ModelQuery<CardsV2.Card>(CardsV2.Card.Fields.color == 1)) == 7)
        #expect(try new.projectionMismatches() == [])

        // Back at version 1: the card written at version 2 is refused by Card (reject), left out and counted.
        let old = try RecordStore(path: path, models: [CardsV1.Card.self, CardsV1.Memo.self])
        #expect(try old.count(ModelQuery<CardsV1.Card>()) == 19)
        #expect(try old.unprojected(CardsV1.Card.self).count == 1)
        #expect(throws: RecordStoreError.unknownQueryField(recordType: "Card", field: "label")) {
            try old.fetch(ModelQuery<CardsV1.Card>(QueryField<CardsV1.Card, String>("label", indexes: [.queryable]) == "urgent"))
        }
        #expect(try old.projectionMismatches() == [])
    }
}
