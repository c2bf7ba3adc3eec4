import Foundation
import RecordKit
import Testing

/// The version gate: older records get defaults, newer ones are kept or refused, bad values name their field.
@Suite struct VersionGateTests {
    @Test func fieldsAddedLaterAreDefaultedInOlderRecords() throws {
        let note = try Note(record: ConsumerFixtures.version2NoteRecord())
        #expect(note.moods == [])
        #expect(note.mood == nil)
        #expect(note.title == "Old")
        #expect(note.priority == .normal)
        #expect(note.metadata.decodedVersion == 2)
        let written = note.record()
        #expect(written.fields["version"] == .int64(3), "a model writes its own version")
        #expect(written.fields["color"] == .string("yellow"), "a retired field is kept")
        #expect(written.encryptedFields["legacyKey"] == .bytes(Data([1])), "a retired encrypted field is kept")
        #expect(written.system == ConsumerFixtures.version2NoteRecord().system, "system fields are kept")
    }

    @Test func recordsWithoutVersionReadAsVersion1() throws {
        var record = ConsumerFixtures.version2NoteRecord()
        record.fields["version"] = nil
        #expect(try Note(record: record).metadata.decodedVersion == 1)
    }

    @Test func aVersion1ModelKeepsVersion2FieldsAndWritesThemBack() throws {
        // Task here is Tasks.v1; this record was written by Tasks.v2, which added notes, tags, priority and list.
        let written: RecordFields = [
            "version": .int64(2), "title": .string("Buy milk"), "done": .int64(0), "modified": .timestamp(ConsumerFixtures.date(9)),
            "notes": .string("semi-skimmed"), "tags": .list(.string(["shop"])), "priority": .int64(2),
            "list": .reference(Reference(recordID: RecordID(recordName: "list-1"), action: .deleteSelf)),
        ]
        let record = Record(recordType: "Task", id: RecordID(recordName: "task-1"), fields: written)
        var task = try Task(record: record)
        #expect(task.title == "Buy milk")
        #expect(Set(task.metadata.unknownFields.keys) == ["notes", "tags", "priority", "list"])
        task.done = true
        let back = task.record()
        #expect(back.fields["version"] == .int64(2), "the version written is max(model, record)")
        for key in ["notes", "tags", "priority", "list", "title", "modified"] {
            #expect(back.fields[key] == written[key], "\(key) is written back untouched")
        }
        #expect(back.fields["done"] == .int64(1))
    }

    @Test func preserveKeepsNewerFieldsIncludingEncryptedOnes() throws {
        var record = try ConsumerFixtures.note().record()
        record.fields["version"] = .int64(4)
        record.fields["weather"] = .string("sunny")
        record.encryptedFields["diary"] = .bytes(Data([9, 9]))
        let note = try Note(record: record)
        #expect(note.metadata.unknownFields == ["weather": .string("sunny")])
        #expect(note.metadata.unknownEncryptedFields == ["diary": .bytes(Data([9, 9]))])
        #expect(note.record() == record)
    }

    @Test func rejectThrowsNewerVersion() {
        let record = Record(
            recordType: "SharedNote", id: RecordID(recordName: "s-1"),
            fields: ["schemaVersion": .int64(2), "body": .string("b"), "edited": .timestamp(ConsumerFixtures.date(1))])
        #expect(throws: RecordDecodingError.newerVersion(
            recordType: "SharedNote", recordName: "s-1", versionField: "schemaVersion", found: 2, supported: 1)) {
            try SharedNote(record: record)
        }
    }

    @Test func missingRequiredFieldIsNamed() throws {
        var record = ConsumerFixtures.version2NoteRecord()
        record.fields["modified"] = nil
        let error = try #require(throws: RecordDecodingError.self) { try Note(record: record) }
        #expect(error == .missingField(recordType: "Note", recordName: "note-1", field: "modified"))
        #expect(error.description == "Note record 'note-1' has no value for the required field 'modified'")
    }

    @Test func mistypedFieldIsNamed() throws {
        var record = ConsumerFixtures.version2NoteRecord()
        record.fields["modified"] = .string("yesterday")
        let error = try #require(throws: RecordDecodingError.self) { try Note(record: record) }
        #expect(error == .typeMismatch(
            recordType: "Note", recordName: "note-1", field: "modified", expected: .scalar(.timestamp), found: .scalar(.string)))
        #expect(error.description == "Note record 'note-1' holds a STRING in field 'modified', which the schema declares as TIMESTAMP")
    }

    @Test func mistypedListIsNamed() {
        var record = ConsumerFixtures.version2NoteRecord()
        record.fields["tags"] = .list(.int64([1]))
        #expect(throws: RecordDecodingError.typeMismatch(
            recordType: "Note", recordName: "note-1", field: "tags", expected: .list(of: .string), found: .list(of: .int64))) {
            try Note(record: record)
        }
    }

    @Test func anEmptyListOfAnyKindIsEmpty() throws {
        var record = ConsumerFixtures.version2NoteRecord()
        record.fields["route"] = .list(.string([]))
        #expect(try Note(record: record).route == [])
    }

    @Test(arguments: [
        ("uuid", FieldValue.string("not-a-uuid"), "\"not-a-uuid\"", "a UUID"),
        ("pinned", FieldValue.int64(2), "2", "a Bool (0 or 1)"),
        ("source", FieldValue.string("no scheme"), "\"no scheme\"", "an absolute URL"),
    ])
    func invalidValuesAreNamed(field: String, value: FieldValue, shown: String, reason: String) throws {
        var record = ConsumerFixtures.version2NoteRecord()
        record.fields[field] = value
        let error = try #require(throws: RecordDecodingError.self) { try Note(record: record) }
        #expect(error == .invalidValue(recordType: "Note", recordName: "note-1", field: field, value: shown, reason: reason))
        #expect(error.description == "Note record 'note-1' holds \(shown) in field '\(field)', which is not \(reason)")
    }

    @Test func versionFieldOfTheWrongKindIsATypeError() {
        var record = ConsumerFixtures.version2NoteRecord()
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
