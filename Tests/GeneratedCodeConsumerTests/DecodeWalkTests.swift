import Foundation
import RecordKit
import Testing

/// The decode walk reads the fields each source holds, in the source's order, with one `switch` in schema order;
/// a field the source did not hold is resolved after the walk, as each source's rule says (a record's default, nil
/// or empty list; JSON's "key not found").
@Suite struct DecodeWalkTests {
    static func gallery(_ object: [String: Any]) throws -> GalleryItem {
        try JSONDecoder().decode(GalleryItem.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// A record that holds only some fields: the others take their defaults; a missing required field is the
    /// error of that field, whichever fields come before or after it.
    @Test func absentFieldsInARecordTakeTheirDefaultsOrAreMissing() throws {
        let full = GalleryItem(recordID: RecordID(recordName: "g"), caption: "c", image: ConsumerFixtures.asset(), likes: 4).record()
        var noLikes = full
        noLikes.fields["likes"] = nil
        #expect(try GalleryItem(record: noLikes).likes == 0)
        var noCaption = full
        noCaption.fields["caption"] = nil
        #expect(throws: RecordDecodingError.missingField(recordType: "GalleryItem", recordName: "g", field: "caption")) {
            try GalleryItem(record: noCaption)
        }
        var noImage = full
        noImage.fields["image"] = nil
        #expect(throws: RecordDecodingError.missingField(recordType: "GalleryItem", recordName: "g", field: "image")) {
            try GalleryItem(record: noImage)
        }
    }

    /// JSON must hold every field but the optional ones (the default is a record's rule): an absent one is the
    /// decoder's own `keyNotFound` for that key; `null` for an optional field is nil.
    @Test func absentFieldsInJSONAreKeyNotFound() throws {
        let json = try CodableTests.jsonObject(
            GalleryItem(recordID: RecordID(recordName: "g"), caption: "c", image: ConsumerFixtures.asset(), likes: 2))
        #expect(try Self.gallery(json).likes == 2)
        for key in ["caption", "image", "likes"] {
            var object = json
            object[key] = nil
            let error = try #require(throws: DecodingError.self) { try Self.gallery(object) }
            guard case let .keyNotFound(missing, _) = error else {
                Issue.record("\(key): \(error)")
                continue
            }
            #expect(missing.stringValue == key)
        }
    }

    /// An archive holding a declared key in both maps (a record never does; an archive can, and
    /// `NativeArchive.decodeRecord` refuses it): the direct read stops, and the record path reports the error.
    @Test(arguments: [("titlf", "title"), ("secreu", "secret")])
    func aDeclaredKeyInBothMapsOfAnArchiveIsTheRecordPathsError(stand: String, key: String) throws {
        // The archive of a record with an unknown key that sorts like the declared one, renamed in the bytes.
        var record = try ConsumerFixtures.note().record()
        if key == "title" { record.encryptedFields[stand] = .string("twice") } else { record.fields[stand] = .string("twice") }
        var bytes = [UInt8](NativeArchive.encode(record))
        let marker = Array(stand.utf8)
        let start = try #require(bytes.indices.last { bytes[$0...].starts(with: marker) })
        bytes.replaceSubrange(start..<start + marker.count, with: Array(key.utf8))
        let data = DirectDecodeTests.fixingChecksum(Data(bytes))
        #expect(throws: NativeArchiveError.self) { try NativeArchive.decodeRecord(data) }
        let result = DirectDecodeTests.compare(Note.self, data, "\(key) in both maps")
        #expect(!result.decoded, "the archive refuses a key in both maps")
        #expect(result.fellBack, "the direct read leaves it to the record path")
    }

    /// Fields in the other map than the schema's are read where the record holds them, by both readers (the direct
    /// read leaves such an archive to the record path).
    @Test func fieldsInTheOtherMapAreReadWhereTheyAre() throws {
        var record = try ConsumerFixtures.note().record()
        record.fields["title"] = nil
        record.encryptedFields["title"] = .string("hidden")
        record.encryptedFields["secret"] = nil
        record.fields["secret"] = .string("open")
        let note = try Note(record: record)
        #expect(note.title == "hidden")
        #expect(note.secret == "open")
        let fallbacks = FallbackCounter()
        let direct = try ModelArchiveReadObserver.$onFallback.withValue({ _ in fallbacks.add() }) {
            try Note(archived: NativeArchive.encode(record))
        }
        #expect(direct == note)
        #expect(fallbacks.count == 1, "the direct read reads each map in turn and leaves this archive to the record path")
    }
}
