import Foundation
@testable import RecordKit
import Testing

/// The shortcuts the model's key-order table (`fieldOrder`) gives keep the byte order of the keys exact: a record
/// writer appends the fields that come in the table's order and searches for any other; the record reader's `==`
/// shortcut never takes a canonically equivalent key for a declared one.
@Suite struct KeyOrderTableTests {
    /// A key whose canonical equivalent differs in bytes: U+212A KELVIN SIGN is `==` to "K" in Swift.
    enum KelvinKey: String, RecordFieldKey {
        case kelvin = "K"
        case after = "a"
    }

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

    /// The reader matches a record's key with `==` first; a canonically equivalent key of other bytes is not the
    /// declared key (keys are bytes, as the archive writes them).
    @Test func aCanonicallyEquivalentKeyIsNotTheDeclaredKey() throws {
        let kelvin = "\u{212A}"
        try #require(kelvin == "K", "Swift's String equality no longer equates canonical equivalents")
        let order = FieldOrder<KelvinKey>()
        let index = try #require((0..<order.count).first { order.table[$0] == .kelvin })
        #expect(order.keyStrings.isKey("K", at: index))
        #expect(!order.keyStrings.isKey(kelvin, at: index))
        #expect(!order.keyStrings.isKey("a", at: index))
    }
}
