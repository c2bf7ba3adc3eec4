import Foundation
import struct GRDB.DatabaseValue
import RecordKit
@testable import RecordKitStore
import Testing

/// Which fields the projection gives columns (issue 25's save cost: a bytes field is stored twice only when a query
/// can use it), and when the triggers may project a record's own values instead of its model's record.
@Suite struct ProjectionLayoutTests {
    private static let descriptors = [
        RecordFieldDescriptor("title", .scalar(.string)),
        RecordFieldDescriptor("attachment", .scalar(.bytes)),
        RecordFieldDescriptor("thumbnails", .list(of: .bytes)),
        RecordFieldDescriptor("checksum", .scalar(.bytes), indexes: [.queryable]),
        RecordFieldDescriptor("order", .scalar(.bytes), indexes: [.sortable]),
    ]

    @Test func bytesWithoutAnIndexHaveNoColumn() {
        let layout = ProjectionLayout(recordType: "Doc", descriptors: Self.descriptors)
        #expect(layout.fieldColumnNames == ["title", "checksum", "order"])
        #expect(layout.unprojectedKeys == ["attachment", "thumbnails"])
        #expect(layout.field("attachment") == nil)
        #expect(layout.field("checksum") != nil)
    }

    @Test func theMappingVersionIsInTheSignatureSoOldTablesAreRebuilt() {
        let layout = ProjectionLayout(recordType: "Doc", descriptors: Self.descriptors)
        #expect(layout.signature.hasPrefix("\(ProjectionLayout.mappingVersion)|"))
        #expect(ProjectionLayout.mappingVersion >= 2, "version 1 projected every bytes field")
    }

    /// What the layout projects of `record` from its own values, the fields it lacks from `model`'s record: whether
    /// it could (every field it holds of its schema kind), the values, and how often it asked for the model's record.
    private func ownValues(_ layout: ProjectionLayout, _ record: Record, model: Record) -> (holds: Bool, values: [DatabaseValue], modelRecords: Int) {
        var values: [DatabaseValue] = []
        let counting = CountingModel(made: model)
        let holds = layout.writeHoldingEveryField(record, missingFrom: counting, to: &values)
        return (holds, values, counting.records.count)
    }

    @Test func aRecordIsProjectedFromItsOwnValuesOnlyWithEveryFieldItHoldsOfItsKind() {
        let layout = ProjectionLayout(recordType: "Doc", descriptors: [
            RecordFieldDescriptor("title", .scalar(.string)), RecordFieldDescriptor("tags", .list(of: .string)),
            RecordFieldDescriptor("pages", .scalar(.int64)), RecordFieldDescriptor("blob", .scalar(.bytes)),
        ])
        let id = RecordID(recordName: "d", zoneID: RecordZoneID(zoneName: "z"))
        // The model's record: the defaults of what the record lacks (pages), nothing for an optional left nil (tags).
        var model = Record(recordType: "Doc", id: id)
        model.fields.set(.int64(7), forKey: "pages")
        var record = Record(recordType: "Doc", id: id)
        record.fields.set(.string("a"), forKey: "title")
        var projected = ownValues(layout, record, model: model)
        #expect(projected.holds, "missing fields come from the model's record")
        #expect(projected.values == [.null, .null, "a".databaseValue, .null, 7.databaseValue], "no dates, title, tags, pages")
        #expect(projected.modelRecords == 1, "one model record for both missing fields")
        record.fields.set(.list(.int64([1])), forKey: "tags")
        #expect(!ownValues(layout, record, model: model).holds, "tags holds integers")
        record.fields.set(.list(.int64([])), forKey: "tags")
        #expect(ownValues(layout, record, model: model).holds, "an empty list of any kind projects as []; blob has no column")
        record.fields.set(.list(.string(["x"])), forKey: "tags")
        record.fields.set(.int64(3), forKey: "pages")
        projected = ownValues(layout, record, model: model)
        #expect(projected.holds)
        #expect(projected.values == [.null, .null, "a".databaseValue, #"["x"]"#.databaseValue, 3.databaseValue])
        #expect(projected.modelRecords == 0, "nothing missing: no model record made")
        record.fields.set(.int64(1), forKey: "title")
        #expect(!ownValues(layout, record, model: model).holds, "title holds an integer")
    }

    /// An asset's column holds `url.path`; the projection skips Foundation's decoding pass when it would change
    /// nothing, and must give the same string for any URL.
    @Test(arguments: [
        URL(fileURLWithPath: "/tmp/store.sqlite.assets/0123456789abcdef"),
        URL(fileURLWithPath: "/tmp/a b/%41/c"),
        URL(fileURLWithPath: "/tmp/dir/"),
        URL(fileURLWithPath: "/"),
        URL(fileURLWithPath: "/tmp/ünïcode/naïve.txt"),
        URL(fileURLWithPath: "/tmp/semi;colon"),
        URL(fileURLWithPath: "/tmp/x#y?z"),
        URL(fileURLWithPath: "relative/file.txt", relativeTo: URL(fileURLWithPath: "/base/")),
    ] + ["file:///a/b%2Fc", "file:///a/b?query#fragment", "file:///a//b//", "file:///a/b/../c"].compactMap { URL(string: $0) }
      + [URL(fileURLWithPath: "/x/y/")].compactMap { URL(string: "b/c", relativeTo: $0) })
    func anAssetColumnHoldsTheURLsPath(url: URL) {
        #expect(ProjectionLayout.filePath(url) == url.path, "\(url)")
        #expect(ProjectionLayout.scalar(.asset(Asset(fileURL: url))) == url.path.databaseValue)
    }
}

/// A model whose `record()` is a given record, counting how often it is asked for it.
private struct CountingModel: RecordModel {
    enum Field: String, RecordFieldKey { case title, tags, pages }
    static let recordType = "Doc"
    static let schemaVersion = 1
    final class Counter: @unchecked Sendable {
        var count = 0
    }

    let made: Record
    let records = Counter()
    var metadata: RecordMetadata

    init(made: Record) {
        self.made = made
        metadata = RecordMetadata(recordID: made.id)
    }

    init(record: Record) throws(RecordDecodingError) { self.init(made: record) }

    func record() -> Record {
        records.count += 1
        return made
    }

    static func merge(ancestor: CountingModel?, client: CountingModel, server: CountingModel) -> CountingModel { server }

    static func == (lhs: CountingModel, rhs: CountingModel) -> Bool { lhs.made == rhs.made }

    func hash(into hasher: inout Hasher) { hasher.combine(made) }
}
