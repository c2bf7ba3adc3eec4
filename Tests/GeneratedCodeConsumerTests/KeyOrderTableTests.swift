import Foundation
@testable import RecordKit
import Testing

/// The shortcuts the model's key-order table (`fieldOrder`) gives keep the byte order of the keys exact: a record
/// writer appends the fields that come in the table's order and searches for any other; the record reader's `==`
/// shortcut never takes a canonically equivalent key for a declared one.
@Suite struct KeyOrderTableTests {
    /// Fields handed to the writer out of the table's order (not by the walk) are searched for and inserted, so
    /// the record's fields stay sorted with unique keys.
    @Test func aRecordWriterInsertsFieldsThatComeOutOfTheTablesOrder() {
        let item = GalleryItem(recordID: RecordID(recordName: "g"), caption: "c", image: ConsumerFixtures.asset(), likes: 4)
        var writer = RecordFieldWriter<GalleryItem>(metadata: item.metadata, versionField: nil, fieldCount: 3)
        writer.appendOrder = GalleryItem.fieldOrder.table
        writer.set(.likes, Int64(1))
        writer.set(.caption, "first")
        writer.set(.likes, Int64(2))
        let record = writer.record(metadata: item.metadata)
        #expect(record.fields.keys == ["caption", "likes"])
        #expect(record.fields["likes"] == .int64(2))
        #expect(record.fields["caption"] == .string("first"))
    }

    /// The walk's order appends every field: the record equals one built by setting each key.
    @Test func theWalkAppendsEveryFieldInKeyOrder() {
        let item = GalleryItem(recordID: RecordID(recordName: "g"), caption: "c", image: ConsumerFixtures.asset(), likes: 4)
        var expected = RecordFields()
        expected["likes"] = .int64(4)
        expected["image"] = .asset(ConsumerFixtures.asset())
        expected["caption"] = .string("c")
        #expect(item.record().fields.keys == expected.keys)
        #expect(item.record().fields.dictionary == expected.dictionary)
    }

    /// The record reader matches a record's key to a field's with `==` first (every key of the model is ASCII); a
    /// canonically equivalent key of other bytes is another key: the model does not take it, through the record
    /// reader or the archive reader.
    @Test func aCanonicallyEquivalentKeyIsNotTheDeclaredKey() throws {
        let kelvin = "\u{212A}"
        try #require(kelvin == "K", "Swift's String equality no longer equates canonical equivalents")
        // The Kelvin sign alone, so the reader's cursor is on it when it reads "K"; then with "a" before it.
        var alone = Record(recordType: KelvinModel.recordType, id: RecordID(recordName: "k"))
        alone.fields[kelvin] = .string("kelvin sign")
        var withAfter = alone
        withAfter.fields["a"] = .int64(7)
        for record in [alone, withAfter] {
            let read = try KelvinModel(record: record)
            #expect(read.kelvin == "", "the record reader took \(kelvin) for K")
            #expect(read.after == (record == alone ? 0 : 7))
            let archived = try KelvinModel(archived: NativeArchive.encode(record))
            #expect(archived.kelvin == "", "the archive reader took \(kelvin) for K")
            #expect(archived.after == read.after)
        }
    }

    /// The Kelvin sign, not being "K", is a field the model does not declare: kept with its own bytes, and written
    /// back by `record()` and `archived()`; the archive reader reads it directly, without the record path.
    @Test func aCanonicallyEquivalentKeyIsKeptAsAnUnknownField() throws {
        let kelvin = "\u{212A}"
        var record = Record(recordType: KelvinModel.recordType, id: RecordID(recordName: "k"))
        record.fields[kelvin] = .string("kelvin sign")
        let bytes: (RecordFields) -> [[UInt8]] = { $0.keys.map { Array($0.utf8) } }
        let read = try KelvinModel(record: record)
        #expect(bytes(read.metadata.unknownFields) == [Array(kelvin.utf8)], "the record reader dropped \(kelvin)")
        #expect(bytes(read.record().fields) == [Array("K".utf8), Array("a".utf8), Array(kelvin.utf8)])
        let fallbacks = FallbackCounter()
        let archived = try ModelArchiveReadObserver.$onFallback.withValue({ _ in fallbacks.add() }) {
            try KelvinModel(archived: NativeArchive.encode(record))
        }
        #expect(archived == read)
        #expect(fallbacks.count == 0, "the archive reader took \(kelvin) for a declared key and left the archive to the record path")
        #expect(bytes(try NativeArchive.decodeRecord(read.archived()).fields) == bytes(read.record().fields))
    }
}
