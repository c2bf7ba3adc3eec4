import Foundation
import RecordKit
import Testing

/// The version gate: older records get defaults, newer ones are kept or refused, bad values name their field.
@Suite struct VersionGateTests {
    @Test func fieldsAddedLaterAreDefaultedInOlderRecords() throws {
        let note = try Note(record: ConsumerFixtures.version1NoteRecord())
        #expect(note.title == "")
        #expect(note.tags == [])
        #expect(note.priority == .low)
        #expect(note.pinned == false)
        #expect(note.metadata.decodedVersion == 1)
        let written = note.record()
        #expect(written.fields["version"] == .int64(2), "a model writes its own version")
        #expect(written.fields["color"] == .string("yellow"), "a retired field is kept")
        #expect(written.system.changeTag == "tag-1", "system fields are kept")
    }

    @Test func recordsWithoutVersionReadAsVersion1() throws {
        var record = ConsumerFixtures.version1NoteRecord()
        record.fields["version"] = nil
        #expect(try Note(record: record).metadata.decodedVersion == 1)
    }

    @Test func olderModelKeepsNewerFieldsAndWritesThemBack() throws {
        // Article is version 3; this record was written by version 4, which added `mood` and an encrypted `diary`.
        var record = try ConsumerFixtures.article().record()
        record.fields["version"] = .int64(4)
        record.fields["mood"] = .string("sunny")
        record.encryptedFields["diary"] = .bytes(Data([9, 9]))
        var article = try Article(record: record)
        #expect(article.metadata.unknownFields == ["mood": .string("sunny")])
        #expect(article.metadata.unknownEncryptedFields == ["diary": .bytes(Data([9, 9]))])
        article.title = "Edited by version 3"
        let written = article.record()
        #expect(written.fields["version"] == .int64(4), "the version written is max(model, record)")
        #expect(written.fields["mood"] == .string("sunny"))
        #expect(written.encryptedFields["diary"] == .bytes(Data([9, 9])))
        #expect(written.fields["title"] == .string("Edited by version 3"))
    }

    @Test func rejectThrowsNewerVersion() {
        let record = Record(
            recordType: "Receipt", id: RecordID(recordName: "r-1"),
            fields: ["version": .int64(2), "amount": .double(3), "paid": .int64(1)])
        #expect(throws: RecordDecodingError.newerVersion(
            recordType: "Receipt", recordName: "r-1", versionField: "version", found: 2, supported: 1)) {
            try Receipt(record: record)
        }
    }

    @Test func missingRequiredFieldIsNamed() {
        var record = ConsumerFixtures.version1NoteRecord()
        record.fields["modified"] = nil
        #expect(throws: RecordDecodingError.missingField(recordType: "Note", recordName: "note-1", field: "modified")) {
            try Note(record: record)
        }
    }

    @Test func mistypedFieldIsNamed() throws {
        var record = ConsumerFixtures.version1NoteRecord()
        record.fields["modified"] = .string("yesterday")
        let error = try #require(throws: RecordDecodingError.self) { try Note(record: record) }
        #expect(error == .typeMismatch(
            recordType: "Note", recordName: "note-1", field: "modified", expected: .scalar(.timestamp), found: .scalar(.string)))
        #expect(error.description == "Note record 'note-1' holds a STRING in field 'modified', which the schema declares as TIMESTAMP")
    }

    @Test func mistypedListIsNamed() {
        var record = ConsumerFixtures.version1NoteRecord()
        record.fields["tags"] = .list(.int64([1]))
        #expect(throws: RecordDecodingError.typeMismatch(
            recordType: "Note", recordName: "note-1", field: "tags", expected: .list(of: .string), found: .list(of: .int64))) {
            try Note(record: record)
        }
    }

    @Test(arguments: [
        ("uuid", FieldValue.string("not-a-uuid"), "\"not-a-uuid\"", "a UUID"),
        ("pinned", FieldValue.int64(2), "2", "a Bool (0 or 1)"),
    ])
    func invalidValuesAreNamed(field: String, value: FieldValue, shown: String, reason: String) {
        var record = ConsumerFixtures.version1NoteRecord()
        record.fields[field] = value
        #expect(throws: RecordDecodingError.invalidValue(
            recordType: "Note", recordName: "note-1", field: field, value: shown, reason: reason)) {
            try Note(record: record)
        }
    }

    @Test func invalidURLIsNamed() throws {
        var record = try ConsumerFixtures.article().record()
        record.fields["link"] = .string("no scheme here")
        let error = try #require(throws: RecordDecodingError.self) { try Article(record: record) }
        #expect(error.field == "link")
        #expect(error.recordType == "Article")
        #expect(error.description.contains("is not an absolute URL"))
    }

    @Test func versionFieldOfTheWrongKindIsATypeError() {
        var record = ConsumerFixtures.version1NoteRecord()
        record.fields["version"] = .string("2")
        #expect(throws: RecordDecodingError.typeMismatch(
            recordType: "Note", recordName: "note-1", field: "version", expected: .scalar(.int64), found: .scalar(.string))) {
            try Note(record: record)
        }
    }

    @Test func anotherRecordTypeIsRefused() {
        let record = Record(recordType: "Folder", id: RecordID(recordName: "f"))
        #expect(throws: RecordDecodingError.wrongRecordType(expected: "Note", found: "Folder", recordName: "f")) {
            try Note(record: record)
        }
    }
}
