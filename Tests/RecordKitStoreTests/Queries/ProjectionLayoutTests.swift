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

    /// Whether the layout projects `record`'s own values: every projected field held, each of its schema kind.
    private func holdsEveryField(_ layout: ProjectionLayout, _ record: Record) -> Bool {
        var values: [DatabaseValue] = []
        return layout.writeHoldingEveryField(record, to: &values)
    }

    @Test func aRecordHoldsEveryFieldOnlyWithEveryProjectedFieldOfItsKind() {
        let layout = ProjectionLayout(recordType: "Doc", descriptors: [
            RecordFieldDescriptor("title", .scalar(.string)), RecordFieldDescriptor("tags", .list(of: .string)),
            RecordFieldDescriptor("blob", .scalar(.bytes)),
        ])
        var record = Record(recordType: "Doc", id: RecordID(recordName: "d", zoneID: RecordZoneID(zoneName: "z")))
        record.fields.set(.string("a"), forKey: "title")
        #expect(!holdsEveryField(layout, record), "tags is missing")
        record.fields.set(.list(.int64([1])), forKey: "tags")
        #expect(!holdsEveryField(layout, record), "tags holds integers")
        record.fields.set(.list(.int64([])), forKey: "tags")
        #expect(holdsEveryField(layout, record), "an empty list of any kind projects as []; blob has no column")
        record.fields.set(.list(.string(["x"])), forKey: "tags")
        #expect(holdsEveryField(layout, record))
        record.fields.set(.int64(1), forKey: "title")
        #expect(!holdsEveryField(layout, record), "title holds an integer")
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
